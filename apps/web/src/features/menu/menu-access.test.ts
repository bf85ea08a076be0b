import { describe, expect, it } from 'vitest';
import { authorityOf } from '@portal/contracts/authority';
import { MENU, type TMenuEntry } from '@portal/contracts/menu';
import { localeResources } from '../../test/locales.ts';
import { allowedEntries, entryByPath, entryLabel, navKeyOf } from './menu-access.ts';
import { menuIcons } from './icons.ts';
import { iconColorClasses } from './icon-colors.ts';

const keys = (entries: readonly TMenuEntry[]) => entries.map((entry) => entry.key);

function entry(key: string): TMenuEntry {
  const found = MENU.find((candidate) => candidate.key === key);
  if (!found) throw new Error(`no menu entry ${key}`);
  return found;
}

describe('the navigation', () => {
  it('offers Home first and only the entries whose codes are granted', () => {
    expect(keys(allowedEntries(authorityOf('bcad', ['PP034', 'PP008'])))).toEqual([
      'home',
      'agenda',
      'feePayment',
    ]);
  });

  it('hides a menu entry whose codes are not granted', () => {
    const offered = keys(allowedEntries(authorityOf('bcad', ['PP034'])));
    expect(offered).not.toContain('timetable');
    expect(offered).not.toContain('medical');
  });

  it('opens an entry through any of its alternative codes', () => {
    expect(keys(allowedEntries(authorityOf('bcad', ['PP083'])))).toEqual(['home', 'feePayment']);
  });

  it('offers every module at the vendor demo school', () => {
    expect(allowedEntries(authorityOf('mogra', []))).toHaveLength(57);
  });

  it('opens nothing on an empty authority, not even Home', () => {
    expect(allowedEntries([])).toEqual([]);
  });

  it('finds an entry by path as the router matches it', () => {
    expect(entryByPath('/timetable')?.key).toBe('timetable');
    expect(entryByPath('/student-id/')?.key).toBe('studentId');
    expect(entryByPath('/nowhere')).toBeUndefined();
  });

  it('names an entry after the school’s application, else the nav translation', () => {
    const names = { PP034: { en: 'Homework diary', ar: 'دفتر الواجبات' } };
    expect(entryLabel(entry('agenda'), 'ar', names, () => 'x')).toBe('دفتر الواجبات');
    expect(entryLabel(entry('timetable'), 'en', names, (key) => `nav:${key}`)).toBe('nav:timetable');
  });

  it('has an icon, a colour and English and Arabic names for every entry', () => {
    for (const item of MENU) {
      expect(menuIcons[item.icon], item.icon).toBeDefined();
      expect(iconColorClasses[item.color]).toMatch(/^text-/);
      const key = navKeyOf(item);
      expect((localeResources.en?.nav as Record<string, string>)[key]).toBe(item.title);
      expect((localeResources.ar?.nav as Record<string, string>)[key]).toBe(item.titleAr);
    }
  });
});
