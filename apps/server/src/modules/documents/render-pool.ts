import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';
import { boundedPool } from '../../kits/bounded-pool.ts';
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
  const pool = boundedPool<TRenderTask, Uint8Array>({
    filename: workerFile,
    threads: options.threads,
    queue: options.queue,
    busy: (retryAfterSeconds) =>
      new ApiError(429, MessageId.serverBusy, 'Too many documents are being prepared', {
        'retry-after': String(retryAfterSeconds),
      }),
  });
  app.decorate('documentRenderer', {
    async render(task) {
      const pdf = await pool.run(task);
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    },
    renders: pool.started,
  } satisfies TDocumentRenderer);
  app.addHook('onClose', pool.close);
});
