import { describe, expect, it } from 'vitest';
import { MENU } from '@portal/contracts/menu';
import { searchEntries, searchKey } from './menu-search.ts';

const keys = (query: string, labelOf = (entry: (typeof MENU)[number]) => entry.title) =>
  searchEntries(MENU, query, labelOf).map((entry) => entry.key);

describe('the menu search', () => {
  it('finds by any word of the name, in any case, every word typed', () => {
    expect(keys('fee')).toEqual(expect.arrayContaining(['feePayment', 'feeInvoices']));
    expect(keys('FEE inv')).toEqual(['feeInvoices']);
    expect(keys('   ')).toEqual([]);
    expect(keys('zzz')).toEqual([]);
  });

  it('finds in Arabic without the article, short vowels or hamza forms', () => {
    expect(keys('تعاميم')).toEqual(expect.arrayContaining(['circulars', 'circularRepository']));
    expect(keys('الإجازة')).toEqual(['studentLeave']);
    expect(keys('اجازه')).toEqual(['studentLeave']);
    expect(searchKey('مَدْرَسَة')).toBe('مدرسه');
  });

  it("finds by the name shown, which may be the school's own", () => {
    const labelOf = (entry: (typeof MENU)[number]) =>
      entry.key === 'happyToHelp' ? 'Help desk' : entry.title;
    expect(keys('help desk', labelOf)).toEqual(['happyToHelp']);
  });
});
