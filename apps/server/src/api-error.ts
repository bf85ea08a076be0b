import { MessageId, type TMessageId } from '@portal/contracts/messages';

/**
 * A failure that the client should see: an HTTP status, a message id and an English
 * message for operators. The error handler turns it into `{success:false, messageId, message}`.
 */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly messageId: TMessageId;
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    messageId: TMessageId,
    message: string,
    headers: Record<string, string> = {},
  ) {
    // An expected answer, not a fault: it carries no stack trace, which would cost more to
    // capture than the rest of a refusal (a flood of refused requests makes many).
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.messageId = messageId;
    this.headers = headers;
  }
}

export const missingSchoolId = () => new ApiError(400, MessageId.missingSchoolId, 'Missing school-id');
export const unknownSchool = () => new ApiError(404, MessageId.unknownSchool, 'Unknown school');
export const sessionInvalid = () =>
  new ApiError(401, MessageId.sessionInvalid, 'Sign in again: the session is missing or expired');
export const invalidCredentials = () =>
  new ApiError(401, MessageId.invalidCredentials, 'Invalid username or password');
export const moduleNotGranted = () =>
  new ApiError(403, MessageId.moduleNotGranted, 'The school does not grant this module to parents');
export const notYourChild = () =>
  new ApiError(403, MessageId.notYourChild, 'Not one of the signed-in parent’s children');
/** The database cannot be reached now (down or restarting): the client may retry shortly. */
export const databaseUnavailable = () =>
  new ApiError(503, MessageId.serviceUnavailable, 'The database is unavailable; try again shortly', {
    'retry-after': '5',
  });
