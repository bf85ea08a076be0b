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

/**
 * Where finished documents of a kind are kept beyond the process (a table): read before drawing,
 * written after. `read` answers null when nothing is kept for the key's data.
 */
export type TDocumentStore = { read: () => Promise<Buffer | null>; write: (pdf: Buffer) => Promise<void> };

export type TDocumentRenderer = {
  /** The task's PDF, drawn on a render thread; 429 `S429` with Retry-After when the queue is full. */
  render: (task: TRenderTask) => Promise<Buffer>;
  /** How many documents have been handed to a thread since the start. */
  renders: () => number;
  /**
   * The document of this key from the cache, else from the store when one is given, else the
   * task drawn, written to the store and kept under the key (the key names the document, its
   * language and a digest of its data: `documentKey`).
   */
  renderCached: (key: string, task: TRenderTask, store?: TDocumentStore) => Promise<Buffer>;
  /** Documents one parent may ask for a minute. */
  perParentPerMinute: number;
  /** Threads that draw side by side: work drawn ahead keeps no more than this many in flight. */
  threads: number;
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
    async renderCached(key, task, store) {
      const cached = cache.get(key);
      if (cached) return cached;
      let pdf = store ? await store.read() : null;
      if (!pdf) {
        pdf = await render(task);
        // Keeping it spares a later drawing; failing to keep it does not fail this answer.
        await store
          ?.write(pdf)
          .catch((error: unknown) =>
            app.log.warn({ err: error, kind: task.kind }, 'a document was not kept'),
          );
      }
      cache.set(key, pdf);
      return pdf;
    },
    perParentPerMinute: options.perParentPerMinute,
    threads: options.threads,
  } satisfies TDocumentRenderer);
  app.addHook('onClose', pool.close);
});
