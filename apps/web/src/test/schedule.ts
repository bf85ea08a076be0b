import type { TAttendanceDay, TAttendanceMonth } from '@portal/contracts/families/schedule';
import { addDays, daysOfMonth, isoWeekday } from '../lib/dates.ts';
import { ok } from './module-page.ts';

// Fixtures of the schedule pages; the pages open through `openModulePage` (./module-page.ts).

/**
 * A month of attendance: Saturdays and Sundays are the weekend, school days up to `until`
 * present, later ones not recorded; `days` changes single days.
 */
export function attendanceMonth(
  month: string,
  until: string,
  days: Record<string, Partial<TAttendanceDay>> = {},
): TAttendanceMonth {
  const all = daysOfMonth(month).map<TAttendanceDay>((date) => ({
    date,
    status: isoWeekday(date) >= 6 ? 'weekend' : date <= until ? 'present' : 'none',
    note: '',
    arrivedAt: null,
    unexplained: false,
    holiday: '',
    holidayAr: '',
    ...days[date],
  }));
  const count = (status: TAttendanceDay['status']) => all.filter((day) => day.status === status).length;
  const recorded = count('present') + count('absent') + count('late') + count('excused');
  return {
    ...ok,
    month,
    days: all,
    summary: {
      present: count('present'),
      absent: count('absent'),
      late: count('late'),
      excused: count('excused'),
      rate: recorded === 0 ? null : (count('present') + count('late')) / recorded,
    },
  };
}

/** The school days (Monday to Friday) of the week from `monday`. */
export const schoolWeek = (monday: string) => [0, 1, 2, 3, 4].map((index) => addDays(monday, index));
