import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { classes, enrollments, parents, students } from '../../../src/db/schema/index.ts';
import { addParent, buildTestApp, postAuth, type TTestApp } from '../../helper.ts';
import { readLatestCode } from '../../outbox.ts';
import { childrenOf, csvOf, deltaBundle, demoFiles, importReport } from './bundles.ts';

// Delta files change what they name and nothing else; `tobedeleted` rows and bulk files remove
// (docs/school-data.md, "Bulk and delta"); a guardian new to the school system is matched to the
// school's parent with the same email.

const USER_COLUMNS = [
  'sourcedId',
  'status',
  'givenName',
  'familyName',
  'identifier',
  'email',
  'agentSourcedIds',
];
const ROLE_COLUMNS = ['sourcedId', 'userSourcedId', 'roleType', 'role', 'orgSourcedId'];

/** A delta bundle of these users (users.csv) and their primary roles at the org (roles.csv). */
const usersBundle = (org: string, users: Record<string, string>[], roles: [user: string, role: string][]) =>
  deltaBundle('1.2', {
    'users.csv': { columns: USER_COLUMNS, rows: users },
    'roles.csv': {
      columns: ROLE_COLUMNS,
      rows: roles.map(([user, role]) => ({
        sourcedId: `role-${user}`,
        userSourcedId: user,
        roleType: 'primary',
        role,
        orgSourcedId: org,
      })),
    },
  });

describe('delta bundles', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('adds a child to a parent beside their other children', async () => {
    const bundle = usersBundle(
      'org-mogra',
      [
        {
          sourcedId: 'stu-MG3010',
          givenName: 'Salma',
          familyName: 'Al Mansouri',
          identifier: 'MG3010',
          agentSourcedIds: 'MG-P001',
        },
      ],
      [['stu-MG3010', 'student']],
    );
    const report = await importReport(t.app, 'mogra', bundle);
    expect(report.counts['users.csv']).toEqual({ added: 1, changed: 0, removed: 0, unchanged: 0 });
    expect(await childrenOf(t.database, 'mogra', 'MG-P001')).toEqual([
      'MG1001',
      'MG1002',
      'MG1003',
      'MG3010',
    ]);
  });

  it("adds the children a parent's row names and leaves the ones it does not name", async () => {
    const bundle = usersBundle(
      'org-mogra',
      [
        { sourcedId: 'stu-MG3011', givenName: 'Hamza', familyName: 'Al Mansouri', identifier: 'MG3011' },
        {
          sourcedId: 'MG-P001',
          givenName: 'Sara',
          familyName: 'Al Mansouri',
          email: 'parent@mogra.demo',
          agentSourcedIds: 'stu-MG3011',
        },
      ],
      [['stu-MG3011', 'student']],
    );
    const report = await importReport(t.app, 'mogra', bundle);
    expect(report.counts['users.csv']).toEqual({ added: 1, changed: 1, removed: 0, unchanged: 0 });
    expect(await childrenOf(t.database, 'mogra', 'MG-P001')).toEqual([
      'MG1001',
      'MG1002',
      'MG1003',
      'MG3010',
      'MG3011',
    ]);
  });

  it('removes the student and the class that tobedeleted rows name', async () => {
    const bundle = deltaBundle('1.2', {
      'users.csv': { columns: USER_COLUMNS, rows: [{ sourcedId: 'stu-MG1003', status: 'tobedeleted' }] },
      'classes.csv': {
        columns: ['sourcedId', 'status', 'title', 'classType'],
        rows: [{ sourcedId: 'cls-06-B-art', status: 'tobedeleted' }],
      },
    });
    const report = await importReport(t.app, 'mogra', bundle);
    expect(report.counts['users.csv']).toMatchObject({ removed: 1 });
    expect(report.counts['classes.csv']).toMatchObject({ removed: 1 });
    expect(await childrenOf(t.database, 'mogra', 'MG-P001')).toEqual([
      'MG1001',
      'MG1002',
      'MG3010',
      'MG3011',
    ]);
    const places = await t.database.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.schoolId, 'mogra'), eq(enrollments.personId, 'MG1003')));
    expect(places).toEqual([]);
    const [student] = await t.database.db
      .select()
      .from(students)
      .where(and(eq(students.schoolId, 'mogra'), eq(students.enrollNumber, 'MG1003')));
    expect(student).toMatchObject({ academicStatus: 'Withdrawn', sourcedId: null });
    const [art] = await t.database.db
      .select()
      .from(classes)
      .where(and(eq(classes.schoolId, 'mogra'), eq(classes.classId, 'cls-06-B-art')));
    expect(art?.removedAt).not.toBeNull();
    const artPlaces = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(enrollments)
      .where(and(eq(enrollments.schoolId, 'mogra'), eq(enrollments.classId, 'cls-06-B-art')));
    expect(artPlaces[0]?.count).toBe(0);
  });

  it('removes, with a bulk file, the family it no longer lists', async () => {
    const files = demoFiles('bcad');
    for (const file of ['users.csv', 'roles.csv', 'demographics.csv', 'enrollments.csv']) {
      const lines = csvOf(files, file).split('\r\n');
      files.set(
        file,
        lines.filter((line) => !line.includes('BC-P002') && !line.includes('stu-BC3201')).join('\r\n'),
      );
    }
    const report = await importReport(t.app, 'bcad', files);
    expect(report.counts['users.csv']).toMatchObject({ added: 0, changed: 0, removed: 2 });
    expect(await childrenOf(t.database, 'bcad', 'BC-P002')).toEqual([]);
    expect(await childrenOf(t.database, 'bcad', 'BC-P001')).toEqual(['BC3101', 'BC3102']);
  });
});

describe('guardians new to the school system', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    // A parent the school made by hand, before it had a school system.
    await addParent(t.database, 'bcd', {
      parentId: 'BD-HAND',
      username: 'hand.made@bcd.demo',
      enrollNumber: 'BD5555',
    });
  });
  afterAll(() => t.close());

  it("are matched to the school's parent with the same email, whatever its case", async () => {
    const bundle = usersBundle(
      'org-bcd',
      [
        {
          sourcedId: 'SIS-G77',
          givenName: 'Hand',
          familyName: 'Made',
          email: 'Hand.Made@BCD.demo',
          agentSourcedIds: 'stu-BD4102',
        },
      ],
      [['SIS-G77', 'guardian']],
    );
    const report = await importReport(t.app, 'bcd', bundle);
    expect(report.counts['users.csv']).toEqual({ added: 0, changed: 1, removed: 0, unchanged: 0 });
    const rows = await t.database.db.select().from(parents).where(eq(parents.schoolId, 'bcd'));
    expect(rows.map((row) => row.parentId).sort()).toEqual(['BD-HAND', 'BD-P001']);
    expect(rows.find((row) => row.parentId === 'BD-HAND')).toMatchObject({
      sourcedId: 'SIS-G77',
      username: 'hand.made@bcd.demo',
      email: 'Hand.Made@BCD.demo',
    });
    expect(await childrenOf(t.database, 'bcd', 'BD-HAND')).toEqual(['BD5555', 'BD4102']);
  });

  it('can register with the existing flow and sign in', async () => {
    const bundle = usersBundle(
      'org-bwa',
      [
        {
          sourcedId: 'G-REG1',
          givenName: 'Rana',
          familyName: 'Saleh',
          email: 'rana.saleh@bwa.demo',
          agentSourcedIds: 'stu-BW9001',
        },
        { sourcedId: 'stu-BW9001', givenName: 'Yara', familyName: 'Saleh', identifier: 'BW9001' },
      ],
      [
        ['G-REG1', 'parent'],
        ['stu-BW9001', 'student'],
      ],
    );
    await importReport(t.app, 'bwa', bundle);
    const password = 'a garden full of lemons';
    const registered = await postAuth(t.app, 'bwa', 'register', {
      username: 'rana.saleh@bwa.demo',
      enrollNumber: 'BW9001',
      password,
    });
    expect(registered.json()).toEqual({ success: true, messageId: 'L007' });
    const otp = await readLatestCode(t.dataDir, 'rana.saleh@bwa.demo');
    const verified = await postAuth(t.app, 'bwa', 'verify-otp', { username: 'rana.saleh@bwa.demo', otp });
    expect(verified.statusCode).toBe(200);
    const login = await postAuth(t.app, 'bwa', 'login', { username: 'rana.saleh@bwa.demo', password });
    expect(login.statusCode).toBe(200);
    const children = (login.json() as { profile: { children: { sims_student_enroll_number: string }[] } })
      .profile.children;
    expect(children.map((child) => child.sims_student_enroll_number)).toEqual(['BW9001']);
  });
});
