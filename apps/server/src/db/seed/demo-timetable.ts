import type { TDemoClass } from './demo-roster.ts';
import { SCHOOL_WEEKDAYS } from './demo-calendar.ts';
import { csvText } from '../../modules/school-data/csv-text.ts';

// timetable.csv of a demo school's bundle (docs/school-data.md): every class of every section,
// 5 school days of 7 periods (`full`), or one day of it (`few`).

/** A school week's lesson times (the school's zone): 7 periods, a break after the 3rd and 6th. */
const PERIOD_TIMES: [string, string][] = [
  ['07:45', '08:30'],
  ['08:35', '09:20'],
  ['09:25', '10:10'],
  ['10:30', '11:15'],
  ['11:20', '12:05'],
  ['12:10', '12:55'],
  ['13:30', '14:15'],
];

/** The timetable file of the demo classes. */
export function timetableCsv(classes: TDemoClass[], staffIds: string[], holds: 'full' | 'few'): string {
  const rows: Record<string, string>[] = [];
  const sections = [...new Set(classes.map((item) => `${item.gradeCode}-${item.sectionCode}`))];
  sections.forEach((section, sectionIndex) => {
    const ofSection = classes.filter((item) => `${item.gradeCode}-${item.sectionCode}` === section);
    const homeroom = ofSection.find((item) => item.classType === 'homeroom');
    const subjects = ofSection.filter((item) => item.classType === 'scheduled');
    const weekdays = holds === 'full' ? SCHOOL_WEEKDAYS : [1];
    for (const weekday of weekdays) {
      PERIOD_TIMES.forEach(([start, end], index) => {
        const periodNo = index + 1;
        // Monday's first period is the class teacher's; the others rotate through the subjects.
        const slot = (weekday - 1) * PERIOD_TIMES.length + index;
        const item =
          weekday === 1 && periodNo === 1 && homeroom
            ? homeroom
            : subjects[(slot + sectionIndex) % subjects.length];
        if (!item) return;
        // Friday's last lesson is taken by another teacher than the class's own.
        const cover =
          weekday === 5 && periodNo === PERIOD_TIMES.length
            ? (staffIds.find((id) => id !== item.teacherId && id.startsWith('stf-0')) ?? '')
            : '';
        rows.push({
          sourcedId: `tt-${item.classId}-${weekday}-${periodNo}`,
          status: 'active',
          classSourcedId: item.classId,
          weekday: String(weekday),
          periodNo: String(periodNo),
          startTime: start,
          endTime: end,
          room: item.room,
          teacherSourcedId: cover,
        });
      });
    }
  });
  return csvText(
    [
      'sourcedId',
      'status',
      'dateLastModified',
      'classSourcedId',
      'weekday',
      'periodNo',
      'startTime',
      'endTime',
      'room',
      'teacherSourcedId',
    ],
    rows,
  );
}
