import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Collects the routes' zod schemas into an OpenAPI document. Register before the routes. */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Parent portal API',
        version: '1',
        description:
          'Every /api call carries the header `client-id: <school id>`; every path without `/auth` ' +
          '(and sign-out) also carries `Authorization: Bearer <token>`. Errors answer ' +
          '`{ success:false, messageId, message }`.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          // A school system's key (the sync and staff APIs), sent as a bearer token too.
          apiKey: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
});

/** GET /api/docs: the OpenAPI document, generated from the routes' schemas. */
export async function openApiRoute(app: FastifyInstance) {
  app.get('/docs', { config: { tenant: false } }, async () => app.swagger());
}
