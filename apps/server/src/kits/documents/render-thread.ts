import os from 'node:os';
import { fontBuffers } from './fonts.ts';

// What every render thread does (src/render-worker.ts draws the tasks of render-pool.ts).

/**
 * Readies the thread that runs it: the fonts are read and converted once, and on Linux the
 * thread's own nice value is raised, so drawing yields the CPU to the requests of the main
 * thread (elsewhere the nice value would be the process's, and is left alone).
 */
export function prepareRenderThread(): void {
  fontBuffers();
  if (process.platform === 'linux') os.setPriority(Math.min(19, os.getPriority() + 10));
}

/**
 * A copy into a thread turns a Buffer (a logo's bytes) into a plain Uint8Array; pdfkit takes
 * Buffers, so each is viewed as one again (no copy).
 */
export function withBuffers<T>(value: T): T {
  if (value instanceof Uint8Array) {
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength) as T;
  }
  if (Array.isArray(value)) return value.map((item: unknown) => withBuffers(item)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withBuffers(item)])) as T;
  }
  return value;
}
