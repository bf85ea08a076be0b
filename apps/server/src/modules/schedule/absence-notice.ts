import { and, eq, inArray } from 'drizzle-orm';
import { daysBetween } from '@portal/contracts/kits/dates';
import type { TDatabase } from '../../db/client.ts';
import { students } from '../../db/schema/index.ts';
import { batchesOf } from '../../kits/bundle-apply.ts';
import { firstNameOf, noticeDay, notify, type TNotice } from '../../kits/notify.ts';
import { holidayOn, holidaysOf, leaveOf, type THoliday } from './repository.ts';

// `attendance.absent` (docs/modules.md F1 events; docs/notifications.md): the parents of a child
// marked absent without a reason are told, naming the child and the day, so they can explain
// it. An absence older than a week is recorded without a notice (a late import of old marks
// alarms no one); a holiday is never an absence; a leave request already explains the day.

/** How many days back an absence is still told. */
export const ABSENCE_NOTICE_DAYS = 7;

/** The notice of one unexplained absence. */
export function absenceNotice(
  schoolId: string,
  child: { enrollNumber: string; firstName: string },
  day: string,
): TNotice {
  const name = child.firstName;
  const [en, ar] = [noticeDay('en', day), noticeDay('ar', day)];
  return {
    schoolId,
    enrollNumber: child.enrollNumber,
    category: 'attendance',
    kind: 'attendance.absent',
    dedupeKey: `attendance.absent:${child.enrollNumber}:${day}`,
    title: { en: `${name} was absent on ${en}`, ar: `غياب ${name} يوم ${ar}` },
    body: {
      en: `The school recorded ${name} as absent on ${en}, with no reason given. If you know why, explain the absence in the portal.`,
      ar: `سجّلت المدرسة غياب ${name} يوم ${ar} دون ذكر سبب. إن كنت تعرف السبب، فاشرح الغياب في البوابة.`,
    },
    path: `/attendance_month?enrollNumber=${encodeURIComponent(child.enrollNumber)}&month=${day.slice(0, 7)}`,
  };
}

/**
 * Notifies the parents of each of these newly unexplained absences that falls in the last week
 * (today included), on a school day without holiday or leave. Answers how many notices were written.
 */
export async function noticeNewAbsences(
  tx: TDatabase,
  schoolId: string,
  today: string,
  absences: { enrollNumber: string; day: string }[],
): Promise<number> {
  const recent = absences.filter(({ day }) => {
    const age = daysBetween(day, today);
    return age >= 0 && age <= ABSENCE_NOTICE_DAYS;
  });
  if (recent.length === 0) return 0;
  const enrollNumbers = [...new Set(recent.map((absence) => absence.enrollNumber))];
  const children = new Map<string, { enrollNumber: string; firstName: string; gradeCode: string }>();
  for (const batch of batchesOf(enrollNumbers, 1)) {
    const rows = await tx
      .select({
        enrollNumber: students.enrollNumber,
        firstName: students.passportFirstNameEn,
        fullName: students.fullName,
        gradeCode: students.gradeCode,
      })
      .from(students)
      .where(and(eq(students.schoolId, schoolId), inArray(students.enrollNumber, batch)));
    for (const row of rows)
      children.set(row.enrollNumber, {
        ...row,
        firstName: firstNameOf(row),
      });
  }
  const from = recent.map((absence) => absence.day).sort()[0] ?? today;
  // One query after the other: a transaction's connection runs one at a time.
  const onLeave = await leaveOf(tx, schoolId, enrollNumbers, from, today);
  const holidays = new Map<string, THoliday[]>();
  for (const grade of new Set([...children.values()].map((child) => child.gradeCode)))
    holidays.set(grade, await holidaysOf(tx, schoolId, [grade], from, today));
  const notices = recent.flatMap(({ enrollNumber, day }) => {
    const child = children.get(enrollNumber);
    if (!child || onLeave(enrollNumber, day) || holidayOn(holidays.get(child.gradeCode) ?? [], day))
      return [];
    return [absenceNotice(schoolId, child, day)];
  });
  return notices.length === 0 ? 0 : notify(tx, notices);
}
