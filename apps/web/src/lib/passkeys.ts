// What the account settings and the sign-in page share about passkeys (WebAuthn): the browser
// library, loaded only when a passkey is used (never with the first page), and why a ceremony
// in the browser did not finish.

/** `@simplewebauthn/browser`, loaded on first use. */
export const loadWebAuthn = () => import('@simplewebauthn/browser');

/** Whether this browser has WebAuthn at all (checked without loading the library). */
export function browserHasWebAuthn(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/**
 * Why the browser's part did not finish: `cancelled` (the parent closed its dialog, or it timed
 * out: the browser does not say which), `exists` (this authenticator has a passkey for the
 * account already), `replaced` (another passkey request took its place: nothing to say),
 * `failed` (anything else).
 */
export type TPasskeyProblem = 'cancelled' | 'exists' | 'replaced' | 'failed';

export function passkeyProblemOf(error: unknown): TPasskeyProblem {
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
  if (code === 'ERROR_CEREMONY_ABORTED' || name === 'AbortError') return 'replaced';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') return 'exists';
  if (name === 'NotAllowedError') return 'cancelled';
  return 'failed';
}
