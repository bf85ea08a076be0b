import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Whether the request's body is still arriving. Only a request with a body can be: Node marks
 * even a bodiless GET incomplete until its parser returns, after the first hooks have run.
 */
function bodyArriving(raw: IncomingMessage): boolean {
  if (raw.complete) return false;
  const length = raw.headers['content-length'];
  return raw.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * While the server closes, answers still in flight ask the client to close its connection,
 * and keep-alive sockets that fall idle are closed as they do, so requests in flight finish
 * and the shutdown does not wait for the keep-alive time-out.
 *
 * An answer sent before its request's body has arrived also closes the connection (a refused
 * upload), so the server does not read the rest of a body it will not use.
 *
 * Node stops checking its request time-out once the server closes: a client still sending
 * its body then would hold the shutdown for ever. Requests whose body is still arriving are
 * therefore remembered with their deadline, and their connection is closed once it passes.
 */
export const gracefulClosePlugin = fp(async (app: FastifyInstance, options: { requestTimeoutMs: number }) => {
  let closing = false;
  let sweeper: NodeJS.Timeout | undefined;
  const receiving = new Map<IncomingMessage, number>();

  app.addHook('onRequest', (request, _reply, done) => {
    if (bodyArriving(request.raw)) receiving.set(request.raw, Date.now() + options.requestTimeoutMs);
    done();
  });
  // Callback hooks, not async ones: every request passes here.
  const forget = (request: { raw: IncomingMessage }, _reply: unknown, done: () => void) => {
    receiving.delete(request.raw);
    done();
  };
  app.addHook('onResponse', forget);
  app.addHook('onRequestAbort', (request, done) => forget(request, undefined, done));

  const closeOverdue = () => {
    const now = Date.now();
    for (const [raw, deadline] of receiving) {
      if (raw.complete || raw.destroyed) receiving.delete(raw);
      else if (now > deadline) raw.socket.destroy();
    }
  };

  app.addHook('preClose', async () => {
    closing = true;
    // A socket busy when the close began becomes idle a moment later: close it then.
    sweeper = setInterval(() => {
      app.server.closeIdleConnections();
      closeOverdue();
    }, 50);
    sweeper.unref();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // Unread body: Node would otherwise read the rest, up to 10 MB, only to discard it.
    if (closing || bodyArriving(request.raw)) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onClose', async () => clearInterval(sweeper));
});
