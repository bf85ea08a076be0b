import { subjects } from '../../../db/schema/index.ts';
import {
  appliedCounts,
  byStatus,
  extensionColumns,
  removeRows,
  sourcedIdsOf,
  upsertRows,
} from '../../../kits/bundle-apply.ts';
import { rowReader } from '../../../kits/bundle-fields.ts';
import type { TBundleFileHandler } from '../../../kits/bundle-file.ts';
import { COURSES } from './columns.ts';

// courses.csv: the subjects the school teaches (docs/school-data.md).

type TCourseRow = { sourcedId: string; title: string; titleAr: string | undefined; code: string };

export const coursesFile: TBundleFileHandler<TCourseRow> = {
  file: 'courses.csv',
  columns: COURSES.read,
  optionalColumns: COURSES.other,
  after: ['orgs.csv'],
  keyColumn: 'sourcedId',
  parseRow(record, row, status) {
    const read = rowReader(record, row);
    const value = {
      sourcedId: read.text('sourcedId', { required: true }),
      title: read.text('title', { required: status === 'active' }),
      titleAr: read.extension('metadata.titleAr'),
      code: read.text('courseCode'),
    };
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const { active, deleted } = byStatus(rows);
    const removed = await removeRows(tx, context, subjects, {
      school: subjects.schoolId,
      id: subjects.subjectId,
      removedAt: subjects.removedAt,
      deleted: sourcedIdsOf(deleted),
      kept: sourcedIdsOf(active),
    });
    const result = await upsertRows(tx, subjects, {
      target: [subjects.schoolId, subjects.subjectId],
      update: [
        subjects.code,
        subjects.nameEn,
        subjects.removedAt,
        ...extensionColumns(active[0]?.value, [['titleAr', subjects.nameAr]]),
      ],
      rows: active.map(({ value }) => ({
        schoolId: context.schoolId,
        subjectId: value.sourcedId,
        code: value.code,
        nameEn: value.title,
        nameAr: value.titleAr ?? '',
        removedAt: null,
      })),
    });
    return appliedCounts(rows.length, result, removed);
  },
};
