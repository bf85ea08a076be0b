import { describe, expect, it } from 'vitest';
import { entriesOfGroup, MENU, MENU_GROUPS } from '../src/menu.ts';

describe('the menu groups', () => {
  it('place every entry but Home in exactly one group', () => {
    const grouped = MENU_GROUPS.flatMap((group) => entriesOfGroup(MENU, group).map((entry) => entry.key));
    expect(new Set(grouped).size).toBe(grouped.length);
    expect(grouped.sort()).toEqual(
      MENU.filter((entry) => entry.key !== 'home')
        .map((entry) => entry.key)
        .sort(),
    );
    expect(MENU.find((entry) => entry.key === 'home')?.group).toBeNull();
  });

  it('keep a group in its own order, whatever order the entries come in', () => {
    const reversed = [...MENU].reverse();
    expect(entriesOfGroup(reversed, 'money')[0]?.key).toBe('feePayment');
    expect(entriesOfGroup(reversed, 'links').map((entry) => entry.key)).toEqual([
      'moodle',
      'digital',
      'facebook',
      'instagram',
    ]);
  });
});
