// A render thread of the document pool (render-pool.ts): draws one PDF per task with the
// functions of render.ts. Node runs this file as it runs the server, with its types stripped.
import os from 'node:os';
import type { TLanguage } from '@portal/contracts/constants';
import { fontBuffers } from './fonts.ts';
import { renderInvoice, renderReceipt, renderStoreInvoice } from './render.ts';
import type { TInvoiceData, TReceiptData, TStoreInvoiceData } from './types.ts';

/** What a render thread is given: plain data, copied into the thread (structured clone). */
export type TRenderTask =
  | { kind: 'receipt'; data: TReceiptData; lng: TLanguage }
  | { kind: 'invoice'; data: TInvoiceData; lng: TLanguage }
  | { kind: 'storeInvoice'; data: TStoreInvoiceData; lng: TLanguage };

// Each thread reads and converts the fonts once, when it starts.
fontBuffers();

// Drawing yields the CPU to the requests of the main thread: on Linux a thread has its own
// nice value, which this sets for the render thread alone (elsewhere it would be the process's).
if (process.platform === 'linux') os.setPriority(Math.min(19, os.getPriority() + 10));

/**
 * A copy into a thread turns a Buffer (a logo's bytes) into a plain Uint8Array; pdfkit takes
 * Buffers, so each is viewed as one again (no copy).
 */
function withBuffers<T>(value: T): T {
  if (value instanceof Uint8Array) {
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength) as T;
  }
  if (Array.isArray(value)) return value.map((item: unknown) => withBuffers(item)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withBuffers(item)])) as T;
  }
  return value;
}

/** The PDF of the task, as bytes. */
export default function render(task: TRenderTask): Promise<Buffer> {
  switch (task.kind) {
    case 'receipt':
      return renderReceipt(withBuffers(task.data), task.lng);
    case 'invoice':
      return renderInvoice(withBuffers(task.data), task.lng);
    case 'storeInvoice':
      return renderStoreInvoice(withBuffers(task.data), task.lng);
  }
}
