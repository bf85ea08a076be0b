import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
