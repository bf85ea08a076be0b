import type { FastifyInstance } from 'fastify';
import { addDays } from '@portal/contracts/kits/dates';
import type { TBundleReport } from '@portal/contracts/school-data';
import { schoolToday } from '../../../src/access/school.ts';
import { deltaBundle, importReport } from '../school-data/bundles.ts';

// Marks put in for the results tests the way a school's system sends them: OneRoster line
// items and results in a delta bundle through the sync API, on top of the demo roster and
// categories (db/seed/demo-results.ts).

export const today = () => schoolToday('Asia/Dubai');

const LINE_ITEM_COLUMNS = [
  'sourcedId',
  'title',
  'dueDate',
  'classSourcedId',
  'categorySourcedId',
  'academicSessionSourcedId',
  'scoreScaleSourcedId',
  'resultValueMin',
  'resultValueMax',
  'metadata.titleAr',
];
const RESULT_COLUMNS = [
  'sourcedId',
  'lineItemSourcedId',
  'studentSourcedId',
  'scoreStatus',
  'score',
  'textScore',
  'scoreDate',
  'comment',
];

export type TMark = {
  id: string;
  classId: string;
  category: string;
  scale?: string;
  max?: number | null;
  enrollNumber?: string;
  score?: number | null;
  textScore?: string;
  comment?: string;
};

/** Line items of the current term due yesterday, each with one child's (Omar's) result. */
export function marksBundle(marks: TMark[], releases: { id: string; publishedAt: string }[] = []) {
  const due = addDays(today(), -1);
  return deltaBundle('1.2', {
    'lineItems.csv': {
      columns: LINE_ITEM_COLUMNS,
      rows: marks.map((mark) => ({
        sourcedId: mark.id,
        title: `Test ${mark.id}`,
        dueDate: due,
        classSourcedId: mark.classId,
        categorySourcedId: mark.category,
        academicSessionSourcedId: 'term-2026-1',
        scoreScaleSourcedId: mark.scale ?? 'scale-letters',
        resultValueMin: mark.max === null ? '' : '0',
        resultValueMax: mark.max === null ? '' : String(mark.max ?? 20),
        'metadata.titleAr': `اختبار ${mark.id}`,
      })),
    },
    'results.csv': {
      columns: RESULT_COLUMNS,
      rows: marks.map((mark) => ({
        sourcedId: `res-${mark.id}`,
        lineItemSourcedId: mark.id,
        studentSourcedId: `stu-${mark.enrollNumber ?? 'MG1001'}`,
        scoreStatus: 'fully graded',
        score: mark.score === null || mark.score === undefined ? '' : String(mark.score),
        textScore: mark.textScore ?? '',
        scoreDate: due,
        comment: mark.comment ?? '',
      })),
    },
    ...(releases.length > 0
      ? {
          'assessment_releases.csv': {
            columns: ['sourcedId', 'publishedAt'],
            rows: releases.map((release) => ({ sourcedId: release.id, publishedAt: release.publishedAt })),
          },
        }
      : {}),
  });
}

/** Posts the marks to the sync API as mogra's system (its demo key); fails the test unless applied. */
export async function importMarks(
  app: FastifyInstance,
  marks: TMark[],
  releases: { id: string; publishedAt: string }[] = [],
): Promise<TBundleReport> {
  return importReport(app, 'mogra', marksBundle(marks, releases));
}
