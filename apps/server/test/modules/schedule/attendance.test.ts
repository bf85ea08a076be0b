import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoWeekdayOf } from '@portal/contracts/kits/dates';
import type { TAttendanceMonth } from '@portal/contracts/families/schedule';
import { attendanceDays, enrollments, requests } from '../../../src/db/schema/index.ts';
import { signIn } from '../../helper.ts';
import {
  applyFiles,
  buildScheduleAppAsMogra,
  parentApi,
  type TParentApi,
  type TScheduleApp,
} from './schedule-data.ts';

// GET attendance/month (docs/modules.md F1): every day of the month with its status, unexplained
// absences, the month's counts; holidays never absences; outside the enrolment `none`.
describe('attendance/month', () => {
  let t: TScheduleApp;
  let mogra: TParentApi;
  let omarAbsences: { day: string; note: string }[];
  beforeAll(async () => {
    ({ t, mogra } = await buildScheduleAppAsMogra());
    omarAbsences = await t.database.db
      .select({ day: attendanceDays.day, note: attendanceDays.note })
      .from(attendanceDays)
      .where(
        and(
          eq(attendanceDays.schoolId, 'mogra'),
          eq(attendanceDays.enrollNumber, 'MG1001'),
          eq(attendanceDays.status, 'absent'),
        ),
      );
  });
  afterAll(() => t.close());

  const monthOf = async (enrollNumber: string, month: string) => {
    const answer = await mogra.get(`/attendance/month?enrollNumber=${enrollNumber}&month=${month}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as TAttendanceMonth;
  };

  it('shows every day of the month, the marks the school gave, and the weekend', async () => {
    const unexplained = omarAbsences.find((absence) => absence.note === '');
    expect(unexplained).toBeDefined();
    const month = unexplained!.day.slice(0, 7);
    const answer = await monthOf('MG1001', month);
    const [year, monthNo] = month.split('-').map(Number);
    expect(answer.days).toHaveLength(new Date(Date.UTC(year!, monthNo!, 0)).getUTCDate());
    const day = answer.days.find((candidate) => candidate.date === unexplained!.day);
    expect(day).toMatchObject({ status: 'absent', unexplained: true, note: '' });
    for (const weekend of answer.days.filter((candidate) => [6, 7].includes(isoWeekdayOf(candidate.date))))
      expect(weekend.status).toBe('weekend');
    const stored = await t.database.db
      .select()
      .from(attendanceDays)
      .where(and(eq(attendanceDays.schoolId, 'mogra'), eq(attendanceDays.enrollNumber, 'MG1001')));
    const inMonth = stored.filter((mark) => mark.day.startsWith(month));
    const count = (status: string) => inMonth.filter((mark) => mark.status === status).length;
    expect(answer.summary).toMatchObject({
      present: count('present'),
      absent: count('absent'),
      late: count('late'),
    });
    expect(answer.summary.rate).toBeCloseTo((count('present') + count('late')) / inMonth.length, 5);
  });

  it('marks an absence with a note, or covered by a leave request, as explained', async () => {
    const explained = omarAbsences.find((absence) => absence.note !== '')!;
    const answer = await monthOf('MG1001', explained.day.slice(0, 7));
    expect(answer.days.find((day) => day.date === explained.day)).toMatchObject({
      status: 'absent',
      unexplained: false,
    });

    const unexplained = omarAbsences.find((absence) => absence.note === '')!;
    await t.database.db.insert(requests).values({
      schoolId: 'mogra',
      kind: 'leave',
      parentId: 'MG-P001',
      status: 'submitted',
      enrollNumbers: ['MG1001'],
      payload: { enrollNumbers: ['MG1001'], from: unexplained.day, to: unexplained.day, reason: 'Fever' },
    });
    const after = await monthOf('MG1001', unexplained.day.slice(0, 7));
    expect(after.days.find((day) => day.date === unexplained.day)).toMatchObject({
      status: 'absent',
      unexplained: false,
    });
    await t.database.db.delete(requests).where(eq(requests.schoolId, 'mogra'));
  });

  it('shows a late arrival with its time', async () => {
    const [late] = await t.database.db
      .select()
      .from(attendanceDays)
      .where(and(eq(attendanceDays.enrollNumber, 'MG1001'), eq(attendanceDays.status, 'late')));
    const answer = await monthOf('MG1001', late!.day.slice(0, 7));
    expect(answer.days.find((day) => day.date === late!.day)).toMatchObject({
      status: 'late',
      arrivedAt: late!.arrivedAt,
    });
  });

  it('shows a published holiday as a holiday, never an absence; a draft or scheduled one not at all', async () => {
    const unexplained = omarAbsences.find((absence) => absence.note === '')!;
    const [{ day: present } = { day: '' }] = await t.database.db
      .select({ day: attendanceDays.day })
      .from(attendanceDays)
      .where(
        and(
          eq(attendanceDays.enrollNumber, 'MG1001'),
          eq(attendanceDays.status, 'present'),
          sql`to_char(${attendanceDays.day}, 'YYYY-MM') = ${unexplained.day.slice(0, 7)}`,
        ),
      )
      .limit(1);
    expect(present).not.toBe('');
    const later = addDays(t.today, 30);
    const files = new Map([
      [
        'calendar.csv',
        [
          'sourcedId,kind,title_en,title_ar,startDate,endDate,publishedAt',
          `hol-test,holiday,Storm day,يوم العاصفة,${unexplained.day},${unexplained.day},2020-01-01T00:00:00Z`,
          `hol-draft,holiday,Draft day,,${present},${present},`,
          `hol-later,holiday,Later day,,${present},${present},${later}T00:00:00Z`,
        ].join('\n'),
      ],
    ]);
    expect((await applyFiles(t.database.db, 'mogra', files)).problems).toEqual([]);
    const answer = await monthOf('MG1001', unexplained.day.slice(0, 7));
    expect(answer.days.find((day) => day.date === unexplained.day)).toMatchObject({
      status: 'holiday',
      holiday: 'Storm day',
      holidayAr: 'يوم العاصفة',
      unexplained: false,
    });
    expect(answer.days.find((day) => day.date === present)).toMatchObject({ status: 'present', holiday: '' });
    const removal = new Map([
      [
        'calendar.csv',
        'sourcedId,status,kind,title_en,title_ar,startDate,publishedAt\nhol-test,tobedeleted,,,,,\nhol-draft,tobedeleted,,,,,\nhol-later,tobedeleted,,,,,',
      ],
    ]);
    expect((await applyFiles(t.database.db, 'mogra', removal)).problems).toEqual([]);
  });

  it("shows only 'none' for a month outside the child's enrolment", async () => {
    await t.database.db
      .update(enrollments)
      .set({ beginsOn: addDays(t.today, -20) })
      .where(and(eq(enrollments.schoolId, 'mogra'), eq(enrollments.personId, 'MG1003')));
    const answer = await monthOf('MG1003', addDays(t.today, -400).slice(0, 7));
    expect(new Set(answer.days.map((day) => day.status))).toEqual(new Set(['none']));
    expect(answer.summary).toEqual({ present: 0, absent: 0, late: 0, excused: 0, rate: null });
  });

  it('refuses a month that is not one (400 V001)', async () => {
    for (const month of ['2026-13', '2026-1', 'x', '']) {
      const answer = await mogra.get(`/attendance/month?enrollNumber=MG1001&month=${month}`);
      expect(answer.statusCode, month).toBe(400);
      expect(answer.json()).toMatchObject({ messageId: 'V001' });
    }
  });

  it("refuses another family's child (403 A002), another school's session (401) and a school without the module (403 A001)", async () => {
    const month = t.today.slice(0, 7);
    const sibling = await mogra.get(`/attendance/month?enrollNumber=MG2001&month=${month}`);
    expect(sibling.statusCode).toBe(403);
    expect(sibling.json()).toMatchObject({ messageId: 'A002' });
    expect(sibling.body).not.toContain('Nour');
    const bcadToken = await signIn(t.app, 'bcad', 'parent@bcad.demo');
    const crossSchool = await parentApi(t, 'mogra', bcadToken).get(
      `/attendance/month?enrollNumber=MG1001&month=${month}`,
    );
    expect(crossSchool.statusCode).toBe(401);
    // bcad grants the agenda and fees only: its own child's attendance is not offered.
    const ungranted = await parentApi(t, 'bcad', bcadToken).get(
      `/attendance/month?enrollNumber=BC3101&month=${month}`,
    );
    expect(ungranted.statusCode).toBe(403);
    expect(ungranted.json()).toMatchObject({ messageId: 'A001' });
    const bcdToken = await signIn(t.app, 'bcd', 'parent@bcd.demo');
    const granted = await parentApi(t, 'bcd', bcdToken).get(
      `/attendance/month?enrollNumber=BD4101&month=${month}`,
    );
    expect(granted.statusCode).toBe(200);
  });
});
