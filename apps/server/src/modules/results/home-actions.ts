import { and, desc, eq, notInArray } from 'drizzle-orm';
import { ownChildJoin } from '../../access/own-child.ts';
import { parentStudents, reportCardOpens, reportCards } from '../../db/schema/index.ts';
import type { THomeActionDraft, THomeActionProvider } from '../../kits/home-actions.ts';
import { reportCardVisible } from './report-cards.ts';

// What the results family asks of a parent on Home (docs/modules.md section 5): the report cards
// the report card page calls "new" (report-cards.ts), which leave once the parent opens them
// (the PDF route records the first opening).

/** The most report cards one answer names (the newest first). */
const MAX_REPORT_CARDS = 50;

/** The report cards published for the parent's children (not withdrawn) that this parent never opened. */
const reportCardNew: THomeActionProvider = {
  modules: ['reportCard'],
  async items({ db, schoolId, parentId }) {
    const openedByParent = db
      .select({ id: reportCardOpens.reportCardId })
      .from(reportCardOpens)
      .where(and(eq(reportCardOpens.schoolId, schoolId), eq(reportCardOpens.parentId, parentId)));
    const rows = await db
      .select({
        id: reportCards.reportCardId,
        enrollNumber: reportCards.enrollNumber,
        titleEn: reportCards.titleEn,
        titleAr: reportCards.titleAr,
      })
      .from(reportCards)
      .innerJoin(parentStudents, ownChildJoin(reportCards, parentId))
      .where(
        and(
          eq(reportCards.schoolId, schoolId),
          reportCardVisible(),
          notInArray(reportCards.reportCardId, openedByParent),
        ),
      )
      .orderBy(desc(reportCards.publishedAt), desc(reportCards.reportCardId))
      .limit(MAX_REPORT_CARDS);
    return rows.map((row): THomeActionDraft => ({
      kind: 'reportCardNew',
      enrollNumber: row.enrollNumber,
      title: row.titleEn,
      titleAr: row.titleAr || row.titleEn,
      dueOn: null,
      overdue: false,
      amount: null,
      source: row.id,
    }));
  },
};

/** What the results family asks of a parent on Home (docs/modules.md section 5). */
export const resultsHomeActions: readonly THomeActionProvider[] = [reportCardNew];
