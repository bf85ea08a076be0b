import { and, asc, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { TLanguage } from '@portal/contracts/constants';
import type { TDatabase } from '../../db/client.ts';
import { reportCardDrawings, reportCards, students } from '../../db/schema/index.ts';
import { documentDigest, documentKey } from '../../kits/documents/document-cache.ts';
import type { TDocumentRenderer, TDocumentStore } from '../../kits/documents/render-pool.ts';
import { reportCardData, reportCardRecordColumns, type TReportCardRecord } from './report-card-data.ts';
import { REPORT_CARD_RENDER_KIND, type TReportCardData } from './report-card-render.ts';

// The report cards the portal draws are drawn when published, not when first opened
// (docs/decisions/030-report-cards-drawn-ahead.md): on release day a crowd of parents opens
// their cards within minutes, more than the render threads draw, so each card is drawn ahead
// and kept in `report_card_drawings`; opening one sends the stored file. A card whose data
// changed since (a corrected attendance, a new logo) no longer matches its drawing's digest
// and is drawn again when opened.

/** How often the job looks for published cards that are not drawn yet. */
export const DRAWING_INTERVAL_MS = 30_000;
/** Cards read at a time by the job. */
const BATCH = 200;
const LANGUAGES: readonly TLanguage[] = ['en', 'ar'];

type TCardKey = { schoolId: string; reportCardId: string };

/** The drawing of the card in a language, kept in the table, when it was drawn from this data. */
function drawingStore(db: TDatabase, card: TCardKey, lng: TLanguage, digest: string): TDocumentStore {
  return {
    async read() {
      const [row] = await db
        .select({ pdf: reportCardDrawings.pdf })
        .from(reportCardDrawings)
        .where(
          and(
            eq(reportCardDrawings.schoolId, card.schoolId),
            eq(reportCardDrawings.reportCardId, card.reportCardId),
            eq(reportCardDrawings.lng, lng),
            eq(reportCardDrawings.digest, digest),
          ),
        );
      return row?.pdf ?? null;
    },
    async write(pdf) {
      await db
        .insert(reportCardDrawings)
        .values({ ...card, lng, digest, pdf })
        .onConflictDoUpdate({
          target: [reportCardDrawings.schoolId, reportCardDrawings.reportCardId, reportCardDrawings.lng],
          set: { digest, pdf, drawnAt: sql`now()` },
        });
    },
  };
}

/**
 * The portal's PDF of a card from its data: from the documents' cache, else the table, else
 * drawn now on a render thread (429 `S429` when the render queue is full) and kept in both.
 */
export function drawnReportCard(
  renderer: TDocumentRenderer,
  db: TDatabase,
  card: TCardKey,
  lng: TLanguage,
  data: TReportCardData,
): Promise<Buffer> {
  const digest = documentDigest(data);
  const key = documentKey(REPORT_CARD_RENDER_KIND, `${card.schoolId}:${card.reportCardId}`, lng, digest);
  return renderer.renderCached(
    key,
    { kind: REPORT_CARD_RENDER_KIND, data, lng },
    drawingStore(db, card, lng, digest),
  );
}

type TDueCard = TReportCardRecord & { enrollNumber: string; drawn: TLanguage[] };

/**
 * Published cards (released or to be released) without a school PDF that lack a drawing in a
 * language, after `after` in the order of their keys.
 */
async function dueCards(db: TDatabase, after: TCardKey | null): Promise<TDueCard[]> {
  // Written out: inside a select list the query builder names a column without its table.
  const drawn = sql<TLanguage[]>`array(select d.lng from report_card_drawings d
    where d.school_id = report_cards.school_id and d.report_card_id = report_cards.report_card_id)`;
  return db
    .select({ ...reportCardRecordColumns, enrollNumber: reportCards.enrollNumber, drawn })
    .from(reportCards)
    .where(
      and(
        isNotNull(reportCards.publishedAt),
        isNull(reportCards.removedAt),
        isNull(reportCards.pdfEn),
        isNull(reportCards.pdfAr),
        sql`cardinality(${drawn}) < ${LANGUAGES.length}`,
        after
          ? or(
              gt(reportCards.schoolId, after.schoolId),
              and(eq(reportCards.schoolId, after.schoolId), gt(reportCards.reportCardId, after.reportCardId)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(reportCards.schoolId), asc(reportCards.reportCardId))
    .limit(BATCH);
}

/** Draws a due card in the languages it lacks; false when it has nothing to draw from. */
async function drawCard(renderer: TDocumentRenderer, db: TDatabase, card: TDueCard): Promise<boolean> {
  const [child] = await db
    .select()
    .from(students)
    .where(and(eq(students.schoolId, card.schoolId), eq(students.enrollNumber, card.enrollNumber)));
  const data = child ? await reportCardData(db, card, child) : null;
  if (!data) return false;
  const digest = documentDigest(data);
  for (const lng of LANGUAGES.filter((language) => !card.drawn.includes(language))) {
    const pdf = await renderer.render({ kind: REPORT_CARD_RENDER_KIND, data, lng });
    await drawingStore(db, card, lng, digest).write(pdf);
  }
  return true;
}

/**
 * Draws every published card that lacks a drawing, with no more cards in flight than the
 * render threads, so a parent's document waits for one drawing at most. A full render queue
 * (429) ends the run, as does `stopping()` (the app closing) after the cards in flight; the
 * next run goes on. Answers the cards drawn.
 */
export async function drawPublishedReportCards(
  renderer: TDocumentRenderer,
  db: TDatabase,
  stopping: () => boolean = () => false,
): Promise<number> {
  let drawn = 0;
  let after: TCardKey | null = null;
  for (;;) {
    const due: TDueCard[] = stopping() ? [] : await dueCards(db, after);
    const last = due.at(-1);
    if (!last) return drawn;
    let next = 0;
    const worker = async () => {
      for (let card = due[next++]; card && !stopping(); card = due[next++]) {
        if (await drawCard(renderer, db, card)) drawn += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, renderer.threads) }, worker));
    after = { schoolId: last.schoolId, reportCardId: last.reportCardId };
  }
}
