import { and, arrayOverlaps, asc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { requests, schoolCalendar, schools } from '../../db/schema/index.ts';
import { schoolWide } from '../../access/school.ts';
import { published } from '../../kits/publication.ts';

// What every page of the schedule family reads: the school's week and zone, a child's classes
// (through the child's enrolments only: docs/decisions/018-module-families.md), the holidays.

// A child's classes and teachers are read by other families too: they live in a kit.
export {
  classSubjectJoin,
  classSubjectNames,
  classesOfChild,
  coversDay,
  teachersOfClasses,
  teachingOfChild,
  type TChildClass,
} from '../../kits/child-classes.ts';

export type TSchoolWeek = { timeZone: string; weekendDays: number[] };

/** The school's time zone and the ISO weekdays it has no lessons on. */
export async function schoolWeekOf(db: TDatabase, schoolId: string): Promise<TSchoolWeek> {
  const [shared, [row]] = await Promise.all([
    schoolWide(db, schoolId),
    db.select({ weekendDays: schools.weekendDays }).from(schools).where(eq(schools.schoolId, schoolId)),
  ]);
  return { timeZone: shared?.timeZone ?? 'Asia/Dubai', weekendDays: row?.weekendDays ?? [6, 7] };
}

/** The signed-in parent's children, in the school's order. */
export { ownChildRows as childrenOf } from '../../access/own-child.ts';

/** Rows of the school calendar for these grades: every-grade rows, and rows naming one of them. */
export function forGrades(grades: string[]): SQL {
  const everyGrade = sql`cardinality(${schoolCalendar.audienceGrades}) = 0`;
  return (
    grades.length === 0 ? everyGrade : or(everyGrade, arrayOverlaps(schoolCalendar.audienceGrades, grades))
  ) as SQL;
}

export type THoliday = { startsOn: string; endsOn: string; titleEn: string; titleAr: string };

/** The published holidays of these grades that touch the days `from`..`to`. */
export async function holidaysOf(
  db: TDatabase,
  schoolId: string,
  grades: string[],
  from: string,
  to: string,
): Promise<THoliday[]> {
  return db
    .select({
      startsOn: schoolCalendar.startsOn,
      endsOn: schoolCalendar.endsOn,
      titleEn: schoolCalendar.titleEn,
      titleAr: schoolCalendar.titleAr,
    })
    .from(schoolCalendar)
    .where(
      and(
        eq(schoolCalendar.schoolId, schoolId),
        eq(schoolCalendar.kind, 'holiday'),
        published(schoolCalendar.publishedAt),
        lte(schoolCalendar.startsOn, to),
        gte(schoolCalendar.endsOn, from),
        forGrades(grades),
      ),
    )
    .orderBy(asc(schoolCalendar.startsOn));
}

/** The holiday on a day, if any. */
export function holidayOn(holidays: THoliday[], day: string): THoliday | undefined {
  return holidays.find((holiday) => holiday.startsOn <= day && holiday.endsOn >= day);
}

// Leave requests still standing (not rejected nor cancelled) explain the absences they cover.
const STANDING_LEAVE = ['submitted', 'in_review', 'approved'];

/** Whether a standing leave request covers a child's day, for the children and days asked about. */
export type TOnLeave = (enrollNumber: string, day: string) => boolean;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The standing leave requests of these children between `from` and `to`, as a check of one day. */
export async function leaveOf(
  db: TDatabase,
  schoolId: string,
  enrollNumbers: string[],
  from: string,
  to: string,
): Promise<TOnLeave> {
  if (enrollNumbers.length === 0) return () => false;
  const leaves = await db
    .select({
      enrollNumbers: requests.enrollNumbers,
      from: sql<string | null>`${requests.payload}->>'from'`,
      to: sql<string | null>`${requests.payload}->>'to'`,
    })
    .from(requests)
    .where(
      and(
        eq(requests.schoolId, schoolId),
        eq(requests.kind, 'leave'),
        inArray(requests.status, STANDING_LEAVE),
        arrayOverlaps(requests.enrollNumbers, enrollNumbers),
        sql`${requests.payload}->>'from' <= ${to}`,
        sql`${requests.payload}->>'to' >= ${from}`,
      ),
    );
  const standing = leaves.filter(
    (leave) => DAY_PATTERN.test(leave.from ?? '') && DAY_PATTERN.test(leave.to ?? ''),
  );
  return (enrollNumber, day) =>
    standing.some(
      (leave) =>
        leave.enrollNumbers.includes(enrollNumber) && (leave.from ?? '') <= day && (leave.to ?? '') >= day,
    );
}
