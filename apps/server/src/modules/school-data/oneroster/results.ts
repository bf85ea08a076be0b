import { eq } from 'drizzle-orm';
import { assessmentResults } from '../../../db/schema/index.ts';
import {
  appliedCounts,
  byStatus,
  removeRows,
  reportProblem,
  sourcedIdsOf,
  upsertRows,
} from '../../../kits/bundle-apply.ts';
import { rowReader } from '../../../kits/bundle-fields.ts';
import type { TBundleFileHandler } from '../../../kits/bundle-file.ts';
import { RESULTS } from './columns.ts';
import { liveAssessments } from './gradebook-references.ts';
import { enrollNumbersBySourcedId, referencesKnown, type TReference } from './references.ts';

// results.csv: each child's result of a line item (docs/school-data.md), one per child and
// line item.

const SCORE_STATUSES = ['exempt', 'fully graded', 'not submitted', 'partially graded', 'submitted'] as const;

type TResultRow = {
  sourcedId: string;
  lineItemSourcedId: string;
  studentSourcedId: string;
  scoreStatus: (typeof SCORE_STATUSES)[number] | null;
  score: number | null;
  textScore: string;
  scoredOn: string | null;
  comment: string;
};

export const resultsFile: TBundleFileHandler<TResultRow> = {
  file: 'results.csv',
  columns: RESULTS.read,
  optionalColumns: RESULTS.other,
  after: ['lineItems.csv', 'users.csv'],
  keyColumn: 'sourcedId',
  parseRow(record, row, status) {
    const read = rowReader(record, row);
    const required = { required: status === 'active' };
    const value = {
      sourcedId: read.text('sourcedId', { required: true }),
      lineItemSourcedId: read.text('lineItemSourcedId', required),
      studentSourcedId: read.text('studentSourcedId', required),
      scoreStatus: read.oneOf('scoreStatus', SCORE_STATUSES, required),
      score: read.number('score'),
      textScore: read.text('textScore'),
      scoredOn: read.day('scoreDate'),
      comment: read.text('comment'),
    };
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const { active, deleted } = byStatus(rows);
    const removed = await removeRows(tx, context, assessmentResults, {
      school: assessmentResults.schoolId,
      id: assessmentResults.resultId,
      deleted: sourcedIdsOf(deleted),
      kept: sourcedIdsOf(active),
    });
    const assessmentIds = await liveAssessments(tx, context.schoolId);
    const enrollOf = await enrollNumbersBySourcedId(tx, context.schoolId);
    const existing = await tx
      .select({
        id: assessmentResults.resultId,
        assessmentId: assessmentResults.assessmentId,
        enrollNumber: assessmentResults.enrollNumber,
      })
      .from(assessmentResults)
      .where(eq(assessmentResults.schoolId, context.schoolId));
    const holderOf = new Map(
      existing.map((result) => [`${result.assessmentId}\u001f${result.enrollNumber}`, result.id]),
    );
    const valid = [];
    for (const { row, value } of active) {
      const enrollNumber = enrollOf.get(value.studentSourcedId);
      const item: TReference = ['lineItemSourcedId', value.lineItemSourcedId, assessmentIds, 'a line item'];
      if (!referencesKnown(context, row, [item])) continue;
      if (!enrollNumber) {
        reportProblem(
          context,
          row,
          'studentSourcedId',
          `"${value.studentSourcedId}" is not a student of the school`,
        );
        continue;
      }
      const place = `${value.lineItemSourcedId}\u001f${enrollNumber}`;
      const holder = holderOf.get(place);
      if (holder !== undefined && holder !== value.sourcedId) {
        reportProblem(
          context,
          row,
          'sourcedId',
          `result ${holder} is this student's result of this line item already`,
        );
        continue;
      }
      holderOf.set(place, value.sourcedId);
      valid.push({ value, enrollNumber });
    }
    const result = await upsertRows(tx, assessmentResults, {
      target: [assessmentResults.schoolId, assessmentResults.resultId],
      update: [
        assessmentResults.assessmentId,
        assessmentResults.enrollNumber,
        assessmentResults.scoreStatus,
        assessmentResults.score,
        assessmentResults.textScore,
        assessmentResults.scoredOn,
        assessmentResults.comment,
      ],
      rows: valid.map(({ value, enrollNumber }) => ({
        schoolId: context.schoolId,
        resultId: value.sourcedId,
        assessmentId: value.lineItemSourcedId,
        enrollNumber,
        scoreStatus: value.scoreStatus ?? 'fully graded',
        score: value.score,
        textScore: value.textScore,
        scoredOn: value.scoredOn,
        comment: value.comment,
      })),
    });
    return appliedCounts(rows.length, result, removed);
  },
};
