import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../api-error.ts';

const NUL = '\u0000';

/** True for the objects and arrays that parsing makes; a raw body (a Buffer) is not walked. */
function isParsedContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !ArrayBuffer.isView(value);
}

/** True when a string anywhere in the parsed value, key or value, holds a NUL character. */
function holdsNul(value: unknown): boolean {
  // A stack, not recursion: a body nested thousands deep must not overflow the call stack.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes(NUL)) return true;
    } else if (isParsedContainer(next)) {
      for (const [key, inner] of Object.entries(next)) {
        if (key.includes(NUL)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/**
 * Refuses a request whose path parameters, query or JSON body hold a NUL character (400
 * `V001`), before any route reads them: no field of the portal takes one, and PostgreSQL text
 * cannot store one, so it would otherwise fail deep inside a query.
 */
export const nulCharactersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      throw new ApiError(400, MessageId.invalidRequest, 'The request holds a NUL character');
    }
  });
});
