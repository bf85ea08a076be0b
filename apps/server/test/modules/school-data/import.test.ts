import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { notifications, parents, schoolDataImports, students } from '../../../src/db/schema/index.ts';
import { buildTestApp, type TTestApp } from '../../helper.ts';
import { appendRows, changesOf, childrenOf, demoFiles, importReport, type TFiles } from './bundles.ts';

// The sync API on a whole bundle (docs/school-data.md): the demo school's own bundle with a new
// family, applied in one transaction; the same again changes nothing; a dry run and a refused
// bundle change nothing at all.

/** mogra's bundle with a new family (a guardian and a child in grade 9 A) and a new teacher. */
function withNewFamily(enrollNumber: string, parentId: string): TFiles {
  const files = demoFiles('mogra');
  const student = `stu-${enrollNumber}`;
  appendRows(files, 'users.csv', [
    {
      sourcedId: parentId,
      enabledUser: 'true',
      username: `${parentId.toLowerCase()}@mogra.demo`,
      givenName: 'Huda',
      familyName: 'Nasser',
      email: `${parentId.toLowerCase()}@mogra.demo`,
      agentSourcedIds: student,
      'metadata.nameAr': 'هدى ناصر',
    },
    {
      sourcedId: student,
      enabledUser: 'true',
      givenName: 'Adam',
      middleName: 'Huda',
      familyName: 'Nasser',
      identifier: enrollNumber,
      agentSourcedIds: parentId,
      'metadata.curriculumCode': 'CBSE',
    },
    {
      sourcedId: 'stf-20',
      enabledUser: 'true',
      givenName: 'Omar',
      familyName: 'Farouk',
      email: 'omar.farouk@mogra.example',
    },
  ]);
  appendRows(files, 'roles.csv', [
    {
      sourcedId: `role-${parentId}`,
      userSourcedId: parentId,
      roleType: 'primary',
      role: 'guardian',
      orgSourcedId: 'org-mogra',
    },
    {
      sourcedId: `role-${student}`,
      userSourcedId: student,
      roleType: 'primary',
      role: 'student',
      orgSourcedId: 'org-mogra',
    },
    {
      sourcedId: 'role-stf-20',
      userSourcedId: 'stf-20',
      roleType: 'primary',
      role: 'teacher',
      orgSourcedId: 'org-mogra',
    },
  ]);
  appendRows(files, 'enrollments.csv', [
    {
      sourcedId: `enr-hr-09-A-${enrollNumber}`,
      classSourcedId: 'hr-09-A',
      schoolSourcedId: 'org-mogra',
      userSourcedId: student,
      role: 'student',
      primary: 'true',
    },
  ]);
  appendRows(files, 'demographics.csv', [{ sourcedId: student, birthDate: '2012-03-04', sex: 'male' }]);
  return files;
}

async function findStudent(t: TTestApp, enrollNumber: string) {
  const [row] = await t.database.db
    .select()
    .from(students)
    .where(and(eq(students.schoolId, 'mogra'), eq(students.enrollNumber, enrollNumber)));
  return row;
}

describe('a bundle applied through the sync API', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('adds the new family, homeroom grade and section included, and leaves the rest as it was', async () => {
    const report = await importReport(t.app, 'mogra', withNewFamily('MG3001', 'MG-P003'));
    expect(report).toMatchObject({
      success: true,
      messageId: 'S200',
      applied: true,
      dryRun: false,
      version: '1.2',
    });
    expect(report.errors).toEqual([]);
    expect(report.counts['users.csv']).toEqual({ added: 3, changed: 0, removed: 0, unchanged: 20 });
    expect(report.counts['enrollments.csv']).toMatchObject({ added: 1, changed: 0, removed: 0 });
    expect(report.counts['classes.csv']).toMatchObject({ added: 0, changed: 0, removed: 0 });
    expect(await findStudent(t, 'MG3001')).toMatchObject({
      fullName: 'Adam Huda Nasser',
      academicStatus: 'Active',
      academicYear: '2026',
      gradeCode: '09',
      sectionCode: 'A',
      gradeNameEn: 'Grade 9',
      gradeNameAr: 'الصف 9',
      sectionNameAr: 'أ',
    });
    const [parent] = await t.database.db
      .select()
      .from(parents)
      .where(and(eq(parents.schoolId, 'mogra'), eq(parents.parentId, 'MG-P003')));
    expect(parent).toMatchObject({
      username: 'mg-p003@mogra.demo',
      nameAr: 'هدى ناصر',
      sourcedId: 'MG-P003',
    });
    expect(parent?.passwordHash).toBeNull();
    expect(await childrenOf(t.database, 'mogra', 'MG-P003')).toEqual(['MG3001']);
    expect(await childrenOf(t.database, 'mogra', 'MG-P001')).toEqual(['MG1001', 'MG1002', 'MG1003']);
    const [recorded] = await t.database.db
      .select()
      .from(schoolDataImports)
      .where(eq(schoolDataImports.importId, report.importId));
    expect(recorded).toMatchObject({ schoolId: 'mogra', outcome: 'applied', dryRun: '0' });
  });

  it('changes nothing, and notifies no one, when the same bundle comes again', async () => {
    const events = async () =>
      (await t.database.db.select({ count: sql<number>`count(*)::int` }).from(notifications))[0]?.count;
    const before = await events();
    const report = await importReport(t.app, 'mogra', withNewFamily('MG3001', 'MG-P003'));
    expect(report.applied).toBe(true);
    expect(changesOf(report)).toBe(0);
    expect(report.counts['users.csv']).toEqual({ added: 0, changed: 0, removed: 0, unchanged: 23 });
    expect(await events()).toBe(before);
  });

  it('checks a dry run to the last row and keeps nothing of it', async () => {
    const report = await importReport(t.app, 'mogra', withNewFamily('MG3002', 'MG-P004'), { dryRun: true });
    expect(report).toMatchObject({ success: true, applied: false, dryRun: true });
    expect(report.counts['users.csv']).toMatchObject({ added: 2 });
    expect(await findStudent(t, 'MG3002')).toBeUndefined();
    const [recorded] = await t.database.db
      .select()
      .from(schoolDataImports)
      .where(eq(schoolDataImports.importId, report.importId));
    expect(recorded).toMatchObject({ outcome: 'checked', dryRun: '1' });
  });

  it('refuses a bundle with invalid rows whole, naming each problem by file, row and column', async () => {
    const files = withNewFamily('MG3005', 'MG-P005');
    appendRows(files, 'users.csv', [
      {
        sourcedId: 'stu-bad-1',
        givenName: 'No',
        familyName: 'Date',
        identifier: 'MG3006',
        email: 'not an email',
      },
      { sourcedId: 'stu-bad-2', familyName: 'Nameless', identifier: 'MG3007' },
    ]);
    appendRows(files, 'demographics.csv', [{ sourcedId: 'stu-bad-1', birthDate: '2012-02-30', sex: 'male' }]);
    appendRows(files, 'enrollments.csv', [
      { sourcedId: 'enr-x', classSourcedId: 'hr-09-A', userSourcedId: 'stu-MG3005', role: 'janitor' },
    ]);
    const report = await importReport(t.app, 'mogra', files, { status: 422 });
    expect(report).toMatchObject({ success: false, messageId: 'I001', applied: false, errorCount: 4 });
    const where = report.errors.map(({ file, row, column, messageId }) => ({ file, row, column, messageId }));
    expect(where).toEqual(
      expect.arrayContaining([
        { file: 'users.csv', row: 25, column: 'email', messageId: 'I001' },
        { file: 'users.csv', row: 26, column: 'givenName', messageId: 'I001' },
        { file: 'demographics.csv', row: 7, column: 'birthDate', messageId: 'I001' },
        { file: 'enrollments.csv', row: expect.any(Number), column: 'role', messageId: 'I001' },
      ]),
    );
    expect(await findStudent(t, 'MG3005')).toBeUndefined();
  });

  it('refuses a bundle whose rows refer to what does not exist, and rolls back what came before', async () => {
    const files = withNewFamily('MG3008', 'MG-P008');
    appendRows(files, 'enrollments.csv', [
      {
        sourcedId: 'enr-y',
        classSourcedId: 'cls-nope',
        schoolSourcedId: 'org-mogra',
        userSourcedId: 'stu-MG3008',
        role: 'student',
      },
    ]);
    const report = await importReport(t.app, 'mogra', files, { status: 422 });
    expect(report.errors).toEqual([
      expect.objectContaining({
        file: 'enrollments.csv',
        column: 'classSourcedId',
        message: expect.stringContaining('cls-nope'),
      }),
    ]);
    // users.csv was applied before enrollments.csv, in the same transaction: none of it stays.
    expect(await findStudent(t, 'MG3008')).toBeUndefined();
    const [recorded] = await t.database.db
      .select()
      .from(schoolDataImports)
      .where(eq(schoolDataImports.importId, report.importId));
    expect(recorded).toMatchObject({ outcome: 'refused' });
  });
});
