import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/contracts/kits/dates';
import { attendanceDays, notifications, timetablePeriods } from '../../../src/db/schema/index.ts';
import { demoScheduleFiles } from '../../../src/db/seed/demo-schedule.ts';
import { DEMO_SCHOOLS } from '../../../src/db/seed/demo-schools.ts';
import { buildTestApp, seededDay, type TTestApp } from '../../helper.ts';
import { applyFiles } from './schedule-data.ts';

// The demo bundle's schedule files (docs/modules.md section 6) are a school's files like any other:
// the demo seed put them in through the import; sent again they change nothing and tell no
// one, and mogra's children have the term the design describes.
describe("the demo schools' schedule files", () => {
  let t: TTestApp;
  /** mogra's day when the seed ran (Asia/Dubai): what its files are dated from. */
  let today: string;
  beforeAll(async () => {
    t = await buildTestApp();
    today = await seededDay(t.database.db, 'mogra');
  });
  afterAll(() => t.close());

  it('has every school’s files in, and changes nothing when they are sent again', async () => {
    for (const school of DEMO_SCHOOLS) {
      const [periods] = await t.database.db
        .select({ count: count() })
        .from(timetablePeriods)
        .where(eq(timetablePeriods.schoolId, school.schoolId));
      expect(periods?.count, school.schoolId).toBeGreaterThan(0);
      const seedDay = await seededDay(t.database.db, school.schoolId);
      const files = demoScheduleFiles(school, seedDay);
      expect([...files.keys()].sort()).toEqual([
        'agenda.csv',
        'attendance.csv',
        'calendar.csv',
        'timetable.csv',
      ]);
      const again = await applyFiles(t.database.db, school.schoolId, files, 'bulk', seedDay);
      expect(again.problems, school.schoolId).toEqual([]);
      for (const [file, counts] of Object.entries(again.counts))
        expect(counts, `${school.schoolId} ${file}`).toMatchObject({ added: 0, changed: 0, removed: 0 });
    }
  });

  it('gives Omar two absences (one explained) and three lates, and Layla and Yousef one unexplained absence the same day', async () => {
    const marks = await t.database.db
      .select()
      .from(attendanceDays)
      .where(eq(attendanceDays.schoolId, 'mogra'));
    const of = (enrollNumber: string, status: string) =>
      marks.filter((mark) => mark.enrollNumber === enrollNumber && mark.status === status);
    expect(of('MG1001', 'absent')).toHaveLength(2);
    expect(of('MG1001', 'absent').filter((mark) => mark.note === '')).toHaveLength(1);
    expect(of('MG1001', 'late')).toHaveLength(3);
    const [layla] = of('MG1002', 'absent');
    const [yousef] = of('MG1003', 'absent');
    expect(layla?.day).toBe(yousef?.day);
    expect(layla?.note).toBe('');
    // A term: at least eight weeks of school days, up to yesterday.
    const omarDays = marks
      .filter((mark) => mark.enrollNumber === 'MG1001')
      .map((mark) => mark.day)
      .sort();
    expect(omarDays.length).toBeGreaterThanOrEqual(40);
    expect(omarDays.at(-1)! < today).toBe(true);
    expect(omarDays[0]! <= addDays(today, -63)).toBe(true);
  });

  it('tells the parents of the recent unexplained absences once, and of nothing older', async () => {
    const [notices] = await t.database.db
      .select({ count: count() })
      .from(notifications)
      .where(
        and(
          eq(notifications.schoolId, 'mogra'),
          eq(notifications.kind, 'attendance.absent'),
          eq(notifications.parentId, 'MG-P001'),
        ),
      );
    // Layla's and Yousef's absence this week; Omar's unexplained one is weeks old.
    expect(notices?.count).toBe(2);
  });
});
