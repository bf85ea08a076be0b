import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZHealth } from '@portal/contracts/health';
import type { TDatabaseHandle } from '../../db/client.ts';

/** GET /api/health: 200 when the database answers, 503 when it does not. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: TDatabaseHandle }> = async (
  app,
  { database },
) => {
  app.get(
    '/health',
    { config: { tenant: false }, schema: { response: { 200: ZHealth, 503: ZHealth } } },
    async (_request, reply) => {
      const ok = await database.ping();
      const body = {
        status: ok ? ('ok' as const) : ('unavailable' as const),
        database: { kind: database.kind, ok },
        uptimeSeconds: Math.round(process.uptime()),
      };
      return reply.code(ok ? 200 : 503).send(body);
    },
  );
};
