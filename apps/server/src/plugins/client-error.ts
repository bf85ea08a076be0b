import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { MessageId, type TMessageId } from '@portal/contracts/messages';
import type { TApiError } from '@portal/contracts/api-result';

type TClientError = Error & { code?: string };

function answerOf(error: TClientError): { statusCode: number; messageId: TMessageId; message: string } {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return {
      statusCode: 431,
      messageId: MessageId.bodyTooLarge,
      message: 'The address or the headers are too long',
    };
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return {
      statusCode: 408,
      messageId: MessageId.invalidRequest,
      message: 'The request took too long to arrive',
    };
  }
  return { statusCode: 400, messageId: MessageId.malformedJson, message: 'The request could not be read' };
}

/**
 * Fastify's `clientErrorHandler`: a request that Node's HTTP parser refuses before Fastify
 * sees it (address and headers past 16 KiB, a malformed request line) still gets the API's
 * error shape with a message id; then the connection is closed.
 */
export function answerClientError(this: FastifyInstance, error: TClientError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { statusCode, messageId, message } = answerOf(error);
  this.log.info({ code: error.code, statusCode }, 'client error');
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  const body = JSON.stringify({ success: false, messageId, message } satisfies TApiError);
  socket.end(
    `HTTP/1.1 ${statusCode} ${http.STATUS_CODES[statusCode]}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}
