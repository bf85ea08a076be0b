import { addDays, daysBetween } from '@portal/contracts/kits/dates';
import { demoRoster } from './demo-roster.ts';
import type { TDemoSchool } from './demo-schools.ts';
import { demoCalendar, demoTermStart, isSchoolDay, type TDemoCalendarRow } from './demo-calendar.ts';
import { agendaCsv } from './demo-agenda.ts';
import { timetableCsv } from './demo-timetable.ts';
import { csvText } from '../../modules/school-data/csv-text.ts';

// The schedule family's files of each demo school's bundle (docs/school-data.md, "The
// portal's own files"), dated from the seed day (docs/modules.md section 6): a term of attendance
// up to yesterday, the timetable of every class, the school calendar and two weeks of agenda.
// Each school gets what its grants open, and a few rows of what they do not (so the tests
// prove the 403 A001 gate rather than missing data).

type TScheduleFile = 'attendance' | 'timetable' | 'calendar' | 'agenda';

/** What each demo school holds, by file: `full` for what it grants, `few` rows for the rest. */
const HOLDINGS: Record<string, Record<TScheduleFile, 'full' | 'few'>> = {
  mogra: { attendance: 'full', timetable: 'full', calendar: 'full', agenda: 'full' },
  bcad: { attendance: 'few', timetable: 'few', calendar: 'few', agenda: 'full' },
  bcd: { attendance: 'full', timetable: 'full', calendar: 'few', agenda: 'few' },
  bwa: { attendance: 'full', timetable: 'few', calendar: 'few', agenda: 'full' },
  bcaa: { attendance: 'few', timetable: 'few', calendar: 'few', agenda: 'few' },
  bnad: { attendance: 'full', timetable: 'few', calendar: 'few', agenda: 'full' },
};

/** File name -> CSV text of the schedule files of a demo school's bundle. */
export function demoScheduleFiles(school: TDemoSchool, seedDay: string): Map<string, string> {
  const holds = HOLDINGS[school.schoolId] ?? {
    attendance: 'few',
    timetable: 'few',
    calendar: 'few',
    agenda: 'few',
  };
  const roster = demoRoster(school);
  const calendar = demoCalendar(school.schoolId, seedDay, holds.calendar);
  const files = new Map<string, string>();
  files.set('attendance.csv', attendanceCsv(school, seedDay, calendar, holds.attendance));
  files.set(
    'timetable.csv',
    timetableCsv(
      roster.classes,
      roster.staff.map((member) => member.staffId),
      holds.timetable,
    ),
  );
  files.set(
    'calendar.csv',
    csvText(
      [
        'sourcedId',
        'status',
        'dateLastModified',
        'kind',
        'title_en',
        'title_ar',
        'detail_en',
        'detail_ar',
        'startDate',
        'endDate',
        'startTime',
        'endTime',
        'grades',
        'publishedAt',
      ],
      calendar.map((row) => ({
        sourcedId: row.sourcedId,
        status: 'active',
        kind: row.kind,
        title_en: row.titleEn,
        title_ar: row.titleAr,
        detail_en: row.detailEn,
        detail_ar: row.detailAr,
        startDate: row.startDate,
        endDate: row.endDate,
        startTime: row.startTime,
        endTime: row.endTime,
        grades: row.grades.join(','),
        publishedAt: row.publishedAt,
      })),
    ),
  );
  files.set('agenda.csv', agendaCsv(school.schoolId, roster.classes, seedDay, calendar, holds.agenda));
  return files;
}

type TMark = { status: 'present' | 'absent' | 'late' | 'excused'; note: string; arrivedAt: string };

/** The mogra children's term, as docs/modules.md section 6 tells it; every other day present. */
function mograMarks(schoolDays: string[]): Map<string, TMark> {
  const marks = new Map<string, TMark>();
  const back = (count: number) => schoolDays[Math.max(0, schoolDays.length - count)] ?? '';
  marks.set(`MG1001 ${back(26)}`, { status: 'absent', note: 'Family travel: leave approved', arrivedAt: '' });
  marks.set(`MG1001 ${back(14)}`, { status: 'absent', note: '', arrivedAt: '' });
  for (const [count, time] of [
    [38, '08:05'],
    [20, '08:20'],
    [6, '07:58'],
  ] as const)
    marks.set(`MG1001 ${back(count)}`, { status: 'late', note: `Arrived at ${time}`, arrivedAt: time });
  // Layla and Yousef were both away on one day this week, and no one has said why yet.
  for (const enrollNumber of ['MG1002', 'MG1003'])
    marks.set(`${enrollNumber} ${back(2)}`, { status: 'absent', note: '', arrivedAt: '' });
  marks.set(`MG1002 ${back(31)}`, { status: 'excused', note: 'Dental appointment', arrivedAt: '' });
  return marks;
}

function attendanceCsv(
  school: TDemoSchool,
  seedDay: string,
  calendar: TDemoCalendarRow[],
  holds: 'full' | 'few',
): string {
  const first = holds === 'full' ? demoTermStart(seedDay) : addDays(seedDay, -7);
  const schoolDays = Array.from({ length: daysBetween(first, seedDay) }, (_unused, index) =>
    addDays(first, index),
  ).filter((day) => isSchoolDay(day, calendar));
  const special = school.schoolId === 'mogra' ? mograMarks(schoolDays) : new Map<string, TMark>();
  const rows: Record<string, string>[] = [];
  for (const parent of school.parents) {
    for (const child of parent.children) {
      // The Haddads' child has only her last week recorded: the page shows how little there is.
      const days = child.enrollNumber === 'MG2001' ? schoolDays.slice(-5) : schoolDays;
      for (const day of days) {
        const mark = special.get(`${child.enrollNumber} ${day}`) ?? {
          status: 'present',
          note: '',
          arrivedAt: '',
        };
        rows.push({
          sourcedId: `att-${child.enrollNumber}-${day}`,
          status: 'active',
          enrollNumber: child.enrollNumber,
          date: day,
          attendanceStatus: mark.status,
          note: mark.note,
          arrivedAt: mark.arrivedAt,
        });
      }
    }
  }
  return csvText(
    [
      'sourcedId',
      'status',
      'dateLastModified',
      'enrollNumber',
      'date',
      'attendanceStatus',
      'note',
      'arrivedAt',
    ],
    rows,
  );
}
