import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/contracts/kits/dates';
import type { TAssessments } from '@portal/contracts/families/results';
import type { TAttendanceMonth, TLesson, TTimetableWeek } from '@portal/contracts/families/schedule';
import { MAX_GLANCE_LESSONS, MAX_GLANCE_RESULTS, type THomeGlance } from '@portal/contracts/home';
import { MessageId } from '@portal/contracts/messages';
import type { TStudentRow } from '../../../src/access/own-child.ts';
import { schoolTimeOfDay, schoolToday } from '../../../src/access/school.ts';
import { demoSyncKey } from '../../../src/db/seed/seed.ts';
import { DEMO_UNRELEASED_ASSESSMENT } from '../../../src/db/seed/demo-results.ts';
import { collectHomeGlance, type THomeGlanceContext } from '../../../src/kits/home-glance.ts';
import { HOME_GLANCE_PER_MINUTE } from '../../../src/modules/home/glance.ts';
import { NEXT_LESSONS_LOOKAHEAD_DAYS, nextLessonsOf } from '../../../src/modules/schedule/home-glance.ts';
import { buildTestApp, signIn, type TTestApp } from '../../helper.ts';
import { importMarks } from '../results/results-data.ts';
import { answerOf, parentApi, type TParentApi } from '../publications/circulars-data.ts';

// Home's "today at a glance" (docs/modules.md section 5) on the demo data: per child, the
// month's attendance, the next lessons and the latest released results, each as the family's
// own page reads them, and only for the modules the school grants.
describe('home glance', () => {
  let t: TTestApp;
  let mogra: TParentApi; // parent@mogra.demo: Omar MG1001, Layla MG1002, Yousef MG1003 (every module)
  let haddad: TParentApi; // family.haddad@mogra.demo: Nour MG2001
  let bnad: TParentApi; // attendance granted; neither the timetable nor assessment marks
  let bcad: TParentApi; // fees and the agenda only
  const today = () => schoolToday('Asia/Dubai');
  const glanceOf = (api: TParentApi) => answerOf<THomeGlance>(api.get('/home/children'));

  beforeAll(async () => {
    t = await buildTestApp();
    mogra = parentApi(t, 'mogra', await signIn(t.app, 'mogra', 'parent@mogra.demo'));
    haddad = parentApi(t, 'mogra', await signIn(t.app, 'mogra', 'family.haddad@mogra.demo'));
    bnad = parentApi(t, 'bnad', await signIn(t.app, 'bnad', 'parent@bnad.demo'));
    bcad = parentApi(t, 'bcad', await signIn(t.app, 'bcad', 'parent@bcad.demo'));
  }, 180_000);
  afterAll(() => t.close());

  it("names the parent's children in the school's order, as the profile does", async () => {
    const glance = await glanceOf(mogra);
    expect(glance.today).toBe(today());
    expect(glance.unavailableParts).toEqual([]);
    const profile = (await mogra.get('/parent/profile')).json() as {
      children: {
        sims_student_enroll_number: string;
        sims_student_full_name: string;
        sims_student_img: string;
      }[];
    };
    expect(glance.children.map((child) => [child.enrollNumber, child.fullName, child.photo])).toEqual(
      profile.children.map((child) => [
        child.sims_student_enroll_number,
        child.sims_student_full_name,
        child.sims_student_img,
      ]),
    );
    expect(glance.children.map((child) => child.enrollNumber)).toEqual(['MG1001', 'MG1002', 'MG1003']);
    for (const child of glance.children) expect(child.gradeName).not.toBe('');
  });

  it("counts this month's attendance as the attendance page does", async () => {
    const glance = await glanceOf(mogra);
    const month = today().slice(0, 7);
    for (const child of glance.children) {
      const page = await answerOf<TAttendanceMonth>(
        mogra.get(`/attendance/month?enrollNumber=${child.enrollNumber}&month=${month}`),
      );
      expect(child.attendance).toEqual({ month, summary: page.summary });
    }
    // The demo term has recorded days this month, or the month has just begun.
    const recorded = glance.children.map(({ attendance }) =>
      attendance ? attendance.summary.present + attendance.summary.late + attendance.summary.absent : 0,
    );
    if (Number(today().slice(8)) > 7) expect(Math.max(...recorded)).toBeGreaterThan(0);
  });

  it("gives the rest of today's lessons, or the next school day's first ones, from the timetable", async () => {
    const before = schoolTimeOfDay('Asia/Dubai');
    const glance = await glanceOf(mogra);
    const after = schoolTimeOfDay('Asia/Dubai');
    const last = addDays(today(), NEXT_LESSONS_LOOKAHEAD_DAYS);
    for (const child of glance.children) {
      const weeks = await Promise.all(
        [0, 7, 14].map((days) =>
          answerOf<TTimetableWeek>(
            mogra.get(`/timetable/week?enrollNumber=${child.enrollNumber}&date=${addDays(today(), days)}`),
          ),
        ),
      );
      const lessons: TLesson[] = weeks
        .flatMap((week) => week.lessons)
        .filter((lesson) => lesson.date >= today() && lesson.date <= last)
        .sort((a, b) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start));
      const expected = [before, after].map((time) => nextLessonsOf(lessons, today(), time));
      expect(expected).toContainEqual(child.nextLessons);
      // The demo timetable has lessons every school week.
      expect(child.nextLessons?.lessons.length).toBeGreaterThan(0);
      expect(child.nextLessons?.lessons.length).toBeLessThanOrEqual(MAX_GLANCE_LESSONS);
      for (const lesson of child.nextLessons?.lessons ?? []) expect(lesson.date).toBe(child.nextLessons?.day);
    }
  });

  it('shows the latest released results, never an unreleased one, and one released now first', async () => {
    const omarOf = async () =>
      (await glanceOf(mogra)).children.find((child) => child.enrollNumber === 'MG1001');
    const page = await answerOf<TAssessments>(mogra.get('/assessments?enrollNumber=MG1001'));
    expect(page.items.some((item) => item.id === DEMO_UNRELEASED_ASSESSMENT && !item.released)).toBe(true);
    const releasedOnPage = page.items
      .filter((item) => item.released && item.result !== null)
      .sort((a, b) => (b.releasedAt ?? '').localeCompare(a.releasedAt ?? '') || b.id.localeCompare(a.id));

    const omar = await omarOf();
    const latest = omar?.latestResults ?? [];
    expect(latest).toHaveLength(MAX_GLANCE_RESULTS);
    expect(latest).toEqual(releasedOnPage.slice(0, MAX_GLANCE_RESULTS));
    expect(latest.map((item) => item.id)).not.toContain(DEMO_UNRELEASED_ASSESSMENT);

    // A mark the school releases only next week stays out; the withheld one, released now, comes first.
    const nextWeek = `${addDays(today(), 7)}T08:00:00+04:00`;
    await importMarks(
      t.app,
      [{ id: 'glance-later', classId: 'cls-09-A-math', category: 'cat-tests', score: 19 }],
      [{ id: 'glance-later', publishedAt: nextWeek }],
    );
    expect((await omarOf())?.latestResults?.map((item) => item.id)).not.toContain('glance-later');
    const published = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/publish',
      headers: { 'client-id': 'mogra', authorization: `Bearer ${demoSyncKey('mogra')}` },
      payload: { kind: 'assessment', sourcedIds: [DEMO_UNRELEASED_ASSESSMENT] },
    });
    expect(published.statusCode, published.body).toBe(200);
    const now = (await omarOf())?.latestResults ?? [];
    expect(now.map((item) => item.id)).toEqual([
      DEMO_UNRELEASED_ASSESSMENT,
      ...latest.slice(0, MAX_GLANCE_RESULTS - 1).map((item) => item.id),
    ]);
    expect(now[0]?.result?.score).not.toBeNull();
  });

  it("never names another family's children", async () => {
    const glance = await glanceOf(haddad);
    expect(glance.children.map((child) => child.enrollNumber)).toEqual(['MG2001']);
  });

  it('leaves out the parts of modules the school does not grant', async () => {
    const granted = await glanceOf(bnad);
    expect(granted.unavailableParts).toEqual([]);
    expect(granted.children.length).toBeGreaterThan(0);
    for (const child of granted.children) {
      expect(child.attendance?.month).toBe(today().slice(0, 7));
      expect(child.nextLessons).toBeNull();
      expect(child.latestResults).toBeNull();
    }
    const none = await glanceOf(bcad);
    expect(none.children.length).toBe(2);
    for (const child of none.children) {
      expect([child.attendance, child.nextLessons, child.latestResults]).toEqual([null, null, null]);
    }
  });

  it('needs a session (401), and refuses another school’s session', async () => {
    const url = '/api/v1/ppn/home/children';
    const bare = await t.app.inject({ method: 'GET', url, headers: { 'client-id': 'mogra' } });
    expect(bare.statusCode).toBe(401);
    const bcadToken = await signIn(t.app, 'bcad', 'parent@bcad.demo');
    const crossed = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'client-id': 'mogra', authorization: `Bearer ${bcadToken}` },
    });
    expect(crossed.statusCode).toBe(401);
  });

  it(`answers a parent at most ${HOME_GLANCE_PER_MINUTE} times a minute (429 L006), each parent apart`, async () => {
    let refused = null;
    for (let count = 0; count <= HOME_GLANCE_PER_MINUTE && !refused; count += 1) {
      const answer = await bcad.get('/home/children');
      if (answer.statusCode === 429) refused = answer;
      else expect(answer.statusCode).toBe(200);
    }
    expect(refused?.json()).toMatchObject({ messageId: MessageId.tooManyRequests });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect((await mogra.get('/home/children')).statusCode).toBe(200);
  });
});

describe('collecting the glance', () => {
  const context = {
    schoolId: 'mogra',
    parentId: 'p1',
    today: '2026-11-30',
    time: '10:00',
  } as THomeGlanceContext;
  const children = [
    { enrollNumber: 'C1', fullName: 'Child One', imageUrl: '', gradeNameEn: 'Grade 1' },
    { enrollNumber: 'C2', fullName: 'Child Two', imageUrl: '', gradeNameEn: 'Grade 2' },
  ] as TStudentRow[];
  const summary = { present: 3, absent: 1, late: 0, excused: 0, rate: 0.75 };

  it('asks only granted parts, and leaves a failed part null for every child, naming it', async () => {
    const asked: string[] = [];
    const failures: string[] = [];
    const answer = await collectHomeGlance(
      {
        attendance: async (_context, child) => {
          asked.push(`attendance:${child.enrollNumber}`);
          return { month: '2026-11', summary };
        },
        nextLessons: async (_context, child) => {
          asked.push(`nextLessons:${child.enrollNumber}`);
          return { day: null, lessons: [] };
        },
        latestResults: async (_context, child) => {
          if (child.enrollNumber === 'C2') throw new Error('down');
          return [];
        },
      },
      context,
      children,
      (key) => key !== 'timetable',
      (part) => failures.push(part),
    );
    expect(asked.sort()).toEqual(['attendance:C1', 'attendance:C2']);
    expect(answer.unavailableParts).toEqual(['latestResults']);
    expect(failures).toEqual(['latestResults']);
    expect(
      answer.children.map((child) => [
        child.enrollNumber,
        child.attendance,
        child.nextLessons,
        child.latestResults,
      ]),
    ).toEqual([
      ['C1', { month: '2026-11', summary }, null, null],
      ['C2', { month: '2026-11', summary }, null, null],
    ]);
  });
});

describe('the next lessons', () => {
  const lesson = (date: string, start: string, end: string, subject: string): TLesson => ({
    id: `${subject}:${date}`,
    date,
    periodNo: 1,
    start,
    end,
    subject,
    subjectAr: '',
    teacher: '',
    teacherAr: '',
    room: '',
  });
  const week = [
    lesson('2026-11-30', '07:45', '08:30', 'Maths'),
    lesson('2026-11-30', '08:35', '09:20', 'English'),
    lesson('2026-11-30', '09:25', '10:10', 'Science'),
    lesson('2026-11-30', '10:30', '11:15', 'Arabic'),
    lesson('2026-11-30', '11:20', '12:05', 'Art'),
    lesson('2026-12-01', '07:45', '08:30', 'History'),
    lesson('2026-12-01', '08:35', '09:20', 'Music'),
  ];
  const subjects = (answer: ReturnType<typeof nextLessonsOf>) => [
    answer.day,
    answer.lessons.map((one) => one.subject),
  ];

  it('are the rest of today, the lesson under way first, at most three', () => {
    expect(subjects(nextLessonsOf(week, '2026-11-30', '07:00'))).toEqual([
      '2026-11-30',
      ['Maths', 'English', 'Science'],
    ]);
    expect(subjects(nextLessonsOf(week, '2026-11-30', '09:00'))).toEqual([
      '2026-11-30',
      ['English', 'Science', 'Arabic'],
    ]);
  });

  it("are the next school day's first lessons once today's are over, and none when there is none", () => {
    expect(subjects(nextLessonsOf(week, '2026-11-30', '12:05'))).toEqual([
      '2026-12-01',
      ['History', 'Music'],
    ]);
    expect(subjects(nextLessonsOf(week, '2026-12-01', '09:30'))).toEqual([null, []]);
  });
});
