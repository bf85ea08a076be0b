import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Piscina } from 'piscina';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';
import type { TRenderTask } from './render-worker.ts';

export type TRenderPoolOptions = {
  /** Threads that draw PDFs side by side. */
  threads: number;
  /** Documents that may wait for a thread; one more is refused (429 `S429`). */
  queue: number;
};

export type TDocumentRenderer = {
  /** The task's PDF, drawn on a render thread; 429 `S429` with Retry-After when the queue is full. */
  render: (task: TRenderTask) => Promise<Buffer>;
  /** How many documents have been handed to a thread since the start. */
  renders: () => number;
};

declare module 'fastify' {
  interface FastifyInstance {
    documentRenderer: TDocumentRenderer;
  }
}

const workerFile = path.join(import.meta.dirname, 'render-worker.ts');

/**
 * Fee documents are drawn off the main thread, so a parent downloading PDFs never holds up
 * anyone else's request: a few threads, each with the fonts loaded once, and a bounded queue
 * in front of them. The threads start with the first document (the server starts without
 * them) and stop when the app closes, after the requests in flight are answered.
 */
export const renderPoolPlugin = fp(async (app: FastifyInstance, options: TRenderPoolOptions) => {
  let pool: Piscina<TRenderTask, Uint8Array> | null = null;
  let pending = 0;
  let started = 0;
  // A running mean of how long a document takes from asking to answer, queue included: about
  // when a refused one may find room.
  let averageMs = 100;

  const open = () =>
    (pool ??= new Piscina<TRenderTask, Uint8Array>({
      filename: workerFile,
      minThreads: options.threads,
      maxThreads: options.threads,
      idleTimeout: Infinity,
    }));

  app.decorate('documentRenderer', {
    async render(task) {
      if (pending >= options.threads + options.queue) {
        throw new ApiError(429, MessageId.serverBusy, 'Too many documents are being prepared', {
          'retry-after': String(Math.max(1, Math.ceil(averageMs / 1000))),
        });
      }
      pending++;
      started++;
      const began = performance.now();
      try {
        const pdf = await open().run(task);
        averageMs = averageMs * 0.8 + (performance.now() - began) * 0.2;
        return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
      } finally {
        pending--;
      }
    },
    renders: () => started,
  } satisfies TDocumentRenderer);

  app.addHook('onClose', async () => {
    await pool?.destroy();
    pool = null;
  });
});
