import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { MENU, type TMenuEntry } from '@portal/contracts/menu';
import { renderWithProviders } from '../../../test/render.tsx';
import { NavMenu } from './nav-menu.tsx';

const entries = MENU.filter((entry) =>
  ['home', 'feePayment', 'topUp', 'circulars', 'news', 'studentLeave', 'moodle', 'attendance'].includes(
    entry.key,
  ),
);
const labelOf = (entry: TMenuEntry) => entry.title;

async function show(props: Partial<Parameters<typeof NavMenu>[0]> = {}, lng: 'en' | 'ar' = 'en') {
  return renderWithProviders(<NavMenu entries={entries} labelOf={labelOf} {...props} />, { lng });
}

describe('the menu', () => {
  it('shows Home, then the granted entries under their groups, in the groups’ order', async () => {
    await show();
    const lists = screen.getAllByRole('list');
    expect(
      within(lists[0]!)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home']);
    expect(screen.getByRole('list', { name: 'Money' }).textContent).toContain('Fee paymentTop up');
    expect(screen.getByRole('list', { name: 'News and messages' }).textContent).toContain('CircularsNews');
    expect(screen.getByRole('list', { name: 'Links' }).textContent).toContain('Moodle');
    expect(screen.queryByRole('list', { name: 'Learning' })).toBeNull();
  });

  it('filters as the parent types, in English or Arabic, and says how many match', async () => {
    await show();
    const search = screen.getByRole('searchbox', { name: 'Find a page' });
    fireEvent.change(search, { target: { value: 'fee' } });
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Fee payment']);
    expect(screen.getByRole('status').textContent).toContain('1 page matches.');
    fireEvent.change(search, { target: { value: 'اجازه' } });
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Leave requests']);
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(screen.getByRole('status').textContent).toContain('No page matches.');
    fireEvent.keyDown(search, { key: 'Escape' });
    expect(screen.getByRole('list', { name: 'Money' })).toBeTruthy();
  });

  it('shows pinned entries first, and lets the parent pin and unpin', async () => {
    const onPinnedChange = vi.fn();
    await show({ pinned: ['news'], onPinnedChange });
    expect(screen.getByRole('list', { name: 'Pinned' }).textContent).toContain('News');
    expect(screen.getByRole('list', { name: 'News and messages' }).textContent).not.toContain('News');
    fireEvent.click(screen.getByRole('button', { name: 'Choose pinned pages' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pin Top up' }));
    expect(onPinnedChange).toHaveBeenLastCalledWith(['news', 'topUp']);
    const unpin = screen.getAllByRole('button', { name: 'Unpin News' })[0]!;
    expect(unpin.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(unpin);
    expect(onPinnedChange).toHaveBeenLastCalledWith([]);
    expect(screen.queryByRole('button', { name: 'Pin Home' })).toBeNull();
  });

  it('names the groups in Arabic', async () => {
    await show({}, 'ar');
    expect(screen.getByRole('list', { name: 'المال' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'ابحث عن صفحة' })).toBeTruthy();
  });
});
