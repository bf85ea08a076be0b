import type { FastifyInstance } from 'fastify';
import { and, arrayOverlaps, between, eq, gt, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { addDays } from '@portal/contracts/kits/dates';
import { MessageId } from '@portal/contracts/messages';
import { resultsEndpoints, type TInsights } from '@portal/contracts/families/results';
import type { TDatabase } from '../../db/client.ts';
import {
  assessmentCategories,
  assessmentResults,
  assessments,
  attendanceDays,
  classes,
  schoolCalendar,
  subjects,
} from '../../db/schema/index.ts';
import { requireOwnChild, type TStudentRow } from '../../access/own-child.ts';
import { schoolToday, schoolWide } from '../../access/school.ts';
import { published } from '../../kits/publication.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import {
  attendanceTrend,
  highlightsOf,
  percentOf,
  resultTrends,
  type TAttendanceMark,
  type TScoredResult,
} from './insights-trends.ts';

const ok = { success: true, messageId: MessageId.ok } as const;

/** GET insights (module `mojoInsights`): the child's trends of released results and attendance. */
export function insightsRoutes(app: FastifyInstance, db: TDatabase): void {
  addEndpoint(app, resultsEndpoints.insights, async (request) => {
    const child = await requireOwnChild(db, request.session, request.query.enrollNumber);
    return { ...ok, ...(await insightsOf(db, child)) };
  });
}

type TSpan = { from: string; to: string };

/**
 * The trends of a child over the school's current academic year (docs/modules.md F2): only results
 * the school has released count (the publication gate: an unreleased result moves no trend).
 */
export async function insightsOf(
  db: TDatabase,
  child: TStudentRow,
): Promise<Omit<TInsights, 'success' | 'messageId'>> {
  const span = await currentYearOf(db, child.schoolId);
  const [results, marks] = await Promise.all([
    releasedResultsOf(db, child, span),
    attendanceOf(db, child, span),
  ]);
  const { subjects: subjectTrends, overall } = resultTrends(results);
  const { attendance, attendanceRate } = attendanceTrend(marks);
  return {
    subjects: subjectTrends,
    overall,
    attendance,
    attendanceRate,
    highlights: highlightsOf(subjectTrends, attendanceRate),
  };
}

/** The school's current academic year; without one, the year up to the school's today. */
async function currentYearOf(db: TDatabase, schoolId: string): Promise<TSpan> {
  const shared = await schoolWide(db, schoolId);
  if (shared?.year) return { from: shared.year.startsOn, to: shared.year.endsOn };
  const today = schoolToday(shared?.timeZone);
  return { from: addDays(today, -365), to: today };
}

/**
 * The child's released, scored results in the span, each in the month it was scored (or due):
 * assessments and assignments with a score and a maximum, not co-scholastic grades, not exempt.
 */
async function releasedResultsOf(db: TDatabase, child: TStudentRow, span: TSpan): Promise<TScoredResult[]> {
  const countsOn = sql<string>`coalesce(${assessmentResults.scoredOn}, ${assessments.dueOn})`;
  const rows = await db
    .select({
      subjectId: sql<string>`coalesce(${subjects.subjectId}, ${assessments.classId})`,
      nameEn: sql<string>`coalesce(${subjects.nameEn}, ${classes.titleEn}, ${assessments.classId})`,
      nameAr: sql<string>`coalesce(${subjects.nameAr}, ${classes.titleAr}, '')`,
      month: sql<string>`to_char(${countsOn}, 'YYYY-MM')`,
      score: assessmentResults.score,
      max: assessments.resultMax,
    })
    .from(assessmentResults)
    .innerJoin(
      assessments,
      and(
        eq(assessments.schoolId, assessmentResults.schoolId),
        eq(assessments.assessmentId, assessmentResults.assessmentId),
      ),
    )
    .leftJoin(
      classes,
      and(eq(classes.schoolId, assessments.schoolId), eq(classes.classId, assessments.classId)),
    )
    .leftJoin(
      subjects,
      and(
        eq(subjects.schoolId, classes.schoolId),
        eq(subjects.subjectId, classes.subjectId),
        isNull(subjects.removedAt),
      ),
    )
    .leftJoin(
      assessmentCategories,
      and(
        eq(assessmentCategories.schoolId, assessments.schoolId),
        eq(assessmentCategories.categoryId, assessments.categoryId),
      ),
    )
    .where(
      and(
        eq(assessmentResults.schoolId, child.schoolId),
        eq(assessmentResults.enrollNumber, child.enrollNumber),
        published(assessments.resultsPublishedAt),
        isNull(assessments.removedAt),
        isNotNull(assessmentResults.score),
        gt(assessments.resultMax, 0),
        ne(assessmentResults.scoreStatus, 'exempt'),
        or(isNull(assessmentCategories.kind), ne(assessmentCategories.kind, 'coScholastic')),
        between(countsOn, span.from, span.to),
      ),
    );
  return rows.map((row) => ({
    subjectId: row.subjectId,
    nameEn: row.nameEn,
    nameAr: row.nameAr,
    month: row.month,
    percent: percentOf(row.score!, row.max!),
  }));
}

/**
 * The child's recorded school days in the span, the days of the school's published holidays
 * left out (a holiday is never an absence: docs/modules.md F1, as the attendance page shows them).
 */
async function attendanceOf(db: TDatabase, child: TStudentRow, span: TSpan): Promise<TAttendanceMark[]> {
  const [marks, holidays] = await Promise.all([
    db
      .select({ day: attendanceDays.day, status: attendanceDays.status })
      .from(attendanceDays)
      .where(
        and(
          eq(attendanceDays.schoolId, child.schoolId),
          eq(attendanceDays.enrollNumber, child.enrollNumber),
          between(attendanceDays.day, span.from, span.to),
        ),
      ),
    db
      .select({ startsOn: schoolCalendar.startsOn, endsOn: schoolCalendar.endsOn })
      .from(schoolCalendar)
      .where(
        and(
          eq(schoolCalendar.schoolId, child.schoolId),
          eq(schoolCalendar.kind, 'holiday'),
          published(schoolCalendar.publishedAt),
          sql`${schoolCalendar.startsOn} <= ${span.to} and ${schoolCalendar.endsOn} >= ${span.from}`,
          or(
            sql`cardinality(${schoolCalendar.audienceGrades}) = 0`,
            arrayOverlaps(schoolCalendar.audienceGrades, [child.gradeCode]),
          ) as SQL,
        ),
      ),
  ]);
  const onHoliday = (day: string) =>
    holidays.some((holiday) => holiday.startsOn <= day && holiday.endsOn >= day);
  return marks
    .filter((mark) => !onHoliday(mark.day))
    .map((mark) => ({ month: mark.day.slice(0, 7), status: mark.status }));
}
