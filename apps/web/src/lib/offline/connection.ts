import { useSyncExternalStore } from 'react';

// Whether the portal reaches its server (docs/decisions/025-passkeys-pwa-push.md): the browser's
// own word (navigator.onLine and its events), and whether a page shows kept answers because a
// request found no network. The latter ends with the next answer the server gives.

let keptSince: number | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** A kept answer saved at `savedAt` (epoch ms) is shown: the oldest such time is the one said. */
export function keptAnswerShown(savedAt: number): void {
  const next = keptSince === null ? savedAt : Math.min(keptSince, savedAt);
  if (next === keptSince) return;
  keptSince = next;
  notify();
}

/** The server answered a request (whatever its status): the network is back. */
export function serverAnswered(): void {
  if (keptSince === null) return;
  keptSince = null;
  notify();
}

function subscribeKept(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export type TConnection = {
  /** No network, or the server could not be reached: pages are read-only. */
  offline: boolean;
  /** When the oldest kept answer on show was saved (epoch ms); null when none is shown. */
  keptSince: number | null;
};

/** The portal's connection, re-rendering when it changes. */
export function useConnection(): TConnection {
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  const since = useSyncExternalStore(
    subscribeKept,
    () => keptSince,
    () => null,
  );
  return { offline: !online || since !== null, keptSince: since };
}

/** Whether the portal is offline: a button that changes something on the server is disabled then. */
export function useOffline(): boolean {
  return useConnection().offline;
}
