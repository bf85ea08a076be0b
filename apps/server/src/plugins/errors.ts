import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MessageId, type TMessageId } from '@portal/contracts/messages';
import type { TApiError } from '@portal/contracts/api-result';
import { ApiError, databaseUnavailable } from '../api-error.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';

type TMappedError = { statusCode: number; messageId: TMessageId; message: string };

// Fastify's own error codes for bodies it could not read, with what the client is told.
const FRAMEWORK_ERRORS: Record<string, TMappedError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    statusCode: 400,
    messageId: MessageId.malformedJson,
    message: 'The body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    statusCode: 400,
    messageId: MessageId.malformedJson,
    message: 'The JSON body is empty',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    statusCode: 413,
    messageId: MessageId.bodyTooLarge,
    message: 'The body is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    statusCode: 415,
    messageId: MessageId.unsupportedMediaType,
    message: 'Unsupported content type',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    statusCode: 400,
    messageId: MessageId.invalidRequest,
    message: 'Invalid content length',
  },
  FST_REQ_FILE_TOO_LARGE: {
    statusCode: 413,
    messageId: MessageId.bodyTooLarge,
    message: 'The file is larger than 10 MB',
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    statusCode: 415,
    messageId: MessageId.unsupportedMediaType,
    message: 'Send the file as multipart/form-data',
  },
  FST_FILES_LIMIT: { statusCode: 400, messageId: MessageId.invalidRequest, message: 'Send one file' },
  FST_PARTS_LIMIT: { statusCode: 400, messageId: MessageId.invalidRequest, message: 'Send one file' },
  FST_FIELDS_LIMIT: { statusCode: 400, messageId: MessageId.invalidRequest, message: 'Send only the file' },
  FST_ERR_BAD_URL: {
    statusCode: 400,
    messageId: MessageId.invalidRequest,
    message: 'The address is not valid',
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    statusCode: 414,
    messageId: MessageId.bodyTooLarge,
    message: 'The address is too long',
  },
  FST_ERR_CTP_INVALID_TYPE: {
    statusCode: 415,
    messageId: MessageId.unsupportedMediaType,
    message: 'Unsupported content type',
  },
};

/** Sends the one error shape: `{ success:false, messageId, message }`. */
export function sendApiError(reply: FastifyReply, error: TMappedError, headers: Record<string, string> = {}) {
  const body: TApiError = { success: false, messageId: error.messageId, message: error.message };
  return reply.code(error.statusCode).headers(headers).send(body);
}

function mapError(error: FastifyError): TMappedError {
  if (error instanceof ApiError) return error;
  const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  if (known) return known;
  if (error.validation) {
    const where = error.validationContext ?? 'request';
    return {
      statusCode: 400,
      messageId: MessageId.invalidRequest,
      message: `Invalid ${where}: ${error.message}`,
    };
  }
  if (error.statusCode === 429) {
    return { statusCode: 429, messageId: MessageId.tooManyRequests, message: 'Too many requests' };
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { statusCode: error.statusCode, messageId: MessageId.invalidRequest, message: 'Invalid request' };
  }
  // Never leak an unexpected error's details to the client; the log has them.
  return { statusCode: 500, messageId: MessageId.genericFailure, message: 'Something went wrong' };
}

/**
 * Fastify's `frameworkErrors`: what fails before a route is found (an address that does not
 * decode, a path parameter past its length) gets the same error shape.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const mapped = mapError(error);
  request.log.info({ code: error.code, statusCode: mapped.statusCode }, error.message);
  return sendApiError(reply, mapped);
}

// What reading a request fails with when its client hangs up: the body stops short, the socket closes.
const ABORT_CODES = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE']);

/**
 * True when the client hung up mid-request: an abort error while the request's socket is
 * gone. Nothing failed on this side (the same codes from the database say it is unreachable).
 */
function isClientAbort(error: FastifyError, request: FastifyRequest): boolean {
  const gone = (request.raw.destroyed && !request.raw.complete) || request.raw.socket.destroyed;
  const isAbort = ABORT_CODES.has(error.code) || error.message === 'aborted' || error.name === 'AbortError';
  return gone && isAbort;
}

/** Turns every error into the documented error shape, and unknown API routes into 404. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Nobody is left to answer; the log says what happened, without an alarm.
    if (isClientAbort(error, request)) {
      request.log.info({ code: error.code }, 'client aborted the request');
      return sendApiError(reply, {
        statusCode: 400,
        messageId: MessageId.invalidRequest,
        message: 'Aborted',
      });
    }
    // A database that is down or restarting answers 503 with Retry-After, never 500.
    if (!(error instanceof ApiError) && isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      const unavailable = databaseUnavailable();
      return sendApiError(reply, unavailable, unavailable.headers);
    }
    const mapped = mapError(error);
    if (mapped.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: error.code, statusCode: mapped.statusCode }, error.message);
    const headers = error instanceof ApiError ? error.headers : {};
    return sendApiError(reply, mapped, headers);
  });
});

export const notFound: TMappedError = {
  statusCode: 404,
  messageId: MessageId.notFound,
  message: 'Not found',
};
