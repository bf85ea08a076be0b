import { createAction } from '@reduxjs/toolkit';

/**
 * Dispatched by the API layer when the server answers 401: whatever owns the session clears
 * it. Defined here so `lib` does not depend on a feature.
 */
export const sessionExpired = createAction('session/expired');

/** The part of the root state the API layer reads: the bearer token of the session. */
export interface TTokenState {
  session: { token: string | null };
}
