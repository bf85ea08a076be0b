import type { SerializedError } from '@reduxjs/toolkit';
import { MessageId } from '@portal/contracts/messages';
import type { TApiError } from '../../../lib/api.ts';
import { toApiFailure, type TApiFailure } from '../../../lib/api-error.ts';

/**
 * A message that could not be sent, in the parent's words: the server's message id, except
 * that too many messages in an hour (429 `L006`) says so in the terms of messages.
 */
export function sendFailureOf(error: TApiError | SerializedError | undefined): TApiFailure | null {
  if (!error) return null;
  const failure = toApiFailure(error);
  return failure.messageId === MessageId.tooManyRequests
    ? { ...failure, key: 'communication:errors.tooMany' }
    : failure;
}
