import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { TAttendanceStatus } from '@portal/contracts/families/schedule';
import type { TDatabase } from '../../db/client.ts';
import { attendanceDays } from '../../db/schema/index.ts';
import { batchesOf } from '../../kits/bundle-apply.ts';
import { noticeNewAbsences } from './absence-notice.ts';

// Attendance marks have two ways in (docs/school-data.md): the bundle's attendance.csv and the
// staff API. Both write through here, so both tell the parents of a new unexplained absence
// the same way, once.

/** One child's mark on one day; `arrivedAt` undefined leaves a stored arrival time as it is. */
export type TAttendanceMark = {
  enrollNumber: string;
  day: string;
  status: TAttendanceStatus;
  note: string;
  arrivedAt?: string | null;
};

type TStored = { status: string; note: string; arrivedAt: string | null };

const keyOf = (enrollNumber: string, day: string) => `${enrollNumber}\n${day}`;

/** An absence with no reason given: what a parent is told of, and may explain. */
export const isUnexplainedAbsence = (mark: { status: string; note: string }) =>
  mark.status === 'absent' && mark.note.trim() === '';

/** The condition that keeps the rows of these children's days (a batch of them). */
export function childDaysIn(days: readonly { enrollNumber: string; day: string }[]): SQL {
  return sql`(${attendanceDays.enrollNumber}, ${attendanceDays.day}) in (${sql.join(
    days.map((mark) => sql`(${mark.enrollNumber}, ${mark.day}::date)`),
    sql`, `,
  )})`;
}

/** The stored marks of these children's days, by child and day. */
async function storedMarks(
  tx: TDatabase,
  schoolId: string,
  days: { enrollNumber: string; day: string }[],
): Promise<Map<string, TStored>> {
  const stored = new Map<string, TStored>();
  for (const batch of batchesOf(days, 2)) {
    const rows = await tx
      .select({
        enrollNumber: attendanceDays.enrollNumber,
        day: attendanceDays.day,
        status: attendanceDays.status,
        note: attendanceDays.note,
        arrivedAt: attendanceDays.arrivedAt,
      })
      .from(attendanceDays)
      .where(and(eq(attendanceDays.schoolId, schoolId), childDaysIn(batch)));
    for (const row of rows) stored.set(keyOf(row.enrollNumber, row.day), row);
  }
  return stored;
}

/**
 * Writes the marks (each child and day once), leaving unchanged ones alone, and notifies the
 * parents of each absence that is newly unexplained (docs/notifications.md). Answers what changed.
 */
export async function storeAttendance(
  tx: TDatabase,
  schoolId: string,
  today: string,
  marks: TAttendanceMark[],
): Promise<{ added: number; changed: number; notified: number }> {
  if (marks.length === 0) return { added: 0, changed: 0, notified: 0 };
  const stored = await storedMarks(tx, schoolId, marks);
  let added = 0;
  const writes: (typeof attendanceDays.$inferInsert)[] = [];
  const newlyUnexplained: { enrollNumber: string; day: string }[] = [];
  for (const mark of marks) {
    const before = stored.get(keyOf(mark.enrollNumber, mark.day));
    const arrivedAt = mark.arrivedAt === undefined ? (before?.arrivedAt ?? null) : mark.arrivedAt;
    if (
      before &&
      before.status === mark.status &&
      before.note === mark.note &&
      before.arrivedAt === arrivedAt
    )
      continue;
    if (!before) added += 1;
    writes.push({
      schoolId,
      enrollNumber: mark.enrollNumber,
      day: mark.day,
      status: mark.status,
      note: mark.note,
      arrivedAt,
    });
    if (isUnexplainedAbsence(mark) && !(before && isUnexplainedAbsence(before)))
      newlyUnexplained.push({ enrollNumber: mark.enrollNumber, day: mark.day });
  }
  for (const batch of batchesOf(writes, 7)) {
    await tx
      .insert(attendanceDays)
      .values(batch)
      .onConflictDoUpdate({
        target: [attendanceDays.schoolId, attendanceDays.enrollNumber, attendanceDays.day],
        set: {
          status: sql`excluded.status`,
          note: sql`excluded.note`,
          arrivedAt: sql`excluded.arrived_at`,
          updatedAt: sql`now()`,
        },
      });
  }
  const notified = await noticeNewAbsences(tx, schoolId, today, newlyUnexplained);
  return { added, changed: writes.length - added, notified };
}
