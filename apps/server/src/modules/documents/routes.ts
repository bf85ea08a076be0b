import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDocumentQuery } from '@portal/contracts/fees';
import { MessageId } from '@portal/contracts/messages';
import { ApiError, notYourChild } from '../../api-error.ts';
import type { TDocumentConfig } from '../../config.ts';
import type { TDatabase } from '../../db/client.ts';
import { createDocumentCache, documentDigest, documentKey } from '../../kits/documents/document-cache.ts';
import type { TFeeRenderTask } from './fee-render-tasks.ts';
import {
  findOwnInvoice,
  findOwnReceipt,
  findOwnStoreInvoice,
  loadParties,
  type TLookup,
} from './repository.ts';
import { requireSession } from '../../plugins/auth.ts';

const documentSchema = { params: z.object({ id: z.uuid() }), querystring: ZDocumentQuery };
// A PDF's streams are compressed already: compressing it again would only cost the main thread.
const compress = false;

/** The document, or 404 `N404` for an id that names none, 403 `A002` for someone else's. */
async function ownOrRefused<T>(lookup: Promise<TLookup<T>>): Promise<T> {
  const result = await lookup;
  if (result.found === 'none') throw new ApiError(404, MessageId.notFound, 'No such document');
  if (result.found === 'not-yours') throw notYourChild();
  return result.value;
}

function sendPdf(reply: FastifyReply, name: string, pdf: Buffer) {
  const filename = `${name.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`;
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(pdf);
}

/**
 * /v1/ppn: fee documents as PDF, in the language of `?lng=en|ar` (English by default). A
 * document is answered only to the parent it belongs to: the receipt of their own succeeded
 * payment, an invoice of one of their children. Someone else's id (another family's, another
 * school's) is refused with 403 `A002`, like an enrolment number that is not the parent's; an
 * id that names no such document (or a payment with no receipt yet) is 404 `N404`.
 *
 * One parent may ask for `perParentPerMinute` documents a minute (429 `L006` past it). A
 * document is drawn on a render thread (429 `S429` when their queue is full) unless the same
 * document, in the same language and drawn from the same data, is still in the cache.
 */
export const documentRoutes: FastifyPluginAsyncZod<{ db: TDatabase; config: TDocumentConfig }> = async (
  app,
  { db, config },
) => {
  requireSession(app);
  const perParent = app.limit({
    max: config.perParentPerMinute,
    windowMs: 60_000,
    key: (request) => `pdf:${request.session.schoolId}:${request.session.parentId}`,
  });
  const cache = createDocumentCache({ maxEntries: config.cacheEntries, maxBytes: config.cacheBytes });

  const partiesOf = async (session: { schoolId: string; parentId: string }) => {
    const parties = await loadParties(db, session);
    if (!parties) throw new ApiError(404, MessageId.notFound, 'No such document');
    return parties;
  };

  /** The document's PDF from the cache, or drawn on a render thread and kept. */
  const pdfOf = async (id: string, task: TFeeRenderTask) => {
    const key = documentKey(task.kind, id, task.lng, documentDigest(task.data));
    const cached = cache.get(key);
    if (cached) return cached;
    const pdf = await app.documentRenderer.render(task);
    cache.set(key, pdf);
    return pdf;
  };

  // Receipts of every kind of payment (fees, top-ups, links) belong to the fee payment module.
  app.get(
    '/payments/:id/receipt',
    { config: { module: 'feePayment' }, schema: documentSchema, preHandler: perParent, compress },
    async (request, reply) => {
      const found = await ownOrRefused(findOwnReceipt(db, request.session, request.params.id));
      const data = { ...(await partiesOf(request.session)), ...found };
      const pdf = await pdfOf(request.params.id, { kind: 'receipt', data, lng: request.query.lng });
      return sendPdf(reply, `receipt-${found.payment.receiptNo}`, pdf);
    },
  );

  for (const [path, kind, module] of [
    ['/fees/invoices/:id/pdf', 'tax', 'feeInvoices'],
    ['/fees/proforma-invoices/:id/pdf', 'proforma', 'proformaInvoice'],
  ] as const) {
    app.get(
      path,
      { config: { module }, schema: documentSchema, preHandler: perParent, compress },
      async (request, reply) => {
        const found = await ownOrRefused(findOwnInvoice(db, request.session, request.params.id, kind));
        const data = { ...(await partiesOf(request.session)), ...found };
        const pdf = await pdfOf(request.params.id, { kind: 'invoice', data, lng: request.query.lng });
        return sendPdf(reply, `${kind === 'tax' ? 'invoice' : 'proforma'}-${found.invoice.docNo}`, pdf);
      },
    );
  }

  app.get(
    '/wallet/store-invoices/:id/pdf',
    { config: { module: 'storeInvoice' }, schema: documentSchema, preHandler: perParent, compress },
    async (request, reply) => {
      const found = await ownOrRefused(findOwnStoreInvoice(db, request.session, request.params.id));
      const data = { ...(await partiesOf(request.session)), ...found };
      const pdf = await pdfOf(request.params.id, { kind: 'storeInvoice', data, lng: request.query.lng });
      return sendPdf(reply, `store-invoice-${found.invoice.docNo}`, pdf);
    },
  );
};
