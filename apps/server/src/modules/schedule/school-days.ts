import { addDays, isoWeekdayOf } from '@portal/contracts/kits/dates';

// The school's week (docs/school-data.md): its weekend days come from the school, and its
// first day is the day after the weekend (Monday for a Saturday-Sunday weekend, Sunday for a
// Friday-Saturday one).

/** The ISO weekday the school week starts on: the first day after a weekend day; Monday without one. */
export function firstSchoolWeekday(weekendDays: readonly number[]): number {
  for (let weekday = 1; weekday <= 7; weekday += 1) {
    const before = weekday === 1 ? 7 : weekday - 1;
    if (!weekendDays.includes(weekday) && weekendDays.includes(before)) return weekday;
  }
  return 1;
}

/** The first day of the school week that holds `day`. */
export function weekStartOf(day: string, weekendDays: readonly number[]): string {
  const back = (isoWeekdayOf(day) - firstSchoolWeekday(weekendDays) + 7) % 7;
  return addDays(day, -back);
}

/** Every day of a month `YYYY-MM`, in order. */
export function daysOfMonth(month: string): string[] {
  const [year = 0, monthNo = 0] = month.split('-').map(Number);
  const count = new Date(Date.UTC(year, monthNo, 0)).getUTCDate();
  return Array.from({ length: count }, (_unused, index) => `${month}-${String(index + 1).padStart(2, '0')}`);
}

/** Whether the day falls on one of the school's weekend days. */
export function isWeekend(day: string, weekendDays: readonly number[]): boolean {
  return weekendDays.includes(isoWeekdayOf(day));
}
