import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs work after the answer has gone: the answer then cannot differ, in content or in
     * time, with what the work finds. Failures are logged; closing the app waits for it.
     */
    runInBackground: (name: string, task: () => Promise<void>) => void;
  }
}

export const backgroundPlugin = fp(async (app: FastifyInstance) => {
  const pending = new Set<Promise<void>>();
  app.decorate('runInBackground', (name: string, task: () => Promise<void>) => {
    const running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => app.log.error({ err: error, task: name }, 'background task failed'))
      .finally(() => pending.delete(running));
    pending.add(running);
  });
  app.addHook('onClose', async () => {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  });
});
