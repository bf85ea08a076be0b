import type { FastifyInstance } from 'fastify';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { resultsEndpoints, type TReportCard } from '@portal/contracts/families/results';
import type { TDatabase } from '../../db/client.ts';
import { reportCardOpens, reportCards, terms } from '../../db/schema/index.ts';
import { findOwnChild, requireOwnChild, type TStudentRow } from '../../access/own-child.ts';
import { published } from '../../kits/publication.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import { reportCardRecordColumns } from './report-card-data.ts';
import { ok } from './views.ts';

// GET report-cards?enrollNumber (module `reportCard`, docs/modules.md F2): the child's published
// report cards, newest first, each with this parent's first and last opening ("new" until
// opened). A card the school has not published (no `published_at`, or one to come) or has
// withdrawn does not exist for parents: not listed, 404 by id (the publication gate).

/** The most report cards one answer holds (years of terms fit). */
export const MAX_REPORT_CARDS = 200;

/** The condition that keeps a school's report cards parents may see. */
export const reportCardVisible = () => and(published(reportCards.publishedAt), isNull(reportCards.removedAt));

/** The languages a card comes in: the PDFs the school supplied, else both (the portal draws it). */
export function languagesOf(card: { hasEn: boolean; hasAr: boolean }): TReportCard['languages'] {
  if (!card.hasEn && !card.hasAr) return ['en', 'ar'];
  return [...(card.hasEn ? ['en' as const] : []), ...(card.hasAr ? ['ar' as const] : [])];
}

export function reportCardListRoutes(app: FastifyInstance, db: TDatabase): void {
  addEndpoint(app, resultsEndpoints.reportCards, async (request) => {
    const child = await requireOwnChild(db, request.session, request.query.enrollNumber);
    const rows = await db
      .select({
        id: reportCards.reportCardId,
        titleEn: reportCards.titleEn,
        titleAr: reportCards.titleAr,
        publishedAt: reportCards.publishedAt,
        hasEn: sql<boolean>`${reportCards.pdfEn} is not null`.mapWith(Boolean),
        hasAr: sql<boolean>`${reportCards.pdfAr} is not null`.mapWith(Boolean),
        openedAt: reportCardOpens.firstOpenedAt,
        lastOpenedAt: reportCardOpens.lastOpenedAt,
        termId: terms.termId,
        termEn: terms.titleEn,
        termAr: terms.titleAr,
        startsOn: terms.startsOn,
        endsOn: terms.endsOn,
      })
      .from(reportCards)
      .leftJoin(terms, and(eq(terms.schoolId, reportCards.schoolId), eq(terms.termId, reportCards.termId)))
      .leftJoin(
        reportCardOpens,
        and(
          eq(reportCardOpens.schoolId, reportCards.schoolId),
          eq(reportCardOpens.reportCardId, reportCards.reportCardId),
          eq(reportCardOpens.parentId, request.session.parentId),
        ),
      )
      .where(
        and(
          eq(reportCards.schoolId, child.schoolId),
          eq(reportCards.enrollNumber, child.enrollNumber),
          reportCardVisible(),
        ),
      )
      .orderBy(desc(reportCards.publishedAt), desc(reportCards.reportCardId))
      .limit(MAX_REPORT_CARDS);
    const items: TReportCard[] = rows.map((row) => ({
      id: row.id,
      term:
        row.termId && row.startsOn && row.endsOn
          ? {
              id: row.termId,
              title: row.termEn ?? '',
              titleAr: row.termAr ?? '',
              startsOn: row.startsOn,
              endsOn: row.endsOn,
            }
          : null,
      title: row.titleEn,
      titleAr: row.titleAr,
      publishedAt: (row.publishedAt ?? new Date()).toISOString(),
      openedAt: row.openedAt?.toISOString() ?? null,
      lastOpenedAt: row.lastOpenedAt?.toISOString() ?? null,
      languages: languagesOf(row),
    }));
    return { ...ok, items };
  });
}

/** A published report card as its PDF route reads it, with the school's PDFs. */
export type TReportCardRow = Pick<
  typeof reportCards.$inferSelect,
  | 'schoolId'
  | 'reportCardId'
  | 'enrollNumber'
  | 'termId'
  | 'titleEn'
  | 'titleAr'
  | 'pdfEn'
  | 'pdfAr'
  | 'remarkEn'
  | 'remarkAr'
> & { publishedAt: Date; termEn: string | null };

/** What a report card id is to the signed-in parent: theirs, someone else's, or nothing at all. */
export type TReportCardLookup =
  { found: 'own'; card: TReportCardRow; child: TStudentRow } | { found: 'not-yours' } | { found: 'none' };

async function visibleCard(db: TDatabase, id: string, schoolId: string | null) {
  const [row] = await db
    .select({
      ...reportCardRecordColumns,
      enrollNumber: reportCards.enrollNumber,
      pdfEn: reportCards.pdfEn,
      pdfAr: reportCards.pdfAr,
      termEn: terms.titleEn,
    })
    .from(reportCards)
    .leftJoin(terms, and(eq(terms.schoolId, reportCards.schoolId), eq(terms.termId, reportCards.termId)))
    .where(
      and(
        eq(reportCards.reportCardId, id),
        schoolId === null ? undefined : eq(reportCards.schoolId, schoolId),
        reportCardVisible(),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The report card of this id (the school's own id, `sourcedId`): looked for in the parent's
 * school first, then in any school, as fee documents are. A published card of a child of
 * theirs is `own`; another family's or another school's is `not-yours` (403 `A002`); an
 * unpublished, withdrawn or unknown one is `none` (404 `N404`).
 */
export async function findReportCard(
  db: TDatabase,
  session: { schoolId: string; parentId: string },
  id: string,
): Promise<TReportCardLookup> {
  const card = await visibleCard(db, id, session.schoolId);
  if (!card) return (await visibleCard(db, id, null)) ? { found: 'not-yours' } : { found: 'none' };
  const child = await findOwnChild(db, session, card.enrollNumber);
  return child ? { found: 'own', card, child } : { found: 'not-yours' };
}

/** Records that the parent opened the card: the first opening is kept, the last one moves. */
export async function recordOpening(
  db: TDatabase,
  card: { schoolId: string; reportCardId: string },
  parentId: string,
): Promise<void> {
  await db
    .insert(reportCardOpens)
    .values({ schoolId: card.schoolId, reportCardId: card.reportCardId, parentId })
    .onConflictDoUpdate({
      target: [reportCardOpens.schoolId, reportCardOpens.reportCardId, reportCardOpens.parentId],
      set: { lastOpenedAt: sql`now()`, opens: sql`${reportCardOpens.opens} + 1` },
    });
}
