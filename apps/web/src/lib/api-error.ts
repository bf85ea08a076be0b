import type { SerializedError } from '@reduxjs/toolkit';
import type { TApiResult } from '@portal/contracts/api-result';
import { MessageId } from '@portal/contracts/messages';
import type { TApiError } from './api.ts';

/** Whether an error body carries the `{ success, messageId }` every API answer has. */
function isApiResult(body: unknown): body is TApiResult {
  return (
    typeof body === 'object' &&
    body !== null &&
    'messageId' in body &&
    typeof body.messageId === 'string' &&
    body.messageId !== ''
  );
}

/**
 * A failed call as the UI shows it: a translation key (`messages:<id>` for the server's
 * message ids, `common:errors.*` for failures without an answer) and the HTTP status.
 */
export interface TApiFailure {
  key: string;
  messageId: string;
  status: number | 'network' | 'timeout' | 'invalid';
  /** Seconds to wait before trying again, when the server said (`Retry-After`); else null. */
  retryAfterSeconds: number | null;
}

/**
 * Maps an RTK Query error to what the user reads: the server's messageId when the answer
 * has one, L000 when it has none, and dedicated texts for network failures and time-outs.
 */
export function toApiFailure(error: TApiError | SerializedError | undefined): TApiFailure {
  const generic: TApiFailure = {
    key: `messages:${MessageId.genericFailure}`,
    messageId: MessageId.genericFailure,
    status: 'invalid',
    retryAfterSeconds: null,
  };
  if (!error || !('status' in error)) return generic;
  if (error.status === 'FETCH_ERROR') {
    return { ...generic, key: 'common:errors.network', status: 'network' };
  }
  if (error.status === 'TIMEOUT_ERROR') {
    return { ...generic, key: 'common:errors.timeout', status: 'timeout' };
  }
  if (typeof error.status === 'number') {
    const messageId = isApiResult(error.data) ? error.data.messageId : MessageId.genericFailure;
    return {
      key: `messages:${messageId}`,
      messageId,
      status: error.status,
      retryAfterSeconds: error.retryAfterSeconds ?? null,
    };
  }
  // PARSING_ERROR carries the HTTP status it failed on.
  if (error.status === 'PARSING_ERROR') return { ...generic, status: error.originalStatus };
  return generic;
}
