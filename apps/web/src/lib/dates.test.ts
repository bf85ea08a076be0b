import { describe, expect, it } from 'vitest';
import {
  addMonths,
  daysOfMonth,
  firstDayOfWeek,
  firstSchoolDay,
  formatDate,
  formatDateTime,
  formatDayRange,
  formatFullDateTime,
  formatTimeOfDay,
  todayIn,
  weekStartOf,
} from './dates.ts';

describe('dates in the school’s time zone', () => {
  it('shows an instant as the school’s clock does: 23:30 UTC is the next morning in Dubai', () => {
    expect(formatDateTime('2026-09-01T23:30:00Z', 'en', 'Asia/Dubai')).toBe('02-09-2026 3:30 AM');
    expect(formatDateTime('2026-09-01T23:30:00Z', 'en', 'Asia/Kolkata')).toBe('02-09-2026 5:00 AM');
    expect(formatDateTime('2026-09-01T23:30:00Z', 'en', 'UTC')).toBe('01-09-2026 11:30 PM');
    expect(formatDateTime('2026-09-01T08:05:00Z', 'en', 'Asia/Dubai')).toBe('01-09-2026 12:05 PM');
  });

  it('leaves a calendar day as it is, and says nothing of an invalid instant', () => {
    expect(formatDate('2026-09-01', 'en')).toBe('01-09-2026');
    expect(formatDateTime('not a date', 'en', 'Asia/Dubai')).toBe('');
  });

  it('writes an instant out in words on the school’s clock, in the page’s language', () => {
    expect(formatFullDateTime('2026-09-01T23:30:00Z', 'en', 'Asia/Dubai')).toBe(
      '2 September 2026 at 3:30 am',
    );
    expect(formatFullDateTime('2026-09-01T23:30:00Z', 'en', 'UTC')).toBe('1 September 2026 at 11:30 pm');
    expect(formatFullDateTime('2026-09-01T23:30:00Z', 'ar', 'Asia/Dubai')).toBe('2 سبتمبر 2026 في 3:30 ص');
    expect(formatFullDateTime('not a date', 'en', 'Asia/Dubai')).toBe('');
  });
});

describe('calendar days', () => {
  it('counts months and their days across year ends and leap years', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(daysOfMonth('2028-02')).toHaveLength(29);
    expect(daysOfMonth('2026-02').at(-1)).toBe('2026-02-28');
  });

  it("starts a school's weeks after its weekend, else where the language's locale does", () => {
    expect(firstSchoolDay([6, 7])).toBe(1);
    expect(firstSchoolDay([5, 6])).toBe(7);
    expect(firstSchoolDay([5])).toBe(6);
    expect(firstSchoolDay([])).toBeNull();
    expect(firstDayOfWeek([5, 6], 'en')).toBe(7);
    expect(firstDayOfWeek([], 'en')).toBe(1);
    // Thursday 12 March 2026: its week from Sunday, or from Monday.
    expect(weekStartOf('2026-03-12', 7)).toBe('2026-03-08');
    expect(weekStartOf('2026-03-12', 1)).toBe('2026-03-09');
    expect(weekStartOf('2026-03-09', 1)).toBe('2026-03-09');
  });

  it('writes ranges and times of day as each language does, on a twelve-hour clock', () => {
    expect(formatDayRange('2026-03-09', '2026-03-13', 'en')).toMatch(/^9\s?–\s?13 March 2026$/);
    expect(formatDayRange('2026-03-30', '2026-04-03', 'en')).toMatch(/^30 March\s?–\s?3 April 2026$/);
    expect(formatTimeOfDay('13:05', 'en')).toBe('1:05 pm');
    expect(formatTimeOfDay('08:20', 'ar')).toBe('8:20 ص');
  });

  it("knows today's date at the school: 23:30 UTC is already the next day in Dubai", () => {
    expect(todayIn('Asia/Dubai', new Date('2026-03-09T23:30:00Z'))).toBe('2026-03-10');
    expect(todayIn('UTC', new Date('2026-03-09T23:30:00Z'))).toBe('2026-03-09');
  });
});
