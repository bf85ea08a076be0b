// A render thread of the document pool (kits/documents/render-pool.ts): draws one PDF per task
// with the renderers of the family the task's kind belongs to. The pool is given this file by
// app.ts, so no kit imports a module. Node runs this file as it runs the server, with its
// types stripped.
import { prepareRenderThread } from './kits/documents/render-thread.ts';
import {
  FEE_RENDER_KINDS,
  renderFeeTask,
  type TFeeRenderTask,
} from './modules/documents/fee-render-tasks.ts';
import {
  REPORT_CARD_RENDER_KIND,
  renderReportCardTask,
  type TReportCardRenderTask,
} from './modules/results/report-card-render.ts';
import {
  ACK_HISTORY_RENDER_KIND,
  renderAcknowledgementHistoryTask,
  type TAcknowledgementHistoryRenderTask,
} from './modules/publications/acknowledgement-history-render.ts';

/** Every family's render tasks. */
export type TRenderTask = TFeeRenderTask | TReportCardRenderTask | TAcknowledgementHistoryRenderTask;

prepareRenderThread();

const isFeeTask = (task: TRenderTask): task is TFeeRenderTask =>
  (FEE_RENDER_KINDS as readonly string[]).includes(task.kind);

/** The PDF of the task, as bytes. */
export default function render(task: TRenderTask): Promise<Buffer> {
  if (isFeeTask(task)) return renderFeeTask(task);
  if (task.kind === REPORT_CARD_RENDER_KIND) return renderReportCardTask(task);
  if (task.kind === ACK_HISTORY_RENDER_KIND) return renderAcknowledgementHistoryTask(task);
  throw new Error(`No renderer for documents of the kind "${(task as { kind: string }).kind}"`);
}
