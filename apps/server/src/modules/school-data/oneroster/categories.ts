import { assessmentCategories } from '../../../db/schema/index.ts';
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
import { CATEGORIES } from './columns.ts';

// categories.csv: kinds of graded work. The portal's extension `metadata.kind` says which page
// lists their work: assessments (the default), assignments or co-scholastic activities.

export const CATEGORY_KINDS = ['assessment', 'assignment', 'coScholastic'] as const;

type TCategoryRow = {
  sourcedId: string;
  title: string;
  titleAr: string | undefined;
  weight: number | null;
  kind: (typeof CATEGORY_KINDS)[number] | null;
};

export const categoriesFile: TBundleFileHandler<TCategoryRow> = {
  file: 'categories.csv',
  columns: CATEGORIES.read,
  optionalColumns: CATEGORIES.other,
  keyColumn: 'sourcedId',
  parseRow(record, row, status) {
    const read = rowReader(record, row);
    const value = {
      sourcedId: read.text('sourcedId', { required: true }),
      title: read.text('title', { required: status === 'active' }),
      titleAr: read.extension('metadata.titleAr'),
      weight: read.number('weight'),
      kind: read.oneOf('metadata.kind', CATEGORY_KINDS),
    };
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const { active, deleted } = byStatus(rows);
    const removed = await removeRows(tx, context, assessmentCategories, {
      school: assessmentCategories.schoolId,
      id: assessmentCategories.categoryId,
      removedAt: assessmentCategories.removedAt,
      deleted: sourcedIdsOf(deleted),
      kept: sourcedIdsOf(active),
    });
    const result = await upsertRows(tx, assessmentCategories, {
      target: [assessmentCategories.schoolId, assessmentCategories.categoryId],
      update: [
        assessmentCategories.kind,
        assessmentCategories.titleEn,
        assessmentCategories.weight,
        assessmentCategories.removedAt,
        ...extensionColumns(active[0]?.value, [['titleAr', assessmentCategories.titleAr]]),
      ],
      rows: active.map(({ value }) => ({
        schoolId: context.schoolId,
        categoryId: value.sourcedId,
        kind: value.kind ?? 'assessment',
        titleEn: value.title,
        titleAr: value.titleAr ?? '',
        weight: value.weight,
        removedAt: null,
      })),
    });
    return appliedCounts(rows.length, result, removed);
  },
};
