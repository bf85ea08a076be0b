import { and, between, eq } from 'drizzle-orm';
import { addDays } from '@portal/contracts/kits/dates';
import { ownChildJoin } from '../../access/own-child.ts';
import { attendanceDays, parentStudents } from '../../db/schema/index.ts';
import type { THomeActionDraft, THomeActionProvider } from '../../kits/home-actions.ts';
import { isUnexplainedAbsence } from './attendance-store.ts';
import { childrenOf, holidayOn, holidaysOf, leaveOf, schoolWeekOf, type THoliday } from './repository.ts';
import { isWeekend } from './school-days.ts';

// What the schedule family asks of a parent on Home (docs/modules.md section 5): the recent
// absences the attendance page offers to explain (attendance.ts: absent, no note, no standing
// leave request, not on a holiday), which leave once a leave request covers them.

/** How many school days back (before today) an absence is still asked about. */
export const ABSENCE_ACTION_SCHOOL_DAYS = 14;
/** The most calendar days looked back for those school days (a long holiday shortens the reach). */
const LOOKBACK_DAYS = 60;
/** The most absences one answer names (the newest first). */
const MAX_ABSENCES = 50;

/** What an absence is read with: the child, the day, its status and the school's note (its reason). */
const absenceColumns = {
  enrollNumber: attendanceDays.enrollNumber,
  day: attendanceDays.day,
  status: attendanceDays.status,
  note: attendanceDays.note,
};

/** The first day of today and the `count` school days before it (no weekend, no holiday of the grade). */
function windowStart(today: string, count: number, weekendDays: number[], holidays: THoliday[]): string {
  const earliest = addDays(today, -LOOKBACK_DAYS);
  let day = today;
  for (let left = count; left > 0 && day > earliest;) {
    day = addDays(day, -1);
    if (!isWeekend(day, weekendDays) && !holidayOn(holidays, day)) left -= 1;
  }
  return day;
}

/** Unexplained absences of the parent's children on today and the last ABSENCE_ACTION_SCHOOL_DAYS school days. */
const absenceToExplain: THomeActionProvider = {
  modules: ['attendance'],
  async items({ db, schoolId, parentId, today }) {
    const children = await childrenOf(db, { schoolId, parentId });
    if (children.length === 0) return [];
    const from = addDays(today, -LOOKBACK_DAYS);
    const grades = [...new Set(children.map((child) => child.gradeCode))];
    const [week, holidayLists, absences, onLeave] = await Promise.all([
      schoolWeekOf(db, schoolId),
      Promise.all(grades.map((grade) => holidaysOf(db, schoolId, [grade], from, today))),
      db
        .select(absenceColumns)
        .from(attendanceDays)
        .innerJoin(parentStudents, ownChildJoin(attendanceDays, parentId))
        .where(
          and(
            eq(attendanceDays.schoolId, schoolId),
            eq(attendanceDays.status, 'absent'),
            between(attendanceDays.day, from, today),
          ),
        ),
      leaveOf(
        db,
        schoolId,
        children.map((child) => child.enrollNumber),
        from,
        today,
      ),
    ]);
    const holidaysOfGrade = new Map(grades.map((grade, index) => [grade, holidayLists[index] ?? []]));
    const windows = new Map(
      children.map((child) => {
        const holidays = holidaysOfGrade.get(child.gradeCode) ?? [];
        const start = windowStart(today, ABSENCE_ACTION_SCHOOL_DAYS, week.weekendDays, holidays);
        return [child.enrollNumber, { start, holidays }];
      }),
    );
    return absences
      .filter((absence) => {
        const { enrollNumber, day } = absence;
        const window = windows.get(enrollNumber);
        return (
          window !== undefined &&
          day >= window.start &&
          !holidayOn(window.holidays, day) &&
          isUnexplainedAbsence(absence) &&
          !onLeave(enrollNumber, day)
        );
      })
      .sort((a, b) => b.day.localeCompare(a.day) || a.enrollNumber.localeCompare(b.enrollNumber))
      .slice(0, MAX_ABSENCES)
      .map(({ enrollNumber, day }): THomeActionDraft => ({
        kind: 'absenceToExplain',
        enrollNumber,
        // The day itself: the web writes it in the parent's language.
        title: day,
        titleAr: day,
        dueOn: null,
        overdue: false,
        amount: null,
        source: day,
      }));
  },
};

/** What the schedule family asks of a parent on Home (docs/modules.md section 5). */
export const scheduleHomeActions: readonly THomeActionProvider[] = [absenceToExplain];
