import { and, between, count, eq, sql } from 'drizzle-orm';
import type { TTerm } from '@portal/contracts/families/results';
import type { TDatabase } from '../../db/client.ts';
import { attendanceDays, reportCards } from '../../db/schema/index.ts';
import type { TStudentRow } from '../../access/own-child.ts';
import { loadDocumentBrand } from '../../kits/documents/brand.ts';
import { assessmentRows } from './assessment-rows.ts';
import { legendOf, scalesOf } from './legend.ts';
import { marksheetSubjects } from './marksheet.ts';
import { termById } from './terms.ts';
import type { TReportCardData } from './report-card-render.ts';
import { resultOf, scaleOfRow } from './views.ts';

// What a report card the portal draws shows (docs/modules.md F2), read when a parent opens it: the
// term's results released by the card's publication (the publication gate of each assessment
// holds on the card too, and a later release does not change a published card), by subject as the marksheet totals them, the activities graded without marks, the
// term's attendance and the legend of every scale used.

/** A published report card as the school sent it (without its PDFs). */
export type TReportCardRecord = {
  schoolId: string;
  reportCardId: string;
  termId: string | null;
  titleEn: string;
  titleAr: string;
  remarkEn: string;
  remarkAr: string;
  publishedAt: Date;
};

/** The columns of a card's record, for every select that reads one (a published card's date is set). */
export const reportCardRecordColumns = {
  schoolId: reportCards.schoolId,
  reportCardId: reportCards.reportCardId,
  termId: reportCards.termId,
  titleEn: reportCards.titleEn,
  titleAr: reportCards.titleAr,
  remarkEn: reportCards.remarkEn,
  remarkAr: reportCards.remarkAr,
  publishedAt: sql<Date>`${reportCards.publishedAt}`.mapWith(reportCards.publishedAt),
};

/** The child's days of the term by mark; null when none is recorded (or the card has no term). */
async function attendanceOf(db: TDatabase, child: TStudentRow, term: TTerm | null) {
  if (!term) return null;
  const rows = await db
    .select({ status: attendanceDays.status, days: count() })
    .from(attendanceDays)
    .where(
      and(
        eq(attendanceDays.schoolId, child.schoolId),
        eq(attendanceDays.enrollNumber, child.enrollNumber),
        between(attendanceDays.day, term.startsOn, term.endsOn),
      ),
    )
    .groupBy(attendanceDays.status);
  if (rows.length === 0) return null;
  const days = (status: string) => rows.find((row) => row.status === status)?.days ?? 0;
  return { present: days('present'), absent: days('absent'), late: days('late'), excused: days('excused') };
}

/** Everything the portal's report card of this child prints, as plain data for a render thread. */
export async function reportCardData(
  db: TDatabase,
  card: TReportCardRecord,
  child: TStudentRow,
): Promise<TReportCardData | null> {
  const [school, term, scales] = await Promise.all([
    loadDocumentBrand(db, card.schoolId),
    termById(db, card.schoolId, card.termId),
    scalesOf(db, card.schoolId),
  ]);
  if (!school) return null;
  // A card naming a term the school no longer has reports on every released result.
  const [rows, attendance] = await Promise.all([
    assessmentRows(db, child, { kinds: ['assessment', 'coScholastic'], term }),
    attendanceOf(db, child, term),
  ]);
  // The card is what the school published: results released after it do not change it.
  const released = rows.filter(
    (row) =>
      row.released &&
      row.releasedAt !== null &&
      row.releasedAt.getTime() <= card.publishedAt.getTime() &&
      resultOf(row, null) !== null,
  );
  const marked = released.filter((row) => row.kind === 'assessment');
  const subjects = marksheetSubjects(marked, scales);
  const total = subjects.reduce(
    (sum, subject) => ({ score: sum.score + subject.total.score, max: sum.max + subject.total.max }),
    { score: 0, max: 0 },
  );
  const activities = released.flatMap((row) => {
    if (row.kind !== 'coScholastic') return [];
    const result = resultOf(row, scaleOfRow(row, scales));
    const grade = result?.grade ?? (result?.textScore || (result?.score ?? '').toString());
    return grade
      ? [
          {
            title: { en: row.titleEn, ar: row.titleAr },
            subject: { en: row.subjectEn, ar: row.subjectAr },
            grade,
          },
        ]
      : [];
  });
  return {
    school,
    card: {
      id: card.reportCardId,
      title: { en: card.titleEn, ar: card.titleAr },
      publishedAt: card.publishedAt.toISOString(),
      remark: { en: card.remarkEn, ar: card.remarkAr },
    },
    child: {
      enrollNumber: child.enrollNumber,
      name: child.fullName,
      grade: {
        en: [child.gradeNameEn, child.sectionNameEn].filter(Boolean).join(' '),
        ar: [child.gradeNameAr, child.sectionNameAr].filter(Boolean).join(' '),
      },
    },
    term: term
      ? { title: { en: term.title, ar: term.titleAr }, startsOn: term.startsOn, endsOn: term.endsOn }
      : null,
    subjects: subjects.map((subject) => ({
      name: { en: subject.name, ar: subject.nameAr },
      count: subject.cells.filter((cell) => cell.result?.score !== null && cell.result?.score !== undefined)
        .length,
      score: subject.total.score,
      max: subject.total.max,
      percent: subject.total.percent,
      grade: subject.total.grade,
    })),
    total: { ...total, percent: total.max > 0 ? total.score / total.max : null },
    activities,
    attendance,
    legend: legendOf(released.map((row) => scaleOfRow(row, scales))).map((scale) => ({
      title: { en: scale.title, ar: scale.titleAr },
      bands: scale.bands.map((band) => ({
        scores: band.scores,
        grade: band.grade,
        descriptor: { en: band.descriptor, ar: band.descriptorAr },
      })),
    })),
  };
}
