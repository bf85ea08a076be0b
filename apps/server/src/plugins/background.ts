import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs work after the answer has gone: the answer then cannot differ, in content or in
     * time, with what the work finds. Failures are logged; closing the app waits for it.
     */
    runInBackground: (name: string, task: () => Promise<void>) => void;
    /**
     * Runs a task every `intervalMs` from the app's start until it closes, never two runs of it
     * at once (a run that takes longer delays the next). Failures are logged.
     */
    runEvery: (name: string, intervalMs: number, task: () => Promise<void>) => void;
    /** The names of the tasks running now (a shutdown that does not end says which). */
    backgroundTasks: () => string[];
  }
}

export const backgroundPlugin = fp(async (app: FastifyInstance) => {
  const pending = new Map<Promise<void>, string>();
  app.decorate('runInBackground', (name: string, task: () => Promise<void>) => {
    const running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => app.log.error({ err: error, task: name }, 'background task failed'))
      .finally(() => pending.delete(running));
    pending.set(running, name);
  });
  app.decorate('backgroundTasks', () => [...pending.values()]);
  const timers = new Set<NodeJS.Timeout>();
  let closing = false;
  app.decorate('runEvery', (name: string, intervalMs: number, task: () => Promise<void>) => {
    const schedule = () => {
      if (closing) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        app.runInBackground(name, async () => {
          try {
            await task();
          } finally {
            schedule();
          }
        });
      }, intervalMs);
      timer.unref();
      timers.add(timer);
    };
    app.addHook('onReady', async () => schedule());
  });
  app.addHook('onClose', async () => {
    closing = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    while (pending.size > 0) await Promise.allSettled([...pending.keys()]);
  });
});
