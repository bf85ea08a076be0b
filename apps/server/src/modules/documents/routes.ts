import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDocumentQuery } from '@portal/contracts/fees';
import { MessageId } from '@portal/contracts/messages';
import { ApiError, notYourChild } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { renderInvoice, renderReceipt, renderStoreInvoice } from './render.ts';
import {
  findOwnInvoice,
  findOwnReceipt,
  findOwnStoreInvoice,
  loadParties,
  type TLookup,
} from './repository.ts';
import { requireSession } from '../../plugins/auth.ts';

const documentSchema = { params: z.object({ id: z.uuid() }), querystring: ZDocumentQuery };

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
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/**
 * /v1/ppn: fee documents as PDF, in the language of `?lng=en|ar` (English by default). A
 * document is answered only to the parent it belongs to: the receipt of their own succeeded
 * payment, an invoice of one of their children. Someone else's id (another family's, another
 * school's) is refused with 403 `A002`, like an enrolment number that is not the parent's; an
 * id that names no such document (or a payment with no receipt yet) is 404 `N404`.
 */
export const documentRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  requireSession(app);

  const partiesOf = async (session: { schoolId: string; parentId: string }) => {
    const parties = await loadParties(db, session);
    if (!parties) throw new ApiError(404, MessageId.notFound, 'No such document');
    return parties;
  };

  // Receipts of every kind of payment (fees, top-ups, links) belong to the fee payment module.
  app.get(
    '/payments/:id/receipt',
    { config: { module: 'feePayment' }, schema: documentSchema },
    async (request, reply) => {
      const found = await ownOrRefused(findOwnReceipt(db, request.session, request.params.id));
      const pdf = await renderReceipt({ ...(await partiesOf(request.session)), ...found }, request.query.lng);
      return sendPdf(reply, `receipt-${found.payment.receiptNo}`, pdf);
    },
  );

  for (const [path, kind, module] of [
    ['/fees/invoices/:id/pdf', 'tax', 'feeInvoices'],
    ['/fees/proforma-invoices/:id/pdf', 'proforma', 'proformaInvoice'],
  ] as const) {
    app.get(path, { config: { module }, schema: documentSchema }, async (request, reply) => {
      const found = await ownOrRefused(findOwnInvoice(db, request.session, request.params.id, kind));
      const pdf = await renderInvoice({ ...(await partiesOf(request.session)), ...found }, request.query.lng);
      return sendPdf(reply, `${kind === 'tax' ? 'invoice' : 'proforma'}-${found.invoice.docNo}`, pdf);
    });
  }

  app.get(
    '/wallet/store-invoices/:id/pdf',
    { config: { module: 'storeInvoice' }, schema: documentSchema },
    async (request, reply) => {
      const found = await ownOrRefused(findOwnStoreInvoice(db, request.session, request.params.id));
      const pdf = await renderStoreInvoice(
        { ...(await partiesOf(request.session)), ...found },
        request.query.lng,
      );
      return sendPdf(reply, `store-invoice-${found.invoice.docNo}`, pdf);
    },
  );
};
