import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates.ts';

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
});
