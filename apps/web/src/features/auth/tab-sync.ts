import { isAnyOf, type Middleware, type MiddlewareAPI } from '@reduxjs/toolkit';
import type { Persistor } from 'redux-persist';
import { api } from '../../lib/api.ts';
import { readTabMessage, TAB_CHANNEL_NAME, type TTabChannel, type TTabMessage } from './tab-messages.ts';
import {
  activitySeen,
  isSignedOutPage,
  sessionEndedElsewhere,
  sessionReceived,
  sharedSession,
  type TSessionState,
} from './slice.ts';

type TState = { session: TSessionState };

/** Keeps the session of every tab of this browser on this school's address in step. */
export interface TTabSync {
  /** The store's side: says what happened here, applies what happened in other tabs. */
  middleware: Middleware<object, TState>;
  /**
   * Asks the open tabs for their session: true once one was received, false after `waitMs`.
   * An answer that comes later (a busy tab) is still taken for a few seconds.
   */
  ask(waitMs: number): Promise<boolean>;
  close(): void;
}

/** How long after asking a tab still takes an answer. */
const LATE_ANSWER_MS = 5_000;

/** How long a new tab waits for an open one before showing the sign-in page. */
export const ASK_WAIT_MS = 400;

// Actions that come from another tab: applied here, never told back.
const fromOtherTab = isAnyOf(sessionReceived, sessionEndedElsewhere, activitySeen);

function randomId(): string {
  // getRandomValues works on plain http too (randomUUID needs a secure context).
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/** The tab sync over `channel`. */
export function createTabSync(channel: TTabChannel): TTabSync {
  let store: MiddlewareAPI | null = null;
  const asks = new Map<string, (received: boolean) => void>();

  function receive(message: TTabMessage | null): void {
    if (!message || !store) return;
    const session = (store.getState() as TState).session;
    switch (message.type) {
      case 'ask': {
        const shared = sharedSession(session);
        if (shared) channel.postMessage({ type: 'answer', id: message.id, session: shared });
        return;
      }
      case 'answer': {
        const settle = asks.get(message.id);
        if (!settle) return;
        store.dispatch(sessionReceived(message.session));
        settle((store.getState() as TState).session.signedIn);
        return;
      }
      case 'ended':
        if (session.token !== message.token) return;
        store.dispatch(sessionEndedElsewhere(message.token, message.notice));
        // Nothing cached for this parent may outlive the session.
        store.dispatch(api.util.resetApiState());
        return;
      case 'activity':
        store.dispatch(activitySeen({ token: message.token, at: message.at }));
        return;
    }
  }

  const middleware: Middleware<object, TState> = (storeApi) => {
    store = storeApi;
    channel.onmessage = (event) => receive(readTabMessage(event.data));
    return (next) => (action) => {
      const before = storeApi.getState().session;
      const result = next(action);
      if (fromOtherTab(action)) return result;
      const after = storeApi.getState().session;
      if (before.token && after.token !== before.token) {
        channel.postMessage({ type: 'ended', token: before.token, notice: after.notice ?? null });
      } else if (
        after.token &&
        after.lastActivityAt !== null &&
        after.lastActivityAt !== before.lastActivityAt
      ) {
        channel.postMessage({ type: 'activity', token: after.token, at: after.lastActivityAt });
      }
      return result;
    };
  };

  function ask(waitMs: number): Promise<boolean> {
    const id = randomId();
    return new Promise((resolve) => {
      let settled = false;
      const settle = (received: boolean) => {
        if (settled) return;
        settled = true;
        resolve(received);
      };
      asks.set(id, settle);
      setTimeout(() => settle(false), waitMs);
      setTimeout(() => asks.delete(id), Math.max(waitMs, LATE_ANSWER_MS));
      channel.postMessage({ type: 'ask', id });
    });
  }

  return {
    middleware,
    ask,
    close: () => {
      channel.onmessage = null;
      channel.close();
    },
  };
}

/** The tab sync of this page, or null where the browser has no BroadcastChannel. */
export function openTabSync(): TTabSync | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  return createTabSync(new BroadcastChannel(TAB_CHANNEL_NAME) as unknown as TTabChannel);
}

/** Resolves once the saved session (sessionStorage) has been restored into the store. */
export function restored(persistor: Persistor): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!persistor.getState().bootstrapped) return false;
      unsubscribe();
      resolve();
      return true;
    };
    const unsubscribe = persistor.subscribe(check);
    check();
  });
}

/**
 * At start: once this tab's own saved session is restored, a tab without one that opened on a
 * signed-in page (a link opened in a new tab) asks the open tabs for theirs, so it lands on
 * that page rather than on sign-in.
 */
export async function receiveSessionFromTabs(
  store: { getState: () => TState },
  persistor: Persistor,
  sync: TTabSync | null,
  pathname: string = window.location.pathname,
): Promise<void> {
  if (!sync) return;
  await restored(persistor);
  if (store.getState().session.signedIn || isSignedOutPage(pathname)) return;
  await sync.ask(ASK_WAIT_MS);
}
