import { and, between, eq } from 'drizzle-orm';
import { ATTENDANCE_STATUSES, type TAttendanceStatus } from '@portal/contracts/families/schedule';
import type { TDatabase } from '../../db/client.ts';
import { attendanceDays } from '../../db/schema/index.ts';
import { batchesOf, byStatus, fileCounts, reportProblem } from '../../kits/bundle-apply.ts';
import { rowReader } from '../../kits/bundle-fields.ts';
import type { TBundleFileHandler } from '../../kits/bundle-file.ts';
import { childDaysIn, storeAttendance } from './attendance-store.ts';
import { schoolIdsAmong } from '../../kits/school-ids.ts';
import { timeOf } from '../../kits/portal-columns.ts';

// attendance.csv (docs/school-data.md): one row per child and school day. The portal keeps a
// mark by child and day, so a `tobedeleted` row names the child and the day it removes. A
// bulk file is the whole record of the days it spans: a stored mark on one of those days that
// the file no longer holds is removed; days outside the file's span are left alone.

const MAX_NOTE_LENGTH = 500;

type TAttendanceRow = {
  sourcedId: string;
  enrollNumber: string;
  day: string;
  status: TAttendanceStatus | null;
  note: string;
  arrivedAt: string | null | undefined;
};

const keyOf = (enrollNumber: string, day: string) => `${enrollNumber}\n${day}`;

export const attendanceFile: TBundleFileHandler<TAttendanceRow> = {
  file: 'attendance.csv',
  columns: ['sourcedId', 'enrollNumber', 'date', 'attendanceStatus'],
  optionalColumns: ['note', 'arrivedAt'],
  // The calendar's holidays decide which absences are told, so it is applied first.
  after: ['users.csv', 'calendar.csv'],
  keyColumn: 'sourcedId',
  parseRow(record, row, status) {
    const read = rowReader(record, row);
    const active = status === 'active';
    const value: TAttendanceRow = {
      sourcedId: read.text('sourcedId', { required: true }),
      enrollNumber: read.text('enrollNumber', { required: true }),
      day: read.day('date', { required: true }) ?? '',
      status: read.oneOf('attendanceStatus', ATTENDANCE_STATUSES, { required: active }),
      note: read.text('note').trim(),
      arrivedAt: read.has('arrivedAt') ? timeOf(read, 'arrivedAt') : undefined,
    };
    if (value.note.length > MAX_NOTE_LENGTH)
      read.problem('note', `longer than ${MAX_NOTE_LENGTH} characters`);
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const { schoolId } = context;
    const known = await schoolIdsAmong(
      tx,
      schoolId,
      'student',
      rows.map((row) => row.value.enrollNumber),
    );
    const seen = new Set<string>();
    let problems = 0;
    const problem = (row: number, column: string, message: string) => {
      problems += 1;
      reportProblem(context, row, column, message);
    };
    for (const row of rows) {
      const { enrollNumber, day } = row.value;
      // A row that removes a mark needs only to name it.
      const adds = row.status === 'active';
      if (adds && !known.has(enrollNumber))
        problem(
          row.row,
          'enrollNumber',
          `no student of the school has the enrolment number "${enrollNumber}"`,
        );
      if (adds && day > context.today) problem(row.row, 'date', 'a day to come has no attendance yet');
      if (seen.has(keyOf(enrollNumber, day)))
        problem(row.row, 'date', `${enrollNumber} has another row for ${day} in this file`);
      seen.add(keyOf(enrollNumber, day));
    }
    // The bundle is refused: nothing is written (a child's day twice could not be anyway).
    if (problems > 0) return fileCounts({ rows: rows.length, added: 0, changed: 0, removedByRows: 0 });
    const { active, deleted } = byStatus(rows);
    let removedByRows = 0;
    for (const batch of batchesOf(deleted, 2)) {
      const removed = await tx
        .delete(attendanceDays)
        .where(and(eq(attendanceDays.schoolId, schoolId), childDaysIn(batch.map((row) => row.value))))
        .returning({ day: attendanceDays.day });
      removedByRows += removed.length;
    }
    const removedMissing =
      context.mode === 'bulk'
        ? await removeMissing(
            tx,
            schoolId,
            active.map((row) => row.value),
          )
        : 0;
    const stored = await storeAttendance(
      tx,
      schoolId,
      context.today,
      active.flatMap(({ value }) =>
        value.status
          ? [
              {
                enrollNumber: value.enrollNumber,
                day: value.day,
                status: value.status,
                note: value.note,
                arrivedAt: value.arrivedAt,
              },
            ]
          : [],
      ),
    );
    return fileCounts({
      rows: rows.length,
      added: stored.added,
      changed: stored.changed,
      removedByRows,
      removedMissing,
    });
  },
};

/** Removes the stored marks on the days a bulk file spans that the file does not hold. */
async function removeMissing(
  tx: TDatabase,
  schoolId: string,
  rows: { enrollNumber: string; day: string }[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const days = rows.map((row) => row.day).sort();
  const inFile = new Set(rows.map((row) => keyOf(row.enrollNumber, row.day)));
  const stored = await tx
    .select({ enrollNumber: attendanceDays.enrollNumber, day: attendanceDays.day })
    .from(attendanceDays)
    .where(
      and(
        eq(attendanceDays.schoolId, schoolId),
        between(attendanceDays.day, days[0] ?? '', days.at(-1) ?? ''),
      ),
    );
  const missing = stored.filter((row) => !inFile.has(keyOf(row.enrollNumber, row.day)));
  for (const batch of batchesOf(missing, 2)) {
    await tx.delete(attendanceDays).where(and(eq(attendanceDays.schoolId, schoolId), childDaysIn(batch)));
  }
  return missing.length;
}
