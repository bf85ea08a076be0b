import { Piscina } from 'piscina';
import type { ApiError } from '../api-error.ts';

// Heavy work (PDFs, file checks, imports) runs on worker threads behind a bounded queue, so one
// parent's work never holds up another's request (docs/security.md, "Limits").

export type TBoundedPoolOptions = {
  /** The worker module (its default export takes a task and answers a result). */
  filename: string;
  /** Threads working side by side. */
  threads: number;
  /** Tasks that may wait for a thread; one more is refused with `busy`. */
  queue: number;
  /** The refusal when the queue is full, given about how many seconds a place may take to free. */
  busy: (retryAfterSeconds: number) => ApiError;
};

export type TBoundedPool<T, R> = {
  /** The task's result, computed on a worker thread; `busy` when the queue is full. */
  run: (task: T, transferList?: ArrayBuffer[]) => Promise<R>;
  /** How many tasks have been handed to a thread since the start. */
  started: () => number;
  /** Stops the threads after the tasks in flight. */
  close: () => Promise<void>;
};

/** A pool of worker threads that start with the first task and a bounded queue in front of them. */
export function boundedPool<T, R>(options: TBoundedPoolOptions): TBoundedPool<T, R> {
  let pool: Piscina<T, R> | null = null;
  let pending = 0;
  let started = 0;
  // A running mean of how long a task takes from asking to answer, queue included: about when a
  // refused one may find room.
  let averageMs = 100;
  const open = () =>
    (pool ??= new Piscina<T, R>({
      filename: options.filename,
      minThreads: options.threads,
      maxThreads: options.threads,
      idleTimeout: Infinity,
    }));
  return {
    async run(task, transferList) {
      if (pending >= options.threads + options.queue) {
        throw options.busy(Math.max(1, Math.ceil(averageMs / 1000)));
      }
      pending++;
      started++;
      const began = performance.now();
      try {
        const result = await open().run(task, transferList ? { transferList } : {});
        averageMs = averageMs * 0.8 + (performance.now() - began) * 0.2;
        return result;
      } finally {
        pending--;
      }
    },
    started: () => started,
    async close() {
      await pool?.destroy();
      pool = null;
    },
  };
}
