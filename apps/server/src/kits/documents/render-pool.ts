import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { TLanguage } from '@portal/contracts/constants';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';
import { boundedPool } from '../bounded-pool.ts';
import { createDocumentCache } from './document-cache.ts';

/**
 * What a render thread is given: a kind of document, its plain data (copied into the thread by
 * structured clone) and its language. The worker file knows every family's kinds.
 */
export type TRenderTask = { kind: string; data: unknown; lng: TLanguage };

export type TRenderPoolOptions = {
  /**
   * The worker file that draws a task (its default export takes a task and answers the PDF):
   * `src/render-worker.ts`, which knows every family's documents.
   */
  workerFile: string;
  /** Threads that draw PDFs side by side. */
  threads: number;
  /** Documents that may wait for a thread; one more is refused (429 `S429`). */
  queue: number;
  /** Documents one parent may ask for a minute, on each family's document routes (429 `L006` past it). */
  perParentPerMinute: number;
  /** The bounds of the shared cache of finished documents (document-cache.ts). */
  cacheEntries: number;
  cacheBytes: number;
};

export type TDocumentRenderer = {
  /** The task's PDF, drawn on a render thread; 429 `S429` with Retry-After when the queue is full. */
  render: (task: TRenderTask) => Promise<Buffer>;
  /** How many documents have been handed to a thread since the start. */
  renders: () => number;
  /**
   * The document of this key from the cache, or the task drawn and kept under it (the key
   * names the document, its language and a digest of its data: `documentKey`).
   */
  renderCached: (key: string, task: TRenderTask) => Promise<Buffer>;
  /** Documents one parent may ask for a minute. */
  perParentPerMinute: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    documentRenderer: TDocumentRenderer;
  }
}

/**
 * Documents are drawn off the main thread, so a parent downloading PDFs never holds up
 * anyone else's request: a few threads, each with the fonts loaded once, and a bounded queue
 * in front of them. The threads start with the first document (the server starts without
 * them) and stop when the app closes, after the requests in flight are answered.
 */
export const renderPoolPlugin = fp(async (app: FastifyInstance, options: TRenderPoolOptions) => {
  const pool = boundedPool<TRenderTask, Uint8Array>({
    filename: options.workerFile,
    threads: options.threads,
    queue: options.queue,
    busy: (retryAfterSeconds) =>
      new ApiError(429, MessageId.serverBusy, 'Too many documents are being prepared', {
        'retry-after': String(retryAfterSeconds),
      }),
  });
  const render = async (task: TRenderTask) => {
    const pdf = await pool.run(task);
    return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  };
  const cache = createDocumentCache({ maxEntries: options.cacheEntries, maxBytes: options.cacheBytes });
  app.decorate('documentRenderer', {
    render,
    renders: pool.started,
    async renderCached(key, task) {
      const cached = cache.get(key);
      if (cached) return cached;
      const pdf = await render(task);
      cache.set(key, pdf);
      return pdf;
    },
    perParentPerMinute: options.perParentPerMinute,
  } satisfies TDocumentRenderer);
  app.addHook('onClose', pool.close);
});
