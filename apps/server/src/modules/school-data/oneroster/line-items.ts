import { assessments } from '../../../db/schema/index.ts';
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
import { LINE_ITEMS } from './columns.ts';
import { gradebookReferences } from './gradebook-references.ts';
import { referencesKnown } from './references.ts';

// lineItems.csv: graded work of a class (docs/school-data.md). Imported work starts
// unreleased: parents see its results once the school releases them, never at import.

type TLineItemRow = {
  sourcedId: string;
  title: string;
  titleAr: string | undefined;
  description: string;
  classSourcedId: string;
  categorySourcedId: string;
  /** `academicSessionSourcedId` (1.2) or `gradingPeriodSourcedId` (1.1), and which it was. */
  termSourcedId: string;
  termColumn: string;
  scaleSourcedId: string;
  assignedOn: string | null;
  dueOn: string | null;
  resultMin: number | null;
  resultMax: number | null;
};

export const lineItemsFile: TBundleFileHandler<TLineItemRow> = {
  file: 'lineItems.csv',
  columns: LINE_ITEMS.read,
  optionalColumns: LINE_ITEMS.other,
  after: ['classes.csv', 'categories.csv', 'academicSessions.csv', 'scoreScales.csv'],
  keyColumn: 'sourcedId',
  parseRow(record, row, status) {
    const read = rowReader(record, row);
    const required = { required: status === 'active' };
    const value = {
      sourcedId: read.text('sourcedId', { required: true }),
      title: read.text('title', required),
      titleAr: read.extension('metadata.titleAr'),
      description: read.text('description'),
      classSourcedId: read.text('classSourcedId', required),
      categorySourcedId: read.text('categorySourcedId', required),
      termSourcedId: read.text('academicSessionSourcedId') || read.text('gradingPeriodSourcedId'),
      termColumn: read.text('academicSessionSourcedId')
        ? 'academicSessionSourcedId'
        : 'gradingPeriodSourcedId',
      scaleSourcedId: read.text('scoreScaleSourcedId'),
      assignedOn: read.day('assignDate'),
      dueOn: read.day('dueDate'),
      resultMin: read.number('resultValueMin'),
      resultMax: read.number('resultValueMax'),
    };
    if (value.resultMin !== null && value.resultMax !== null && value.resultMax < value.resultMin) {
      read.problem('resultValueMax', 'the highest result is below the lowest');
    }
    if (value.assignedOn && value.dueOn && value.dueOn < value.assignedOn) {
      read.problem('dueDate', 'due before it is assigned');
    }
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const known = await gradebookReferences(tx, context.schoolId);
    const { active, deleted } = byStatus(rows);
    const valid = active.filter(({ row, value }) =>
      referencesKnown(context, row, [
        ['classSourcedId', value.classSourcedId, known.classes, 'a class'],
        ['categorySourcedId', value.categorySourcedId, known.categories, 'a category'],
        [value.termColumn, value.termSourcedId, known.sessions, 'an academic session'],
        ['scoreScaleSourcedId', value.scaleSourcedId, known.scales, 'a score scale'],
      ]),
    );
    const removed = await removeRows(tx, context, assessments, {
      school: assessments.schoolId,
      id: assessments.assessmentId,
      removedAt: assessments.removedAt,
      deleted: sourcedIdsOf(deleted),
      kept: sourcedIdsOf(active),
    });
    const result = await upsertRows(tx, assessments, {
      target: [assessments.schoolId, assessments.assessmentId],
      update: [
        assessments.classId,
        assessments.categoryId,
        assessments.termId,
        assessments.scaleId,
        assessments.titleEn,
        assessments.description,
        assessments.assignedOn,
        assessments.dueOn,
        assessments.resultMin,
        assessments.resultMax,
        assessments.removedAt,
        ...extensionColumns(valid[0]?.value, [['titleAr', assessments.titleAr]]),
      ],
      rows: valid.map(({ value }) => ({
        schoolId: context.schoolId,
        assessmentId: value.sourcedId,
        classId: value.classSourcedId,
        categoryId: value.categorySourcedId,
        termId: value.termSourcedId || null,
        scaleId: value.scaleSourcedId || null,
        titleEn: value.title,
        titleAr: value.titleAr ?? '',
        description: value.description,
        assignedOn: value.assignedOn,
        dueOn: value.dueOn,
        resultMin: value.resultMin,
        resultMax: value.resultMax,
        removedAt: null,
      })),
    });
    return appliedCounts(rows.length, result, removed);
  },
};
