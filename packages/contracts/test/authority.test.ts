import { describe, expect, it } from 'vitest';
import { ACTIVE_MARKER, ALL_ACCESS_CODES, MENU } from '../src/menu.ts';
import { authorityOf, holdsAnyCode, isEntryAllowed } from '../src/authority.ts';

const entry = (path: string) => {
  const found = MENU.find((e) => e.path === path);
  if (!found) throw new Error(`no menu entry ${path}`);
  return found;
};

describe('the menu registry (docs/product-spec.md section 2)', () => {
  it('has Home and every module path of the spec, each once', () => {
    expect(MENU).toHaveLength(57);
    expect(MENU[0]?.path).toBe('/dashboard');
    expect(new Set(MENU.map((e) => e.path)).size).toBe(57);
    expect(new Set(MENU.map((e) => e.key)).size).toBe(57);
  });

  it('gives every entry its fields, an access code and a fixed colour', () => {
    for (const e of MENU) {
      expect(e.authority.length, e.path).toBeGreaterThan(0);
      expect(e.appCode).toBe(e.authority[0]);
      expect(e.translateKey).toBe(`nav.${e.key}`);
      expect(e.title && e.titleAr && e.icon && e.color, e.path).toBeTruthy();
      expect(e.type).toBe('item');
      expect(e.subMenu).toEqual([]);
    }
  });

  it('uses PP034 for agenda and PP008 for fee payment, with alternative codes', () => {
    expect(entry('/agenda').authority).toContain('PP034');
    expect(entry('/feepayment').authority).toContain('PP008');
    for (const path of [
      '/feepayment',
      '/agenda',
      '/counselling-details',
      '/report',
      '/attendance_month',
      '/topup',
    ]) {
      expect(entry(path).authority.length, path).toBeGreaterThan(1);
    }
  });

  it('lists every access code once, without the active marker', () => {
    expect(ALL_ACCESS_CODES).not.toContain(ACTIVE_MARKER);
    expect(new Set(ALL_ACCESS_CODES).size).toBe(ALL_ACCESS_CODES.length);
  });
});

describe('authority (docs/product-spec.md section 6)', () => {
  it('is the active marker plus the granted codes', () => {
    expect(authorityOf('bcad', ['PP034', 'PP008'])).toEqual([ACTIVE_MARKER, 'PP034', 'PP008']);
  });

  it('is only the active marker when nothing is granted', () => {
    expect(authorityOf('bcad', [])).toEqual([ACTIVE_MARKER]);
  });

  it('holds every code at the vendor demo school, whatever is granted', () => {
    const authority = authorityOf('mogra', []);
    for (const e of MENU) expect(isEntryAllowed(e, authority), e.path).toBe(true);
  });

  it('shows an entry when at least one of its codes is granted, alternatives included', () => {
    expect(isEntryAllowed(entry('/feepayment'), authorityOf('bwa', ['PP083']))).toBe(true);
    expect(isEntryAllowed(entry('/attendance_month'), authorityOf('bwa', ['PP059']))).toBe(true);
  });

  it('hides an entry whose codes are not granted', () => {
    const bcad = authorityOf('bcad', ['PP034', 'PP008']);
    expect(isEntryAllowed(entry('/dashboard'), bcad)).toBe(true);
    expect(isEntryAllowed(entry('/agenda'), bcad)).toBe(true);
    expect(isEntryAllowed(entry('/feepayment'), bcad)).toBe(true);
    expect(isEntryAllowed(entry('/timetable'), bcad)).toBe(false);
    expect(isEntryAllowed(entry('/medical'), bcad)).toBe(false);
  });

  it('denies when the list of codes is empty, never allows', () => {
    expect(holdsAnyCode([ACTIVE_MARKER, 'PP001'], [])).toBe(false);
    expect(isEntryAllowed({ authority: [] }, authorityOf('mogra', []))).toBe(false);
    expect(holdsAnyCode([], ['PP001'])).toBe(false);
  });
});
