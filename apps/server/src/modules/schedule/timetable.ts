import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { MessageId } from '@portal/contracts/messages';
import { addDays, daysBetween, isoWeekdayOf } from '@portal/contracts/kits/dates';
import { scheduleEndpoints, type TLesson } from '@portal/contracts/families/schedule';
import type { TDatabase } from '../../db/client.ts';
import { staff, timetablePeriods } from '../../db/schema/index.ts';
import { requireOwnChild, type TStudentRow } from '../../access/own-child.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import {
  classesOfChild,
  coversDay,
  holidayOn,
  holidaysOf,
  schoolWeekOf,
  teachersOfClasses,
} from './repository.ts';
import { isWeekend, weekStartOf } from './school-days.ts';

const ok = { success: true, messageId: MessageId.ok } as const;

/** GET timetable/week (module `timetable`): the lessons of the school week holding `date`. */
export function timetableRoutes(app: FastifyInstance, db: TDatabase): void {
  addEndpoint(
    app,
    scheduleEndpoints.timetableWeek,
    async (request) => {
      const child = await requireOwnChild(db, request.session, request.query.enrollNumber);
      const week = await schoolWeekOf(db, child.schoolId);
      const weekStart = weekStartOf(request.query.date, week.weekendDays);
      const lessons = await lessonsOf(db, child, weekStart, addDays(weekStart, 6));
      return { ...ok, weekStart, weekendDays: week.weekendDays, lessons };
    },
    { cacheAnswer: true },
  );
}

type TStaffName = { nameEn: string; nameAr: string };

/** The staff of a school by id (those not removed), for naming teachers. */
export async function staffNames(
  db: TDatabase,
  schoolId: string,
  staffIds: string[],
): Promise<Map<string, TStaffName>> {
  if (staffIds.length === 0) return new Map();
  const rows = await db
    .select({ staffId: staff.staffId, nameEn: staff.nameEn, nameAr: staff.nameAr })
    .from(staff)
    .where(and(eq(staff.schoolId, schoolId), inArray(staff.staffId, staffIds), isNull(staff.removedAt)));
  return new Map(rows.map((row) => [row.staffId, row]));
}

/**
 * A child's lessons from `from` to `to` (both included): the weekly periods of the child's
 * classes on the days the enrolment and the period are valid, without the school's weekend
 * and published holidays. The teacher is the period's own, else the class's main teacher.
 */
export async function lessonsOf(
  db: TDatabase,
  child: TStudentRow,
  from: string,
  to: string,
): Promise<TLesson[]> {
  const { schoolId } = child;
  const classes = await classesOfChild(db, schoolId, child.enrollNumber);
  if (classes.length === 0) return [];
  const classIds = classes.map((item) => item.classId);
  const [week, periods, teachers, holidays] = await Promise.all([
    schoolWeekOf(db, schoolId),
    db
      .select()
      .from(timetablePeriods)
      .where(and(eq(timetablePeriods.schoolId, schoolId), inArray(timetablePeriods.classId, classIds)))
      .orderBy(asc(timetablePeriods.startsAt), asc(timetablePeriods.periodNo)),
    teachersOfClasses(db, schoolId, classIds),
    holidaysOf(db, schoolId, [child.gradeCode], from, to),
  ]);
  const classTeacher = new Map<string, string>();
  for (const teacher of teachers)
    if (!classTeacher.has(teacher.classId)) classTeacher.set(teacher.classId, teacher.staffId);
  const names = await staffNames(db, schoolId, [
    ...new Set([
      ...classTeacher.values(),
      ...periods.flatMap((period) => (period.staffId ? [period.staffId] : [])),
    ]),
  ]);
  const classById = new Map(classes.map((item) => [item.classId, item]));
  const lessons: TLesson[] = [];
  for (let offset = 0; offset <= daysBetween(from, to); offset += 1) {
    const date = addDays(from, offset);
    if (isWeekend(date, week.weekendDays) || holidayOn(holidays, date)) continue;
    const weekday = isoWeekdayOf(date);
    for (const period of periods) {
      const item = classById.get(period.classId);
      if (!item || period.weekday !== weekday || !coversDay(item, date)) continue;
      if (!coversDay({ beginsOn: period.validFrom, endsOn: period.validTo }, date)) continue;
      const teacher =
        (period.staffId ? names.get(period.staffId) : undefined) ??
        names.get(classTeacher.get(period.classId) ?? '');
      lessons.push({
        id: `${period.periodId}:${date}`,
        date,
        periodNo: period.periodNo,
        start: period.startsAt,
        end: period.endsAt,
        subject: item.subjectEn,
        subjectAr: item.subjectAr,
        teacher: teacher?.nameEn ?? '',
        teacherAr: teacher?.nameAr ?? '',
        room: period.room || item.room,
      });
    }
  }
  return lessons;
}
