import type { FastifyBaseLogger } from 'fastify';
import { MAX_PASSKEYS } from '@portal/contracts/passkeys';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../../api-error.ts';

// The answers a passkey route refuses with. Adding a passkey never answers 401, which would
// sign the browser out (docs/security.md, Sessions); signing in with one answers 401.

/** The browser's answer did not verify (logged with why; the parent reads only that it failed). */
export function notVerified(status: 400 | 401, log: FastifyBaseLogger, reason: string): ApiError {
  log.info({ reason }, 'passkey answer refused');
  return new ApiError(status, MessageId.passkeyNotVerified, 'The passkey’s answer did not verify');
}

export const passkeyUnknown = () =>
  new ApiError(401, MessageId.passkeyUnknown, 'No account of this school has this passkey');

export const passkeyAlreadyAdded = () =>
  new ApiError(409, MessageId.passkeyAlreadyAdded, 'This passkey is on the account already');

export const passkeysFull = () =>
  new ApiError(409, MessageId.passkeysFull, `An account keeps at most ${MAX_PASSKEYS} passkeys`);

export const passkeyNotFound = () =>
  new ApiError(404, MessageId.notFound, 'The account has no passkey with this id');

/** The message of whatever a WebAuthn check threw. */
export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
