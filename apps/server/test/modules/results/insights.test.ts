import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInsights } from '@portal/contracts/families/results';
import {
  academicYears,
  assessmentCategories,
  assessmentResults,
  assessments,
  attendanceDays,
  classes,
  parentStudents,
  schoolCalendar,
  students,
  subjects,
} from '../../../src/db/schema/index.ts';
import { hashPassword } from '../../../src/modules/auth/password.ts';
import { DEMO_PASSWORD, addParent, buildTestApp, signIn, type TTestApp } from '../../helper.ts';

// GET insights (docs/modules.md F2, `mojoInsights`): trends of released results and attendance by
// month over the current year, with highlights; an unreleased result never counts.
describe('insights', () => {
  let t: TTestApp;
  let get: (enrollNumber: string) => Promise<LightMyRequestResponse>;
  /** The 15th of the current year's first, second and third full months. */
  let day: (monthIndex: number, dayOfMonth?: number) => string;
  const db = () => t.database.db;
  const school = 'mogra';
  const child = 'MG9101';

  beforeAll(async () => {
    t = await buildTestApp();
    const [year] = await db()
      .select()
      .from(academicYears)
      .where(and(eq(academicYears.schoolId, school), eq(academicYears.status, 'C')));
    const [startYear, startMonth] = year!.startsOn.split('-').map(Number);
    day = (monthIndex, dayOfMonth = 15) =>
      new Date(Date.UTC(startYear!, startMonth! + monthIndex, dayOfMonth)).toISOString().slice(0, 10);
    await addParent(t.database, school, {
      parentId: 'MG-INS',
      username: 'insights@mogra.demo',
      enrollNumber: child,
      passwordHash: await hashPassword(DEMO_PASSWORD),
    });
    // A second child of the parent, with nothing released and no marks.
    const [first] = await db().select().from(students).where(eq(students.enrollNumber, child));
    await db()
      .insert(students)
      .values({ ...first!, enrollNumber: 'MG9102' });
    await db()
      .insert(parentStudents)
      .values({ schoolId: school, parentId: 'MG-INS', enrollNumber: 'MG9102' });
    await seedResults();
    await seedAttendance();
    const token = await signIn(t.app, school, 'insights@mogra.demo');
    get = (enrollNumber) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/ppn/insights?enrollNumber=${enrollNumber}`,
        headers: { 'client-id': school, authorization: `Bearer ${token}` },
      });
  });
  afterAll(() => t.close());

  const past = new Date(Date.now() - 86_400_000);
  let seq = 0;

  /** An assessment of a subject's class, with the child's result (score out of max). */
  async function addResult(
    subject: string,
    on: string,
    score: number,
    max: number,
    publishedAt: Date | null = past,
    category = 'INS-TEST',
  ) {
    const id = `INS-A${++seq}`;
    await db()
      .insert(assessments)
      .values({
        schoolId: school,
        assessmentId: id,
        classId: `INS-C-${subject}`,
        categoryId: category,
        titleEn: `Test ${seq}`,
        dueOn: on,
        resultMax: max,
        resultsPublishedAt: publishedAt,
      });
    await db()
      .insert(assessmentResults)
      .values({
        schoolId: school,
        resultId: `INS-R${seq}`,
        assessmentId: id,
        enrollNumber: child,
        scoreStatus: 'fully graded',
        score,
        scoredOn: on,
      });
    return id;
  }

  async function seedResults() {
    const names = {
      MATH: ['Maths', 'الرياضيات'],
      SCI: ['Science', 'العلوم'],
      ENG: ['English', 'الإنجليزية'],
    };
    for (const [subject, [nameEn, nameAr]] of Object.entries(names)) {
      await db()
        .insert(subjects)
        .values({ schoolId: school, subjectId: `INS-${subject}`, nameEn: nameEn!, nameAr: nameAr! });
      await db()
        .insert(classes)
        .values({
          schoolId: school,
          classId: `INS-C-${subject}`,
          classType: 'scheduled',
          titleEn: `${nameEn} 1`,
          subjectId: `INS-${subject}`,
        });
    }
    await db()
      .insert(assessmentCategories)
      .values([
        { schoolId: school, categoryId: 'INS-TEST', kind: 'assessment', titleEn: 'Test' },
        { schoolId: school, categoryId: 'INS-ACT', kind: 'coScholastic', titleEn: 'Activity' },
      ]);
    // Maths: 60% then 60%, then 80% (improving); Science 90% then 70% (declining); English steady.
    await addResult('MATH', day(0), 50, 100);
    await addResult('MATH', day(0, 20), 14, 20);
    await addResult('MATH', day(1), 30, 50);
    await addResult('MATH', day(2), 40, 50);
    await addResult('SCI', day(0), 9, 10);
    await addResult('SCI', day(2), 7, 10);
    await addResult('ENG', day(0), 70, 100);
    await addResult('ENG', day(1), 75, 100);
    // A co-scholastic grade is no mark of a subject's trend.
    await addResult('ENG', day(1), 1, 100, past, 'INS-ACT');
  }

  async function seedAttendance() {
    // The demo holidays are replaced by one of the test's own, on a day the child is marked absent.
    await db()
      .delete(schoolCalendar)
      .where(and(eq(schoolCalendar.schoolId, school), eq(schoolCalendar.kind, 'holiday')));
    await db()
      .insert(schoolCalendar)
      .values({
        schoolId: school,
        eventId: 'INS-HOLIDAY',
        kind: 'holiday',
        titleEn: 'Holiday',
        startsOn: day(1, 20),
        endsOn: day(1, 20),
        publishedAt: past,
      });
    const month = (monthIndex: number, statuses: string[]) =>
      statuses.map((status, index) => ({ day: day(monthIndex, index + 1), status }));
    const marks = [
      ...month(0, [...Array<string>(8).fill('present'), 'late', 'absent']),
      ...month(1, ['present', 'present', 'excused', 'absent']),
      { day: day(1, 20), status: 'absent' },
    ];
    await db()
      .insert(attendanceDays)
      .values(marks.map((mark) => ({ schoolId: school, enrollNumber: child, ...mark })));
  }

  const insights = async (enrollNumber = child) => {
    const answer = await get(enrollNumber);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as TInsights;
  };
  const month = (monthIndex: number) => day(monthIndex).slice(0, 7);

  it('averages each subject, and every result together, by month', async () => {
    const answer = await insights();
    expect(answer.subjects.map((subject) => [subject.name, subject.nameAr])).toEqual([
      ['English', 'الإنجليزية'],
      ['Maths', 'الرياضيات'],
      ['Science', 'العلوم'],
    ]);
    const maths = answer.subjects.find((subject) => subject.name === 'Maths')!;
    expect(maths.points.map((point) => point.month)).toEqual([month(0), month(1), month(2)]);
    expect(maths.points.map((point) => point.value)).toEqual(
      [0.6, 0.6, 0.8].map((value) => expect.closeTo(value, 5)),
    );
    expect(answer.overall.map((point) => point.month)).toEqual([month(0), month(1), month(2)]);
    expect(answer.overall.map((point) => point.value)).toEqual(
      [(0.5 + 0.7 + 0.9 + 0.7) / 4, (0.6 + 0.75) / 2, (0.8 + 0.7) / 2].map((value) =>
        expect.closeTo(value, 5),
      ),
    );
  });

  it('rates attendance as present and late days over recorded ones, holidays left out', async () => {
    const answer = await insights();
    expect(answer.attendance).toEqual([
      { month: month(0), value: expect.closeTo(0.9, 5) },
      { month: month(1), value: expect.closeTo(0.5, 5) },
    ]);
    expect(answer.attendanceRate).toBeCloseTo(11 / 14, 5);
  });

  it('says which subjects improve or decline by 10 points, and low attendance', async () => {
    const answer = await insights();
    expect(answer.highlights).toEqual([
      { kind: 'improving', subject: 'Maths', subjectAr: 'الرياضيات' },
      { kind: 'declining', subject: 'Science', subjectAr: 'العلوم' },
      { kind: 'attendanceLow', subject: null, subjectAr: null },
    ]);
  });

  it('never counts an unreleased or scheduled result in a trend', async () => {
    const before = await insights();
    const draft = await addResult('MATH', day(2), 0, 50, null);
    await addResult('SCI', day(2), 0, 10, new Date(Date.now() + 86_400_000));
    await addResult('ENG', day(3), 0, 100, null);
    expect(await insights()).toEqual(before);

    await db()
      .update(assessments)
      .set({ resultsPublishedAt: past })
      .where(and(eq(assessments.schoolId, school), eq(assessments.assessmentId, draft)));
    const after = await insights();
    const maths = after.subjects.find((subject) => subject.name === 'Maths')!;
    expect(maths.points.at(-1)!.value).toBeCloseTo(0.4, 5);
    expect(after.highlights.map((highlight) => highlight.kind)).not.toContain('improving');
  });

  it('answers empty trends for a child with no released results and no marks', async () => {
    expect(await insights('MG9102')).toMatchObject({
      success: true,
      subjects: [],
      overall: [],
      attendance: [],
      attendanceRate: null,
      highlights: [],
    });
  });

  it("refuses another parent's child (403 A002)", async () => {
    const answer = await get('MG1001');
    expect(answer.statusCode).toBe(403);
    expect(answer.json().messageId).toBe('A002');
  });
});
