import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * While the server closes, answers still in flight ask the client to close its connection,
 * and keep-alive sockets that fall idle are closed as they do, so requests in flight finish
 * and the shutdown does not wait for the keep-alive time-out.
 */
export const gracefulClosePlugin = fp(async (app: FastifyInstance) => {
  let closing = false;
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    closing = true;
    // A socket busy when the close began becomes idle a moment later: close it then.
    sweeper = setInterval(() => app.server.closeIdleConnections(), 50);
    sweeper.unref();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onClose', async () => clearInterval(sweeper));
});
