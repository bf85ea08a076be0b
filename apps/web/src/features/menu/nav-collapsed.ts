import { useSyncExternalStore } from 'react';
import { appConfig } from '../../config/app-config.ts';
import { readStorage, writeStorage } from '../../lib/storage.ts';

const listeners = new Set<() => void>();

function read(): boolean {
  return readStorage(appConfig.storageKeys.navCollapsed) === 'true';
}

/** Collapses (icons only) or expands the side navigation, and remembers it in localStorage. */
export function setNavCollapsed(collapsed: boolean): void {
  writeStorage(appConfig.storageKeys.navCollapsed, String(collapsed));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the side navigation is collapsed, re-rendering on change. */
export function useNavCollapsed(): boolean {
  return useSyncExternalStore(subscribe, read, read);
}
