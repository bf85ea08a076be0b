import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TLanguage } from '@portal/contracts/constants';
import { ZReportCardParams, ZReportCardPdfQuery } from '@portal/contracts/families/results';
import { MessageId } from '@portal/contracts/messages';
import { ApiError, notYourChild } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { reportCardData } from './report-card-data.ts';
import { drawnReportCard } from './report-card-drawings.ts';
import { findReportCard, recordOpening, type TReportCardRow } from './report-cards.ts';

// GET report-cards/:id/pdf?lng=en|ar (module `reportCard`, docs/modules.md F2): a published report
// card of one of the parent's children as PDF. The school's own PDF is sent as it is (the one
// supplied serves both languages); without one, the portal's drawing of the card from the term's
// released results, drawn when the card was published (report-card-drawings.ts) or, when its
// data changed since, now on a render thread. Each answer records the parent's opening.

const noSuchCard = () => new ApiError(404, MessageId.notFound, 'No such report card');
// A PDF's streams are compressed already: compressing it again would only cost the main thread.
const compress = false;

/** The school's PDF in the language asked for, else in the other; null when it supplied none. */
export function suppliedPdf(card: Pick<TReportCardRow, 'pdfEn' | 'pdfAr'>, lng: TLanguage): Buffer | null {
  const [first, second] = lng === 'ar' ? [card.pdfAr, card.pdfEn] : [card.pdfEn, card.pdfAr];
  return first ?? second ?? null;
}

/** The file's name: the card, the child and the term, in letters any system keeps. */
export function pdfFilename(childName: string, termTitle: string | null): string {
  const safe = (text: string) => text.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '');
  return `${['report-card', safe(childName), safe(termTitle ?? '')].filter(Boolean).join('-')}.pdf`;
}

/**
 * One parent may ask for as many documents a minute as the fee documents allow (429 `L006`
 * past it); a card is drawn (429 `S429` when the render queue is full) unless the same card,
 * in the same language and drawn from the same data, is kept already.
 */
export function reportCardPdfRoutes(app: FastifyInstance, db: TDatabase): void {
  const perParent = app.limit({
    max: app.documentRenderer.perParentPerMinute,
    windowMs: 60_000,
    key: (request) => `report-card-pdf:${request.session.schoolId}:${request.session.parentId}`,
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/report-cards/:id/pdf',
    {
      config: { module: 'reportCard' },
      schema: { params: ZReportCardParams, querystring: ZReportCardPdfQuery },
      preHandler: perParent,
      compress,
    },
    async (request, reply) => {
      const lng = request.query.lng ?? 'en';
      const found = await findReportCard(db, request.session, request.params.id);
      if (found.found === 'none') throw noSuchCard();
      if (found.found === 'not-yours') throw notYourChild();
      const { card, child } = found;
      let pdf = suppliedPdf(card, lng);
      if (!pdf) {
        const data = await reportCardData(db, card, child);
        if (!data) throw noSuchCard();
        pdf = await drawnReportCard(app.documentRenderer, db, card, lng, data);
      }
      await recordOpening(db, card, request.session.parentId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${pdfFilename(child.fullName, card.termEn)}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}
