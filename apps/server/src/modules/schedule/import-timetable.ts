import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { classes, staff, timetablePeriods } from '../../db/schema/index.ts';
import {
  appliedCounts,
  batchesOf,
  byStatus,
  removeRows,
  reportProblem,
  sourcedIdsOf,
  upsertRows,
} from '../../kits/bundle-apply.ts';
import { rowReader } from '../../kits/bundle-fields.ts';
import type { TBundleFileHandler } from '../../kits/bundle-file.ts';
import { COMMON_COLUMNS, timeOf, titleOf, wholeNumberOf } from './import-columns.ts';

// timetable.csv (docs/school-data.md): one row per weekly lesson of a class, by its
// `sourcedId`; a bulk file holds the whole timetable (a lesson it no longer lists is removed).

type TPeriodRow = {
  sourcedId: string;
  classId: string;
  weekday: number;
  periodNo: number;
  startsAt: string;
  endsAt: string;
  room: string;
  staffId: string | null;
  validFrom: string | null;
  validTo: string | null;
};

export const timetableFile: TBundleFileHandler<TPeriodRow> = {
  file: 'timetable.csv',
  columns: ['sourcedId', 'classSourcedId', 'weekday', 'periodNo', 'startTime', 'endTime'],
  optionalColumns: [...COMMON_COLUMNS, 'room', 'teacherSourcedId', 'validFrom', 'validTo'],
  after: ['classes.csv', 'users.csv'],
  keyColumn: 'sourcedId',
  parseRow(record, row, status) {
    const read = rowReader(record, row);
    const required = { required: status === 'active' };
    const value: TPeriodRow = {
      sourcedId: read.text('sourcedId', { required: true }),
      classId: read.text('classSourcedId', required),
      weekday: wholeNumberOf(read, 'weekday', { min: 1, max: 7 }, required) ?? 0,
      periodNo: wholeNumberOf(read, 'periodNo', { min: 0, max: 30 }, required) ?? 0,
      startsAt: timeOf(read, 'startTime', required) ?? '',
      endsAt: timeOf(read, 'endTime', required) ?? '',
      room: titleOf(read, 'room'),
      staffId: read.text('teacherSourcedId') || null,
      validFrom: read.day('validFrom'),
      validTo: read.day('validTo'),
    };
    if (value.startsAt && value.endsAt && value.endsAt <= value.startsAt)
      read.problem('endTime', 'the lesson ends before it starts');
    if (value.validFrom && value.validTo && value.validTo < value.validFrom)
      read.problem('validTo', 'the end comes before the start');
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const { schoolId } = context;
    const { active, deleted } = byStatus(rows);
    const knownClasses = await existingIds(
      tx,
      schoolId,
      'class',
      active.map((row) => row.value.classId),
    );
    const knownStaff = await existingIds(
      tx,
      schoolId,
      'staff',
      active.flatMap((row) => row.value.staffId ?? []),
    );
    for (const { row, value } of active) {
      if (!knownClasses.has(value.classId))
        reportProblem(context, row, 'classSourcedId', `no class of the school has the id "${value.classId}"`);
      if (value.staffId && !knownStaff.has(value.staffId))
        reportProblem(
          context,
          row,
          'teacherSourcedId',
          `no member of the school's staff has the id "${value.staffId}"`,
        );
    }
    const written = await upsertRows(tx, timetablePeriods, {
      target: [timetablePeriods.schoolId, timetablePeriods.periodId],
      update: [
        timetablePeriods.classId,
        timetablePeriods.weekday,
        timetablePeriods.periodNo,
        timetablePeriods.startsAt,
        timetablePeriods.endsAt,
        timetablePeriods.room,
        timetablePeriods.staffId,
        timetablePeriods.validFrom,
        timetablePeriods.validTo,
      ],
      rows: active.map(({ value }) => ({
        schoolId,
        periodId: value.sourcedId,
        classId: value.classId,
        weekday: value.weekday,
        periodNo: value.periodNo,
        startsAt: value.startsAt,
        endsAt: value.endsAt,
        room: value.room,
        staffId: value.staffId,
        validFrom: value.validFrom,
        validTo: value.validTo,
      })),
    });
    const removed = await removeRows(tx, context, timetablePeriods, {
      school: timetablePeriods.schoolId,
      id: timetablePeriods.periodId,
      deleted: sourcedIdsOf(deleted),
      kept: sourcedIdsOf(active),
    });
    return appliedCounts(rows.length, written, removed);
  },
};

/** The ids among these of the school's classes or staff (not removed). */
export async function existingIds(
  tx: TDatabase,
  schoolId: string,
  kind: 'class' | 'staff',
  ids: string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (const batch of batchesOf([...new Set(ids)], 1)) {
    const rows =
      kind === 'class'
        ? await tx
            .select({ id: classes.classId })
            .from(classes)
            .where(
              and(eq(classes.schoolId, schoolId), inArray(classes.classId, batch), isNull(classes.removedAt)),
            )
        : await tx
            .select({ id: staff.staffId })
            .from(staff)
            .where(and(eq(staff.schoolId, schoolId), inArray(staff.staffId, batch), isNull(staff.removedAt)));
    for (const row of rows) found.add(row.id);
  }
  return found;
}
