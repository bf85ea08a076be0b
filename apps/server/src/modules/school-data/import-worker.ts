// A thread of the import pool (import-queue.ts): unzips a bundle and reads and checks every
// row of every file, off the thread that answers requests. Node runs this file as it runs the
// server, with its types stripped.
import os from 'node:os';
import { readBundle, type TReadBundle } from './bundle-reader.ts';
import { unzipBundle } from './bundle-zip.ts';
import { BUNDLE_FILES } from './files.ts';
import { bundleProblem } from './problems.ts';

/** What an import thread is given: the zip's bytes (copied into the thread). */
export type TReadTask = { bytes: Uint8Array };

// Reading yields the CPU to the requests of the main thread: on Linux a thread has its own
// nice value, which this sets for the import thread alone.
if (process.platform === 'linux') os.setPriority(Math.min(19, os.getPriority() + 10));

/** The bundle in a zip, read and checked (or the one reason the zip cannot be read). */
export function readZippedBundle(bytes: Uint8Array): TReadBundle {
  const unzipped = unzipBundle(bytes);
  if (unzipped.problem) {
    return { version: '1.2', files: [], problems: [bundleProblem('', unzipped.problem)], problemCount: 1 };
  }
  return readBundle(unzipped.files, BUNDLE_FILES);
}

export default function read(task: TReadTask): TReadBundle {
  return readZippedBundle(task.bytes);
}
