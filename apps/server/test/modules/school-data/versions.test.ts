import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  assessmentResults,
  assessments,
  gradingScales,
  staff,
  students,
} from '../../../src/db/schema/index.ts';
import { buildTestApp, type TTestApp } from '../../helper.ts';
import { childrenOf, deltaBundle, importReport } from './bundles.ts';

// OneRoster 1.1 bundles (the role in users.csv, no roles.csv) and the gradebook files of both
// versions (docs/school-data.md, "OneRoster 1.1 and 1.2"); a bundle of another school's org.

describe('OneRoster 1.1 and the gradebook files', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('reads a 1.1 bundle: roles in users.csv, grading periods in lineItems.csv', async () => {
    const bundle = deltaBundle('1.1', {
      'users.csv': {
        columns: [
          'sourcedId',
          'status',
          'enabledUser',
          'orgSourcedIds',
          'role',
          'username',
          'givenName',
          'familyName',
          'identifier',
          'email',
          'agentSourcedIds',
        ],
        rows: [
          {
            sourcedId: 'g-11',
            enabledUser: 'true',
            orgSourcedIds: 'org-bnad',
            role: 'guardian',
            givenName: 'Laila',
            familyName: 'Nasser',
            email: 'laila@bnad.demo',
            agentSourcedIds: 'stu-BN7102',
          },
          {
            sourcedId: 'stu-BN7102',
            enabledUser: 'true',
            orgSourcedIds: 'org-bnad',
            role: 'student',
            givenName: 'Sami',
            familyName: 'Nasser',
            identifier: 'BN7102',
          },
          {
            sourcedId: 't-11',
            enabledUser: 'true',
            orgSourcedIds: 'org-bnad',
            role: 'administrator',
            givenName: 'Mona',
            familyName: 'Said',
            email: 'mona@bnad.example',
          },
        ],
      },
      'categories.csv': {
        columns: ['sourcedId', 'title', 'weight', 'metadata.kind'],
        rows: [{ sourcedId: 'cat-hw', title: 'Homework', weight: '20', 'metadata.kind': 'assignment' }],
      },
      'lineItems.csv': {
        columns: [
          'sourcedId',
          'title',
          'description',
          'assignDate',
          'dueDate',
          'classSourcedId',
          'categorySourcedId',
          'gradingPeriodSourcedId',
          'resultValueMin',
          'resultValueMax',
        ],
        rows: [
          {
            sourcedId: 'li-1',
            title: 'Essay',
            assignDate: '2026-09-01',
            dueDate: '2026-09-08',
            classSourcedId: 'cls-12-A-eng',
            categorySourcedId: 'cat-hw',
            gradingPeriodSourcedId: 'term-2026-1',
            resultValueMin: '0',
            resultValueMax: '20',
          },
        ],
      },
      'results.csv': {
        columns: [
          'sourcedId',
          'lineItemSourcedId',
          'studentSourcedId',
          'scoreStatus',
          'score',
          'scoreDate',
          'comment',
        ],
        rows: [
          {
            sourcedId: 'r-1',
            lineItemSourcedId: 'li-1',
            studentSourcedId: 'stu-BN7101',
            scoreStatus: 'fully graded',
            score: '17.5',
            scoreDate: '2026-09-10',
            comment: 'Clear and well argued',
          },
        ],
      },
    });
    const report = await importReport(t.app, 'bnad', bundle);
    expect(report).toMatchObject({ applied: true, version: '1.1' });
    expect(report.counts['users.csv']).toMatchObject({ added: 3 });
    expect(await childrenOf(t.database, 'bnad', 'g-11')).toEqual(['BN7102']);
    const [admin] = await t.database.db
      .select()
      .from(staff)
      .where(and(eq(staff.schoolId, 'bnad'), eq(staff.staffId, 't-11')));
    expect(admin?.role).toBe('administrator');
    const [essay] = await t.database.db
      .select()
      .from(assessments)
      .where(eq(assessments.assessmentId, 'li-1'));
    expect(essay).toMatchObject({
      schoolId: 'bnad',
      termId: 'term-2026-1',
      resultMax: 20,
      resultsPublishedAt: null,
    });
    const [result] = await t.database.db
      .select()
      .from(assessmentResults)
      .where(eq(assessmentResults.resultId, 'r-1'));
    expect(result).toMatchObject({ enrollNumber: 'BN7101', score: 17.5, scoreStatus: 'fully graded' });
  });

  it('refuses roles.csv in a 1.1 bundle', async () => {
    const bundle = deltaBundle('1.1', {
      'roles.csv': { columns: ['sourcedId', 'userSourcedId', 'roleType', 'role', 'orgSourcedId'], rows: [] },
    });
    const report = await importReport(t.app, 'bnad', bundle, { status: 422 });
    expect(report.errors).toEqual([
      expect.objectContaining({ file: 'roles.csv', message: 'not part of a OneRoster 1.1 bundle' }),
    ]);
  });

  it('keeps 1.2 score scales with their bands and what each grade means', async () => {
    const bundle = deltaBundle('1.2', {
      'scoreScales.csv': {
        columns: [
          'sourcedId',
          'title',
          'type',
          'classSourcedId',
          'scoreScaleValue',
          'metadata.descriptors',
          'metadata.descriptorsAr',
        ],
        rows: [
          {
            sourcedId: 'scale-1',
            title: 'Letters',
            type: 'letter',
            classSourcedId: 'cls-12-A-eng',
            scoreScaleValue: '{90-100:A},{80-89:B},{0-79:C}',
            'metadata.descriptors': '{A:Excellent},{B:Good},{C:Working towards}',
            'metadata.descriptorsAr': '{A:ممتاز},{B:جيد}',
          },
        ],
      },
    });
    await importReport(t.app, 'bnad', bundle);
    const [scale] = await t.database.db
      .select()
      .from(gradingScales)
      .where(eq(gradingScales.scaleId, 'scale-1'));
    expect(scale?.bands).toEqual([
      { scores: '90-100', min: 90, max: 100, grade: 'A', descriptorEn: 'Excellent', descriptorAr: 'ممتاز' },
      { scores: '80-89', min: 80, max: 89, grade: 'B', descriptorEn: 'Good', descriptorAr: 'جيد' },
      { scores: '0-79', min: 0, max: 79, grade: 'C', descriptorEn: 'Working towards', descriptorAr: '' },
    ]);
  });

  it("refuses a bundle of another school's org", async () => {
    const bundle = deltaBundle('1.2', {
      'orgs.csv': {
        columns: ['sourcedId', 'name', 'type'],
        rows: [{ sourcedId: 'org-mogra', name: 'Mogra Demo School', type: 'school' }],
      },
    });
    const report = await importReport(t.app, 'bnad', bundle, { status: 422 });
    expect(report.errors).toEqual([
      expect.objectContaining({
        file: 'orgs.csv',
        row: 2,
        column: 'sourcedId',
        message: expect.stringContaining('org-bnad'),
      }),
    ]);
  });

  it('refuses a student whose enrolment number is already another student’s', async () => {
    const bundle = deltaBundle('1.2', {
      'users.csv': {
        columns: ['sourcedId', 'givenName', 'familyName', 'identifier'],
        rows: [{ sourcedId: 'stu-other', givenName: 'Copy', familyName: 'Cat', identifier: 'BN7101' }],
      },
      'roles.csv': {
        columns: ['sourcedId', 'userSourcedId', 'roleType', 'role', 'orgSourcedId'],
        rows: [
          {
            sourcedId: 'r-other',
            userSourcedId: 'stu-other',
            roleType: 'primary',
            role: 'student',
            orgSourcedId: 'org-bnad',
          },
        ],
      },
    });
    const report = await importReport(t.app, 'bnad', bundle, { status: 422 });
    expect(report.errors).toEqual([
      expect.objectContaining({ file: 'users.csv', row: 2, column: 'identifier' }),
    ]);
    const [student] = await t.database.db
      .select()
      .from(students)
      .where(and(eq(students.schoolId, 'bnad'), eq(students.enrollNumber, 'BN7101')));
    expect(student?.sourcedId).toBe('stu-BN7101');
  });
});
