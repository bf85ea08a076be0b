import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoWeekdayOf } from '@portal/contracts/kits/dates';
import {
  agendaItems,
  attendanceDays,
  notifications,
  schoolCalendar,
  timetablePeriods,
} from '../../../src/db/schema/index.ts';
import { applyFiles, buildScheduleApp, type TScheduleApp } from './schedule-data.ts';

// The schedule family's own files of a bundle (docs/school-data.md, "The portal's own files"):
// each row checked, problems reported by file, row and column with nothing applied; delta rows
// removed by `tobedeleted`; a bulk file the whole of what it holds; a new unexplained absence
// told to the parents once, and never an old one.
describe("the schedule family's files", () => {
  let t: TScheduleApp;
  let recent: string[];
  beforeAll(async () => {
    t = await buildScheduleApp();
    // The school days before the seed day: the last ones the demo recorded (up to its yesterday).
    recent = [1, 2, 3, 4, 5, 6, 7]
      .map((back) => addDays(t.seedDay, -back))
      .filter((day) => isoWeekdayOf(day) <= 5);
  });
  afterAll(() => t.close());

  const attendance = (...rows: string[]) =>
    new Map([
      ['attendance.csv', ['sourcedId,enrollNumber,date,attendanceStatus,note,arrivedAt', ...rows].join('\n')],
    ]);
  const markOf = async (enrollNumber: string, day: string) =>
    (
      await t.database.db
        .select()
        .from(attendanceDays)
        .where(
          and(
            eq(attendanceDays.schoolId, 'mogra'),
            eq(attendanceDays.enrollNumber, enrollNumber),
            eq(attendanceDays.day, day),
          ),
        )
    )[0];
  const noticesOf = (enrollNumber: string, day: string) =>
    t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, `attendance.absent:${enrollNumber}:${day}`));

  it('reports every bad row by file, row and column, and applies nothing', async () => {
    const day = recent[0]!;
    const applied = await applyFiles(
      t.database.db,
      'mogra',
      attendance(
        `a1,MG1001,${day},absent,,`,
        `a2,NOPE,${day},present,,`,
        `a3,MG1002,${day},sleeping,,`,
        `a4,MG1003,2026-02-30,present,,`,
        `a5,MG1003,${addDays(t.today, 3)},present,,`,
        `a6,MG1001,${day},late,,8am`,
      ),
    );
    const where = applied.problems.map((problem) => `${problem.file} ${problem.row} ${problem.column}`);
    expect(where).toEqual(
      expect.arrayContaining([
        'attendance.csv 4 attendanceStatus',
        'attendance.csv 5 date',
        'attendance.csv 7 arrivedAt',
      ]),
    );
    expect(applied.problems.every((problem) => problem.messageId === 'I001')).toBe(true);
    expect((await markOf('MG1001', day))?.status).toBe('present');
    expect(await noticesOf('MG1001', day)).toHaveLength(0);
    // Rows that read well but name what the school does not have are refused when applied.
    const unknown = await applyFiles(
      t.database.db,
      'mogra',
      attendance(
        `a1,MG1001,${day},absent,,`,
        `a2,NOPE,${day},present,,`,
        `a3,MG1002,${addDays(t.today, 3)},present,,`,
        `a4,MG1001,${day},late,,`,
      ),
    );
    expect(unknown.problems.map((problem) => `${problem.row} ${problem.column}`)).toEqual(
      expect.arrayContaining(['3 enrollNumber', '4 date', '5 date']),
    );
    expect((await markOf('MG1001', day))?.status).toBe('present');
    expect(await noticesOf('MG1001', day)).toHaveLength(0);
  });

  it('tells the parents of a new unexplained absence once, whatever the repeats', async () => {
    const day = recent[0]!;
    const files = attendance(`a1,MG1001,${day},absent,,`);
    const first = await applyFiles(t.database.db, 'mogra', files);
    expect(first.problems).toEqual([]);
    expect(first.counts['attendance.csv']).toMatchObject({ changed: 1 });
    expect(await noticesOf('MG1001', day)).toHaveLength(1);
    const again = await applyFiles(t.database.db, 'mogra', files);
    expect(again.counts['attendance.csv']).toMatchObject({ added: 0, changed: 0, unchanged: 1 });
    // Explained, then unexplained again: still the one notice.
    await applyFiles(t.database.db, 'mogra', attendance(`a1,MG1001,${day},absent,Doctor,`));
    await applyFiles(t.database.db, 'mogra', attendance(`a1,MG1001,${day},absent,,`));
    expect(await noticesOf('MG1001', day)).toHaveLength(1);
    const [notice] = await noticesOf('MG1001', day);
    expect(notice).toMatchObject({ parentId: 'MG-P001', category: 'attendance', mailState: 'pending' });
  });

  it('tells no one of an absence older than a week, or on a holiday', async () => {
    const old = addDays(t.today, -10);
    expect(
      (await applyFiles(t.database.db, 'mogra', attendance(`o1,MG1003,${old},absent,,`))).problems,
    ).toEqual([]);
    expect((await markOf('MG1003', old))?.status).toBe('absent');
    expect(await noticesOf('MG1003', old)).toHaveLength(0);
    const day = recent[1]!;
    const holiday = new Map([
      [
        'calendar.csv',
        `sourcedId,kind,title_en,title_ar,startDate,publishedAt\nstorm,holiday,Storm,,${day},2020-01-01`,
      ],
      ...attendance(`h1,MG2001,${day},absent,,`),
    ]);
    expect(await noticesOf('MG2001', day)).toHaveLength(0);
    expect((await applyFiles(t.database.db, 'mogra', holiday)).problems).toEqual([]);
    expect((await markOf('MG2001', day))?.status).toBe('absent');
    expect(await noticesOf('MG2001', day)).toHaveLength(0);
  });

  it('removes a delta row marked tobedeleted, and in bulk the marks of the days the file spans that it lacks', async () => {
    const [a, b] = [recent[2]!, recent[3]!];
    const removal = new Map([
      ['attendance.csv', `sourcedId,status,enrollNumber,date,attendanceStatus\nr1,tobedeleted,MG2001,${a},`],
    ]);
    const removed = await applyFiles(t.database.db, 'mogra', removal);
    expect(removed.problems).toEqual([]);
    expect(removed.counts['attendance.csv']).toMatchObject({ removed: 1 });
    expect(await markOf('MG2001', a)).toBeUndefined();
    // A bulk file holding one child's mark on day b: the other children's marks that day go, not other days'.
    const bulk = await applyFiles(t.database.db, 'mogra', attendance(`b1,MG1001,${b},present,,`), 'bulk');
    expect(bulk.problems).toEqual([]);
    expect(await markOf('MG1001', b)).toBeDefined();
    expect(await markOf('MG1002', b)).toBeUndefined();
    expect(await markOf('MG1002', recent[4] ?? addDays(b, -7))).toBeDefined();
  });

  it('checks the timetable, calendar and agenda rows, and what they refer to', async () => {
    const files = new Map([
      [
        'timetable.csv',
        [
          'sourcedId,classSourcedId,weekday,periodNo,startTime,endTime,room,teacherSourcedId',
          'p1,cls-nope,1,1,08:00,08:45,,',
          'p2,cls-09-A-math,8,1,08:00,08:45,,',
          'p3,cls-09-A-math,2,1,09:00,08:45,,',
          'p4,cls-09-A-math,2,2,09:00,09:45,,stf-nope',
        ].join('\n'),
      ],
      [
        'calendar.csv',
        [
          'sourcedId,kind,title_en,title_ar,startDate,endDate,startTime,grades,publishedAt',
          'c1,party,Party,,2026-12-01,,,,',
          'c2,event,,,2026-12-01,,,,',
          'c3,event,Fair,,2026-12-05,2026-12-01,,,',
          'c4,event,Fair,,2026-12-01,,25:00,,',
          'c5,event,Fair,,2026-12-01,,,,next week',
        ].join('\n'),
      ],
      [
        'agenda.csv',
        [
          'sourcedId,classSourcedId,dueDate,kind,title_en,title_ar,publishedAt',
          'g1,cls-nope,2026-12-01,homework,Read,,',
          'g2,cls-09-A-math,2026-12-01,essay,Read,,',
        ].join('\n'),
      ],
    ]);
    const applied = await applyFiles(t.database.db, 'mogra', files);
    const where = applied.problems.map((problem) => `${problem.file} ${problem.row} ${problem.column}`);
    expect(where).toEqual(
      expect.arrayContaining([
        'timetable.csv 3 weekday',
        'timetable.csv 4 endTime',
        'calendar.csv 2 kind',
        'calendar.csv 3 title_en',
        'calendar.csv 4 endDate',
        'calendar.csv 5 startTime',
        'calendar.csv 6 publishedAt',
        'agenda.csv 3 kind',
      ]),
    );
    const references = await applyFiles(
      t.database.db,
      'mogra',
      new Map([
        [
          'timetable.csv',
          'sourcedId,classSourcedId,weekday,periodNo,startTime,endTime,teacherSourcedId\np1,cls-nope,1,1,08:00,08:45,\np4,cls-09-A-math,2,2,09:00,09:45,stf-nope',
        ],
        [
          'agenda.csv',
          'sourcedId,classSourcedId,dueDate,kind,title_en,title_ar,publishedAt\ng1,cls-nope,2026-12-01,homework,Read,,',
        ],
      ]),
    );
    expect(references.problems.map((problem) => `${problem.file} ${problem.row} ${problem.column}`)).toEqual(
      expect.arrayContaining(['timetable.csv 2 classSourcedId', 'timetable.csv 3 teacherSourcedId']),
    );
    for (const [table, id] of [
      [timetablePeriods.periodId, 'p1'],
      [schoolCalendar.eventId, 'c1'],
      [agendaItems.itemId, 'g1'],
    ] as const) {
      const rows = await t.database.db.select({ id: table }).from(table.table).where(eq(table, id));
      expect(rows, id).toHaveLength(0);
    }
  });

  it('keeps a calendar row for the grades it names, with its publication time', async () => {
    const applied = await applyFiles(
      t.database.db,
      'mogra',
      new Map([
        [
          'calendar.csv',
          'sourcedId,kind,title_en,title_ar,startDate,grades,publishedAt\nc9,exam,Exam,امتحان,2026-12-01,"09,10",2026-11-20T08:00:00+04:00',
        ],
      ]),
    );
    expect(applied.problems).toEqual([]);
    const [row] = await t.database.db.select().from(schoolCalendar).where(eq(schoolCalendar.eventId, 'c9'));
    expect(row).toMatchObject({
      kind: 'exam',
      titleAr: 'امتحان',
      audienceGrades: ['09', '10'],
      endsOn: '2026-12-01',
    });
    expect(row?.publishedAt?.toISOString()).toBe('2026-11-20T04:00:00.000Z');
  });
});
