import { createAction } from '@reduxjs/toolkit';

/** The page the browser shows now: path and query. */
export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/**
 * Dispatched by the API layer when the server answers 401: whatever owns the session clears
 * it. Defined here so `lib` does not depend on a feature. `token` is the one the refused request
 * carried (null without one); `at` and `path` say when, and on which page, the session ended.
 */
export const sessionExpired = createAction('session/expired', (token: string | null = null) => ({
  payload: { token, at: Date.now(), path: currentPath() },
}));

/**
 * The server accepted a request made with `token` at `at` (epoch ms, when it was sent): the
 * session's idle clock restarted then.
 */
export const sessionActivity = createAction<{ token: string; at: number }>('session/activity');

/** The part of the root state the API layer reads: the bearer token of the session. */
export interface TTokenState {
  session: { token: string | null };
}
