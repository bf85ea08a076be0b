import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../api-error.ts';

/** No route takes more than a few query parameters; past this many the request is refused (OWASP API4). */
export const MAX_QUERY_PARAMETERS = 50;

/** How many `name=value` pairs a query string holds. */
function countParameters(query: string): number {
  let count = 0;
  for (const pair of query.split('&')) if (pair !== '') count += 1;
  return count;
}

/** Refuses a request with too many query parameters (400 `V001`) before anything else reads them. */
export const queryLimitPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook, not an async one: every request passes here.
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    const start = request.url.indexOf('?');
    if (start !== -1 && countParameters(request.url.slice(start + 1)) > MAX_QUERY_PARAMETERS) {
      return done(new ApiError(400, MessageId.invalidRequest, 'Too many query parameters'));
    }
    done();
  });
});
