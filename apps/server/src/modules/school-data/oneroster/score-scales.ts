import { gradingScales, type TGradingBand } from '../../../db/schema/index.ts';
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
import { SCORE_SCALES } from './columns.ts';
import { gradebookReferences } from './gradebook-references.ts';
import { referencesKnown } from './references.ts';

// scoreScales.csv (OneRoster 1.2): how scores become grades. `scoreScaleValue` lists the bands
// as `{scores:grade}` pairs, e.g. `{90-100:A},{80-89:B}`; the portal's extensions
// `metadata.descriptors` and `metadata.descriptorsAr` say what each grade means, as
// `{grade:text}` pairs (docs/school-data.md).

type TScaleRow = {
  sourcedId: string;
  title: string;
  titleAr: string | undefined;
  type: string;
  classSourcedId: string;
  courseSourcedId: string;
  bands: TGradingBand[];
};

/** The `{left:right}` pairs of a list (braces may be left out when no value holds a comma). */
export function pairsOf(text: string): [string, string][] | null {
  const items = text.includes('{')
    ? [...text.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1] ?? '')
    : text.split(',');
  const pairs: [string, string][] = [];
  for (const item of items.map((entry) => entry.trim()).filter((entry) => entry !== '')) {
    const colon = item.indexOf(':');
    if (colon <= 0) return null;
    pairs.push([item.slice(0, colon).trim(), item.slice(colon + 1).trim()]);
  }
  return pairs;
}

const RANGE = /^(-?\d+(?:\.\d+)?)\s*-\s*(-?\d+(?:\.\d+)?)$/;

function bandsOf(
  scores: [string, string][],
  descriptorsEn: [string, string][],
  descriptorsAr: [string, string][],
) {
  const describe = (pairs: [string, string][], grade: string) =>
    pairs.find(([key]) => key === grade)?.[1] ?? '';
  return scores.map(([range, grade]): TGradingBand => {
    const match = RANGE.exec(range);
    return {
      scores: range,
      min: match ? Number(match[1]) : null,
      max: match ? Number(match[2]) : null,
      grade,
      descriptorEn: describe(descriptorsEn, grade),
      descriptorAr: describe(descriptorsAr, grade),
    };
  });
}

export const scoreScalesFile: TBundleFileHandler<TScaleRow> = {
  file: 'scoreScales.csv',
  versions: ['1.2'],
  columns: SCORE_SCALES.read,
  optionalColumns: SCORE_SCALES.other,
  after: ['classes.csv', 'courses.csv'],
  keyColumn: 'sourcedId',
  parseRow(record, row, status) {
    const read = rowReader(record, row);
    const required = { required: status === 'active' };
    const pairs = (column: string) => {
      const parsed = pairsOf(read.text(column, column === 'scoreScaleValue' ? required : {}));
      if (!parsed) read.problem(column, 'write each pair as {left:right}, e.g. {90-100:A},{80-89:B}');
      return parsed ?? [];
    };
    const scores = pairs('scoreScaleValue');
    const value = {
      sourcedId: read.text('sourcedId', { required: true }),
      title: read.text('title', required),
      titleAr: read.extension('metadata.titleAr'),
      type: read.text('type'),
      classSourcedId: read.text('classSourcedId'),
      courseSourcedId: read.text('courseSourcedId'),
      bands: bandsOf(scores, pairs('metadata.descriptors'), pairs('metadata.descriptorsAr')),
    };
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const known = await gradebookReferences(tx, context.schoolId);
    const { active, deleted } = byStatus(rows);
    const valid = active.filter(({ row, value }) =>
      referencesKnown(context, row, [
        ['classSourcedId', value.classSourcedId, known.classes, 'a class'],
        ['courseSourcedId', value.courseSourcedId, known.courses, 'a course'],
      ]),
    );
    const removed = await removeRows(tx, context, gradingScales, {
      school: gradingScales.schoolId,
      id: gradingScales.scaleId,
      removedAt: gradingScales.removedAt,
      deleted: sourcedIdsOf(deleted),
      kept: sourcedIdsOf(active),
    });
    const result = await upsertRows(tx, gradingScales, {
      target: [gradingScales.schoolId, gradingScales.scaleId],
      update: [
        gradingScales.titleEn,
        gradingScales.scaleType,
        gradingScales.classId,
        gradingScales.subjectId,
        gradingScales.bands,
        gradingScales.removedAt,
        ...extensionColumns(valid[0]?.value, [['titleAr', gradingScales.titleAr]]),
      ],
      rows: valid.map(({ value }) => ({
        schoolId: context.schoolId,
        scaleId: value.sourcedId,
        titleEn: value.title,
        titleAr: value.titleAr ?? '',
        scaleType: value.type,
        classId: value.classSourcedId || null,
        subjectId: value.courseSourcedId || null,
        bands: value.bands,
        removedAt: null,
      })),
    });
    return appliedCounts(rows.length, result, removed);
  },
};
