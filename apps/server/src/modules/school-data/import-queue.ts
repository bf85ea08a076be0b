import path from 'node:path';
import { Piscina } from 'piscina';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';
import type { TReadBundle } from './bundle-reader.ts';
import type { TReadTask } from './import-worker.ts';

// Bundles wait their turn (docs/school-data.md): one import per school at a time (a second is
// 409 `I002`), a few imports in the whole server (one more is 429 `S429`), and their zips are
// read on a thread of their own, so the parents' requests keep the main thread.

export type TImportQueueOptions = {
  /** Threads that read bundles side by side. */
  threads: number;
  /** Imports that may wait for a thread (or for their turn to be applied). */
  waiting: number;
};

export type TImportQueue = {
  /** Takes the school's import slot; answers its release. 409 `I002` or 429 `S429` when taken or full. */
  claim: (schoolId: string) => () => void;
  /** Reads and checks a bundle on an import thread. */
  read: (bytes: Uint8Array) => Promise<TReadBundle>;
  close: () => Promise<void>;
};

const workerFile = path.join(import.meta.dirname, 'import-worker.ts');

export const importRunning = () =>
  new ApiError(
    409,
    MessageId.importRunning,
    'Another bundle of this school is being imported; try again when it ends',
  );

export function createImportQueue(options: TImportQueueOptions): TImportQueue {
  const running = new Set<string>();
  let pool: Piscina<TReadTask, TReadBundle> | null = null;
  const open = () =>
    (pool ??= new Piscina<TReadTask, TReadBundle>({
      filename: workerFile,
      minThreads: 0,
      maxThreads: options.threads,
      // A thread that has read nothing for a minute stops; the next bundle starts one again.
      idleTimeout: 60_000,
    }));
  return {
    claim(schoolId) {
      if (running.has(schoolId)) throw importRunning();
      if (running.size >= options.threads + options.waiting) {
        throw new ApiError(
          429,
          MessageId.serverBusy,
          'Too many bundles are being imported; try again shortly',
          {
            'retry-after': '30',
          },
        );
      }
      running.add(schoolId);
      return () => running.delete(schoolId);
    },
    read: (bytes) => open().run({ bytes }),
    close: async () => {
      await pool?.destroy();
      pool = null;
    },
  };
}
