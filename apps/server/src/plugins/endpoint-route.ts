import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { input, output, ZodType } from 'zod';
import type { TEndpoint } from '@portal/contracts/endpoint';

type TParsed<S> = S extends ZodType ? output<S> : undefined;

/** A request to an endpoint entry, typed by the entry's schemas (already checked by Fastify). */
export type TEndpointRequest<E extends TEndpoint> = Omit<FastifyRequest, 'query' | 'body' | 'params'> & {
  query: TParsed<E['query']>;
  body: TParsed<E['body']>;
  params: TParsed<E['params']>;
};

export type TEndpointHandler<E extends TEndpoint> = (
  request: TEndpointRequest<E>,
  reply: FastifyReply,
) => Promise<input<E['response']> | FastifyReply>;

/**
 * Hooks a route may add to what the entry gives (a rate limit, say), and whether its answers
 * are kept (plugins/answer-cache.ts).
 */
export type TEndpointOptions = Pick<RouteShorthandOptions, 'onRequest' | 'preHandler' | 'bodyLimit'> & {
  cacheAnswer?: boolean;
};

/**
 * Registers the route of an endpoint entry (docs/decisions/018-module-families.md): its method
 * and path, the schemas that check what comes in and shape what goes out, and the module gate
 * (`config.module`, 403 `A001`). Call it in a plugin registered under `PARENT_API_PATH`.
 */
export function addEndpoint<E extends TEndpoint>(
  app: FastifyInstance,
  entry: E,
  handler: TEndpointHandler<E>,
  { cacheAnswer, ...hooks }: TEndpointOptions = {},
): void {
  app.route({
    ...hooks,
    method: entry.method,
    url: entry.path,
    config: { ...(entry.module ? { module: entry.module } : {}), ...(cacheAnswer ? { cacheAnswer } : {}) },
    schema: {
      ...(entry.params ? { params: entry.params } : {}),
      ...(entry.query ? { querystring: entry.query } : {}),
      ...(entry.body ? { body: entry.body } : {}),
      response: entry.created ? { 200: entry.response, 201: entry.response } : { 200: entry.response },
    },
    handler: handler as unknown as RouteHandlerMethod,
  });
}
