import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { schoolToday, schoolWide } from '../../src/access/school.ts';
import { buildTestApp, type TTestApp } from '../helper.ts';

// What every module reads of a school (docs/decisions/018-module-families.md), across two
// schools of the demo seed.
describe('the school (access layer)', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("answers each school's own grants, current year and time zone", async () => {
    const [mogra, bcad, none] = await Promise.all([
      schoolWide(t.database.db, 'mogra'),
      schoolWide(t.database.db, 'bcad'),
      schoolWide(t.database.db, 'no-such-school'),
    ]);
    expect(bcad?.granted.map((application) => application.code)).toEqual(['PP008', 'PP034']);
    expect(mogra?.granted.length).toBeGreaterThan(50);
    expect(mogra?.year?.schoolId).toBe('mogra');
    expect(bcad?.timeZone).toBe('Asia/Dubai');
    expect(none?.granted).toEqual([]);
    expect(none?.year).toBeNull();
  });

  it("counts today in the school's time zone, not the server's", () => {
    const lateUtc = new Date('2026-11-25T22:30:00Z');
    expect(schoolToday('Asia/Dubai', lateUtc)).toBe('2026-11-26');
    expect(schoolToday('America/New_York', lateUtc)).toBe('2026-11-25');
    // The formats are kept per time zone: asking again answers the same.
    expect(schoolToday('Asia/Dubai', lateUtc)).toBe('2026-11-26');
  });
});

describe("the school's today, on the clock", () => {
  afterEach(() => vi.useRealTimers());

  it('turns at midnight on the school clock, within the second, and follows the clock back too', () => {
    vi.useFakeTimers();
    // 23:59:59.500 in Dubai (UTC+4).
    vi.setSystemTime(new Date('2026-03-10T19:59:59.500Z'));
    expect(schoolToday('Asia/Dubai')).toBe('2026-03-10');
    expect(schoolToday('Asia/Dubai')).toBe('2026-03-10');
    vi.setSystemTime(new Date('2026-03-10T20:00:00.000Z'));
    expect(schoolToday('Asia/Dubai')).toBe('2026-03-11');
    // Each zone its own day at the same instant.
    expect(schoolToday('Europe/London')).toBe('2026-03-10');
    vi.setSystemTime(new Date('2026-03-09T12:00:00.000Z'));
    expect(schoolToday('Asia/Dubai')).toBe('2026-03-09');
  });

  it('formats a given instant without what it kept', () => {
    expect(schoolToday('Asia/Dubai', new Date('2026-01-01T21:00:00Z'))).toBe('2026-01-02');
  });
});
