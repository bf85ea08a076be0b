import { studentDetails } from '../../../db/schema/index.ts';
import {
  appliedCounts,
  byStatus,
  removeRows,
  reportProblem,
  upsertRows,
} from '../../../kits/bundle-apply.ts';
import { rowReader } from '../../../kits/bundle-fields.ts';
import type { TBundleFileHandler } from '../../../kits/bundle-file.ts';
import { DEMOGRAPHICS } from './columns.ts';
import { enrollNumbersBySourcedId } from './references.ts';

// demographics.csv: of each student, the birth date and sex only; the portal keeps none of
// the file's other columns (docs/school-data.md).

const SEXES = ['male', 'female', 'unspecified', 'other'] as const;

type TDemographicsRow = { sourcedId: string; birthDate: string | null; sex: (typeof SEXES)[number] | null };

export const demographicsFile: TBundleFileHandler<TDemographicsRow> = {
  file: 'demographics.csv',
  columns: DEMOGRAPHICS.read,
  optionalColumns: DEMOGRAPHICS.other,
  after: ['users.csv'],
  keyColumn: 'sourcedId',
  parseRow(record, row) {
    const read = rowReader(record, row);
    const value = {
      sourcedId: read.text('sourcedId', { required: true }),
      birthDate: read.day('birthDate'),
      sex: read.oneOf('sex', SEXES),
    };
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const enrollOf = await enrollNumbersBySourcedId(tx, context.schoolId);
    const { active, deleted } = byStatus(rows);
    const valid = active.flatMap(({ row, value }) => {
      const enrollNumber = enrollOf.get(value.sourcedId);
      if (!enrollNumber)
        reportProblem(context, row, 'sourcedId', `"${value.sourcedId}" is not a student of the school`);
      return enrollNumber ? [{ enrollNumber, ...value }] : [];
    });
    const removed = await removeRows(tx, context, studentDetails, {
      school: studentDetails.schoolId,
      id: studentDetails.enrollNumber,
      deleted: deleted.flatMap(({ value }) => enrollOf.get(value.sourcedId) ?? []),
      kept: valid.map((row) => row.enrollNumber),
    });
    const result = await upsertRows(tx, studentDetails, {
      target: [studentDetails.schoolId, studentDetails.enrollNumber],
      update: [studentDetails.birthDate, studentDetails.sex],
      rows: valid.map((row) => ({
        schoolId: context.schoolId,
        enrollNumber: row.enrollNumber,
        birthDate: row.birthDate,
        sex: row.sex,
      })),
    });
    return appliedCounts(rows.length, result, removed);
  },
};
