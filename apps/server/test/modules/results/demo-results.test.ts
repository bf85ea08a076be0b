import { describe, expect, it } from 'vitest';
import { addDays } from '@portal/contracts/kits/dates';
import { demoBundleFiles } from '../../../src/db/seed/demo-bundle.ts';
import { demoResultsFiles, DEMO_UNRELEASED_ASSESSMENT } from '../../../src/db/seed/demo-results.ts';
import { DEMO_SCHOOLS } from '../../../src/db/seed/demo-schools.ts';
import { readBundle } from '../../../src/modules/school-data/bundle-reader.ts';
import { BUNDLE_FILES } from '../../../src/modules/school-data/files.ts';

// The demo schools' marks (db/seed/demo-results.ts; docs/modules.md section 6): read as the import
// reads them, mogra's first family has a term of them with one assessment unreleased, every
// other child a few; no release of a mark is recent enough to be told at start.
describe('the demo marks', () => {
  const seedDay = '2026-11-26';
  type TRow = Record<string, unknown>;
  const rowsOf = (schoolId: string) => {
    const school = DEMO_SCHOOLS.find((one) => one.schoolId === schoolId)!;
    const bundle = readBundle(demoBundleFiles(school, demoResultsFiles(school, seedDay)), BUNDLE_FILES);
    expect(bundle.problems).toEqual([]);
    const file = (name: string) =>
      (bundle.files.find((one) => one.file === name)?.rows ?? []).map((row) => row.value as TRow);
    return {
      mode: (name: string) => bundle.files.find((one) => one.file === name)?.mode,
      lineItems: file('lineItems.csv'),
      results: file('results.csv'),
      releases: file('assessment_releases.csv'),
      scales: file('scoreScales.csv'),
      categories: file('categories.csv'),
    };
  };

  it("holds mogra's gradebook, every file bulk, with exactly one line item left unreleased", () => {
    const mogra = rowsOf('mogra');
    for (const file of [
      'categories.csv',
      'scoreScales.csv',
      'lineItems.csv',
      'results.csv',
      'assessment_releases.csv',
    ])
      expect(mogra.mode(file), file).toBe('bulk');
    expect(mogra.categories.map((row) => row.kind).sort()).toEqual([
      'assessment',
      'assessment',
      'assignment',
      'coScholastic',
    ]);
    const unreleased = mogra.releases.filter((row) => row.publishedAt === null);
    expect(unreleased.map((row) => row.sourcedId)).toEqual([DEMO_UNRELEASED_ASSESSMENT]);
    expect(mogra.releases).toHaveLength(mogra.lineItems.length);
    const hidden = mogra.results.find((row) => row.lineItemSourcedId === DEMO_UNRELEASED_ASSESSMENT);
    expect(hidden).toMatchObject({ studentSourcedId: 'stu-MG1001', scoreStatus: 'fully graded' });
    expect(hidden?.score).not.toBeNull();
    for (const item of mogra.lineItems) expect(item.titleAr, String(item.sourcedId)).not.toBe('');
    const letters = mogra.scales.find((row) => row.sourcedId === 'scale-letters');
    expect((letters?.bands as { grade: string; descriptorAr: string }[]).map((band) => band.grade)).toEqual([
      'A*',
      'A',
      'B',
      'C',
      'D',
      'E',
    ]);
  });

  it("gives each of the first family's children marks in four to six subjects, and activity grades", () => {
    const mogra = rowsOf('mogra');
    for (const enrollNumber of ['MG1001', 'MG1002', 'MG1003']) {
      const mine = new Set(
        mogra.results
          .filter((row) => row.studentSourcedId === `stu-${enrollNumber}`)
          .map((row) => row.lineItemSourcedId),
      );
      const items = mogra.lineItems.filter((item) => mine.has(item.sourcedId));
      const tests = items.filter((item) =>
        ['cat-tests', 'cat-quizzes'].includes(String(item.categorySourcedId)),
      );
      const subjects = new Set(tests.map((item) => item.classSourcedId));
      expect(subjects.size, enrollNumber).toBeGreaterThanOrEqual(4);
      expect(subjects.size, enrollNumber).toBeLessThanOrEqual(6);
      expect(items.filter((item) => item.categorySourcedId === 'cat-activities').length).toBe(4);
    }
  });

  it('releases every scored mark over two weeks before the seed day, so the release job tells no one at start', () => {
    for (const school of DEMO_SCHOOLS) {
      const { results, releases } = rowsOf(school.schoolId);
      const scored = new Set(
        results
          .filter((row) => row.score !== null || row.textScore !== '')
          .map((row) => row.lineItemSourcedId),
      );
      for (const release of releases) {
        if (!scored.has(release.sourcedId) || release.publishedAt === null) continue;
        expect((release.publishedAt as Date).toISOString() < `${addDays(seedDay, -14)}T00:00`).toBe(true);
      }
    }
  });

  it('gives every other child a few marks, the Haddads one test and nothing co-scholastic', () => {
    for (const school of DEMO_SCHOOLS) {
      const { results } = rowsOf(school.schoolId);
      for (const child of school.parents.flatMap((parent) => parent.children)) {
        const mine = results.filter((row) => row.studentSourcedId === `stu-${child.enrollNumber}`);
        expect(mine.length, child.enrollNumber).toBeGreaterThan(0);
      }
    }
    const nour = rowsOf('mogra').results.filter((row) => row.studentSourcedId === 'stu-MG2001');
    expect(nour.map((row) => row.lineItemSourcedId)).toEqual(['li-04-A-math-test1']);
    expect(rowsOf('bcad').results.filter((row) => row.studentSourcedId === 'stu-BC3101')).toHaveLength(3);
  });
});
