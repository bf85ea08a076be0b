import { csvText } from '../../modules/school-data/csv-text.ts';
import { demoStudentId } from './demo-bundle.ts';
import { demoRoster } from './demo-roster.ts';
import type { TDemoSchool } from './demo-schools.ts';
import { DEMO_CATEGORIES, DEMO_SCALES } from './demo-results-titles.ts';
import { DEMO_TERM, planFew, planFullTerm, type TPlan } from './demo-results-plan.ts';

// The graded-results family's files of each demo school's bundle (docs/modules.md section 6), dated
// from the seed day: OneRoster categories, score scales, line items and results, and the
// portal's own assessment_releases.csv. mogra's parent@mogra.demo children have a term of
// marks in five subjects, assignments in every state and activity grades, all released but
// Omar's "Science unit test 3"; the other children a few rows, so some pages are empty. Every
// release of a mark is over two weeks old, so the release job tells no one of demo marks at start.

export { DEMO_TERM, DEMO_UNRELEASED_ASSESSMENT } from './demo-results-plan.ts';

/** File name -> CSV text of the results files of a demo school's bundle. */
export function demoResultsFiles(school: TDemoSchool, seedDay: string): Map<string, string> {
  const { classes } = demoRoster(school);
  const plan: TPlan = { lineItems: new Map(), results: [] };
  for (const parent of school.parents)
    for (const child of parent.children) {
      if (school.schoolId === 'mogra' && parent.parentId === 'MG-P001')
        planFullTerm(plan, seedDay, classes, child);
      else planFew(plan, seedDay, classes, child);
    }
  const items = [...plan.lineItems.values()];
  return new Map([
    [
      'categories.csv',
      csvText(
        ['sourcedId', 'status', 'dateLastModified', 'title', 'weight', 'metadata.kind', 'metadata.titleAr'],
        DEMO_CATEGORIES.map((row) => ({ ...row, 'metadata.kind': row.kind, 'metadata.titleAr': row.ar })),
      ),
    ],
    [
      'scoreScales.csv',
      csvText(
        [
          'sourcedId',
          'title',
          'type',
          'scoreScaleValue',
          'metadata.titleAr',
          'metadata.descriptors',
          'metadata.descriptorsAr',
        ],
        DEMO_SCALES,
      ),
    ],
    [
      'lineItems.csv',
      csvText(
        [
          'sourcedId',
          'title',
          'assignDate',
          'dueDate',
          'classSourcedId',
          'categorySourcedId',
          'academicSessionSourcedId',
          'scoreScaleSourcedId',
          'resultValueMin',
          'resultValueMax',
          'metadata.titleAr',
        ],
        items.map((item) => ({
          ...item,
          academicSessionSourcedId: DEMO_TERM,
          resultValueMin: item.resultValueMax === '' ? '' : 0,
          'metadata.titleAr': item.titleAr,
        })),
      ),
    ],
    [
      'results.csv',
      csvText(
        [
          'sourcedId',
          'lineItemSourcedId',
          'studentSourcedId',
          'scoreStatus',
          'score',
          'textScore',
          'scoreDate',
          'comment',
        ],
        plan.results.map((result) => ({
          ...result,
          sourcedId: `res-${result.lineItem}-${result.enrollNumber}`,
          lineItemSourcedId: result.lineItem,
          studentSourcedId: demoStudentId(result.enrollNumber),
        })),
      ),
    ],
    [
      'assessment_releases.csv',
      csvText(
        ['sourcedId', 'status', 'dateLastModified', 'publishedAt'],
        items.map((item) => ({ sourcedId: item.sourcedId, publishedAt: item.publishedAt })),
      ),
    ],
  ]);
}
