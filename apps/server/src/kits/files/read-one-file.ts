import type { FastifyRequest } from 'fastify';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';

/**
 * The bytes of the one file a multipart request carries, read to the end of the body so that
 * the parser's limits hold: no file is 400 `V001`; a second part is refused by the limits
 * (400 `V001`), a file past its size by 413 `V003`; a body cut short is 400 `V002`. The file's
 * name goes to `onFileName` when the part has one.
 */
export async function readOneFile(
  request: FastifyRequest,
  onFileName?: (name: string) => void,
): Promise<Buffer> {
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || bytes)
        throw new ApiError(400, MessageId.invalidRequest, 'Send only the file');
      // A file part may come without a name (`application/octet-stream`): the caller's stays.
      if (part.filename) onFileName?.(part.filename);
      bytes = await part.toBuffer();
    }
  } catch (error) {
    // The parser's own errors (limits, sizes) carry a code; anything else is a body it could not read.
    if (error instanceof ApiError || (error instanceof Error && 'code' in error)) throw error;
    request.log.info({ err: error }, 'multipart body could not be read');
    throw new ApiError(400, MessageId.malformedJson, 'The multipart body could not be read');
  }
  if (!bytes) throw new ApiError(400, MessageId.invalidRequest, 'No file in the request');
  return bytes;
}
