import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoWeekdayOf } from '@portal/contracts/kits/dates';
import type { TTeachers, TTimetableWeek } from '@portal/contracts/families/schedule';
import { schools } from '../../../src/db/schema/index.ts';
import { demoTermStart } from '../../../src/db/seed/demo-calendar.ts';
import { signIn } from '../../helper.ts';
import { buildScheduleAppAsMogra, parentApi, type TParentApi, type TScheduleApp } from './schedule-data.ts';

// GET timetable/week and GET teachers (docs/modules.md F1): the school week of lessons from the
// child's classes, holidays left out; the child's teachers, the class teacher first.
describe('timetable/week and teachers', () => {
  let t: TScheduleApp;
  let mogra: TParentApi;
  beforeAll(async () => {
    ({ t, mogra } = await buildScheduleAppAsMogra());
  });
  afterAll(() => t.close());

  const weekOf = async (enrollNumber: string, date: string) => {
    const answer = await mogra.get(`/timetable/week?enrollNumber=${enrollNumber}&date=${date}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as TTimetableWeek;
  };

  it("gives a full week of the child's lessons, from the Monday, with subject, teacher and room", async () => {
    // The term's second week has no holiday; ask with its Wednesday.
    const monday = addDays(demoTermStart(t.seedDay), 7);
    const week = await weekOf('MG1001', addDays(monday, 2));
    expect(week.weekStart).toBe(monday);
    expect(week.weekendDays).toEqual([6, 7]);
    expect(week.lessons).toHaveLength(35);
    const days = [...new Set(week.lessons.map((lesson) => lesson.date))];
    expect(days).toEqual([0, 1, 2, 3, 4].map((offset) => addDays(monday, offset)));
    expect(week.lessons[0]).toMatchObject({
      date: monday,
      periodNo: 1,
      start: '07:45',
      end: '08:30',
      subject: 'Grade 9 A',
    });
    const maths = week.lessons.find((lesson) => lesson.subject === 'Mathematics');
    expect(maths).toMatchObject({
      subjectAr: 'الرياضيات',
      teacher: 'Sarah Mitchell',
      teacherAr: 'سارة ميتشل',
      room: '9A',
    });
    expect(week.lessons.find((lesson) => lesson.subject === 'Physical Education')?.room).toBe('Gym');
    // Friday's last lesson is covered by another teacher than the class's own.
    const friday = week.lessons.filter((lesson) => lesson.date === addDays(monday, 4)).at(-1);
    const usual = week.lessons.find(
      (lesson) => lesson.subject === friday?.subject && lesson.date !== friday?.date,
    );
    expect(friday?.teacher).not.toBe(usual?.teacher);
    expect(new Set(week.lessons.map((lesson) => lesson.id)).size).toBe(35);
  });

  it('leaves out the days of a holiday', async () => {
    // The demo mid-term break is the Thursday and Friday of the term's sixth week.
    const monday = addDays(demoTermStart(t.seedDay), 35);
    const week = await weekOf('MG1001', monday);
    expect(week.lessons).toHaveLength(21);
    expect(week.lessons.every((lesson) => lesson.date < addDays(monday, 3))).toBe(true);
  });

  it("starts the week on the day after the school's weekend", async () => {
    await t.database.db
      .update(schools)
      .set({ weekendDays: [5, 6] })
      .where(eq(schools.schoolId, 'mogra'));
    const week = await weekOf('MG1001', t.today);
    expect(isoWeekdayOf(week.weekStart)).toBe(7);
    expect(week.weekendDays).toEqual([5, 6]);
    expect(week.lessons.every((lesson) => ![5, 6].includes(isoWeekdayOf(lesson.date)))).toBe(true);
    await t.database.db
      .update(schools)
      .set({ weekendDays: [6, 7] })
      .where(eq(schools.schoolId, 'mogra'));
  });

  it("lists the child's teachers with their subjects, the class teacher first", async () => {
    const answer = await mogra.get('/teachers?enrollNumber=MG1001');
    expect(answer.statusCode, answer.body).toBe(200);
    const { teachers } = answer.json() as TTeachers;
    expect(teachers[0]).toMatchObject({ name: 'Sarah Mitchell', homeroom: true });
    expect(teachers.filter((teacher) => teacher.homeroom)).toHaveLength(1);
    const subjects = teachers.flatMap((teacher) => teacher.subjects.map((subject) => subject.name));
    expect(subjects).toEqual(
      expect.arrayContaining(['Mathematics', 'English', 'Arabic', 'Science', 'Physical Education']),
    );
    expect(teachers.find((teacher) => teacher.name === 'Ahmed Al Mansoori')?.subjects).toContainEqual({
      name: 'English',
      nameAr: 'اللغة الإنجليزية',
    });
    const rest = teachers.slice(1).map((teacher) => teacher.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b)));
  });

  it("refuses another family's child, another school's session and a school without the module", async () => {
    for (const path of [
      `/timetable/week?enrollNumber=MG2001&date=${t.today}`,
      '/teachers?enrollNumber=MG2001',
    ]) {
      const answer = await mogra.get(path);
      expect(answer.statusCode, path).toBe(403);
      expect(answer.json()).toMatchObject({ messageId: 'A002' });
    }
    const bcdToken = await signIn(t.app, 'bcd', 'parent@bcd.demo');
    const crossSchool = await parentApi(t, 'mogra', bcdToken).get(
      `/timetable/week?enrollNumber=MG1001&date=${t.today}`,
    );
    expect(crossSchool.statusCode).toBe(401);
    const granted = await parentApi(t, 'bcd', bcdToken).get(
      `/timetable/week?enrollNumber=BD4101&date=${t.today}`,
    );
    expect(granted.statusCode).toBe(200);
    // bcd grants the timetable but not the teachers' list; bwa does not grant the timetable.
    const teachers = await parentApi(t, 'bcd', bcdToken).get('/teachers?enrollNumber=BD4101');
    expect(teachers.json()).toMatchObject({ messageId: 'A001' });
    const bwa = parentApi(t, 'bwa', await signIn(t.app, 'bwa', 'parent@bwa.demo'));
    const ungranted = await bwa.get(`/timetable/week?enrollNumber=BW5101&date=${t.today}`);
    expect(ungranted.statusCode).toBe(403);
    expect(ungranted.json()).toMatchObject({ messageId: 'A001' });
  });

  it('refuses a date that is not one (400 V001)', async () => {
    for (const date of ['2026-02-30', 'today', '2026-1-1']) {
      const answer = await mogra.get(`/timetable/week?enrollNumber=MG1001&date=${date}`);
      expect(answer.statusCode, date).toBe(400);
      expect(answer.json()).toMatchObject({ messageId: 'V001' });
    }
  });
});
