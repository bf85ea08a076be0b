import type { FastifyInstance } from 'fastify';
import { and, asc, between, eq } from 'drizzle-orm';
import { MessageId } from '@portal/contracts/messages';
import {
  scheduleEndpoints,
  type TAttendanceDay,
  type TAttendanceMonth,
} from '@portal/contracts/families/schedule';
import type { TDatabase } from '../../db/client.ts';
import { attendanceDays } from '../../db/schema/index.ts';
import { requireOwnChild, type TStudentRow } from '../../access/own-child.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import { isUnexplainedAbsence } from './attendance-store.ts';
import { classesOfChild, coversDay, holidayOn, holidaysOf, leaveOf, schoolWeekOf } from './repository.ts';
import { daysOfMonth, isWeekend } from './school-days.ts';

const ok = { success: true, messageId: MessageId.ok } as const;

/** GET attendance/month (module `attendance`): every day of a month of the parent's child. */
export function attendanceRoutes(app: FastifyInstance, db: TDatabase): void {
  addEndpoint(
    app,
    scheduleEndpoints.attendanceMonth,
    async (request) => {
      const child = await requireOwnChild(db, request.session, request.query.enrollNumber);
      return { ...ok, ...(await attendanceMonth(db, child, request.query.month)) };
    },
    { cacheAnswer: true },
  );
}

type TRecord = { day: string; status: string; note: string; arrivedAt: string | null };

/**
 * A month of a child (docs/modules.md, F1 edges): a recorded status on each recorded day, a
 * holiday (never an absence) on the school's published holidays, the weekend, or `none`;
 * days outside the child's enrolment show `none`. An absence without a note or a standing
 * leave request is unexplained: the parent may explain it.
 */
export async function attendanceMonth(
  db: TDatabase,
  child: TStudentRow,
  month: string,
): Promise<Omit<TAttendanceMonth, 'success' | 'messageId'>> {
  const { schoolId, enrollNumber } = child;
  const days = daysOfMonth(month);
  const from = days[0] ?? `${month}-01`;
  const to = days.at(-1) ?? from;
  const [week, classes, records, holidays, onLeave] = await Promise.all([
    schoolWeekOf(db, schoolId),
    classesOfChild(db, schoolId, enrollNumber),
    db
      .select({
        day: attendanceDays.day,
        status: attendanceDays.status,
        note: attendanceDays.note,
        arrivedAt: attendanceDays.arrivedAt,
      })
      .from(attendanceDays)
      .where(
        and(
          eq(attendanceDays.schoolId, schoolId),
          eq(attendanceDays.enrollNumber, enrollNumber),
          between(attendanceDays.day, from, to),
        ),
      )
      .orderBy(asc(attendanceDays.day)),
    holidaysOf(db, schoolId, [child.gradeCode], from, to),
    leaveOf(db, schoolId, [enrollNumber], from, to),
  ]);
  const recorded = new Map<string, TRecord>(records.map((record) => [record.day, record]));
  const view = days.map((day): TAttendanceDay => {
    const record = recorded.get(day);
    const enrolled = classes.some((span) => coversDay(span, day));
    const holiday = enrolled || record ? holidayOn(holidays, day) : undefined;
    const blank = { date: day, note: '', arrivedAt: null, unexplained: false, holiday: '', holidayAr: '' };
    if (holiday) return { ...blank, status: 'holiday', holiday: holiday.titleEn, holidayAr: holiday.titleAr };
    if (record) {
      const status = record.status as TAttendanceDay['status'];
      return {
        ...blank,
        status,
        note: record.note,
        arrivedAt: record.arrivedAt,
        unexplained: isUnexplainedAbsence(record) && !onLeave(enrollNumber, day),
      };
    }
    if (enrolled && isWeekend(day, week.weekendDays)) return { ...blank, status: 'weekend' };
    return { ...blank, status: 'none' };
  });
  const count = (status: TAttendanceDay['status']) => view.filter((day) => day.status === status).length;
  const summary = {
    present: count('present'),
    absent: count('absent'),
    late: count('late'),
    excused: count('excused'),
  };
  const recordedDays = summary.present + summary.absent + summary.late + summary.excused;
  const rate = recordedDays === 0 ? null : (summary.present + summary.late) / recordedDays;
  return { month, days: view, summary: { ...summary, rate } };
}
