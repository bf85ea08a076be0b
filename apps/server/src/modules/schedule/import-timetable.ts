import { timetablePeriods } from '../../db/schema/index.ts';
import { appliedCounts, byStatus, removeRows, sourcedIdsOf, upsertRows } from '../../kits/bundle-apply.ts';
import { rowReader } from '../../kits/bundle-fields.ts';
import type { TBundleFileHandler } from '../../kits/bundle-file.ts';
import { timeOf, titleOf, wholeNumberOf } from '../../kits/portal-columns.ts';
import { checkReferences } from '../../kits/school-ids.ts';

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
  optionalColumns: ['room', 'teacherSourcedId', 'validFrom', 'validTo'],
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
    await checkReferences(tx, context, active, [
      { kind: 'class', column: 'classSourcedId', idOf: (value) => value.classId },
      { kind: 'staff', column: 'teacherSourcedId', idOf: (value) => value.staffId },
    ]);
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
