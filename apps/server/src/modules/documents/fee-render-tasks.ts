// The fee family's documents as render tasks (kits/documents/render-pool.ts): the worker entry
// (src/render-worker.ts) hands a fee task to `renderFeeTask` on a render thread.
import type { TLanguage } from '@portal/contracts/constants';
import { withBuffers } from '../../kits/documents/render-thread.ts';
import { renderInvoice, renderReceipt, renderStoreInvoice } from './render.ts';
import type { TInvoiceData, TReceiptData, TStoreInvoiceData } from './types.ts';

/** A fee document to draw: plain data, copied into the thread (structured clone). */
export type TFeeRenderTask =
  | { kind: 'receipt'; data: TReceiptData; lng: TLanguage }
  | { kind: 'invoice'; data: TInvoiceData; lng: TLanguage }
  | { kind: 'storeInvoice'; data: TStoreInvoiceData; lng: TLanguage };

export const FEE_RENDER_KINDS: readonly TFeeRenderTask['kind'][] = ['receipt', 'invoice', 'storeInvoice'];

/** The PDF of a fee task, as bytes. */
export function renderFeeTask(task: TFeeRenderTask): Promise<Buffer> {
  switch (task.kind) {
    case 'receipt':
      return renderReceipt(withBuffers(task.data), task.lng);
    case 'invoice':
      return renderInvoice(withBuffers(task.data), task.lng);
    case 'storeInvoice':
      return renderStoreInvoice(withBuffers(task.data), task.lng);
  }
}
