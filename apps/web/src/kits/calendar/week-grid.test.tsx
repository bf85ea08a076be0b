import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../../test/render.tsx';
import { addDays } from '../../lib/dates.ts';
import { WeekGrid } from './week-grid.tsx';

const rows = [
  { key: '1', header: 'First period' },
  { key: '2', header: 'Second period' },
];

/** A school week from Monday 9 March 2026, Monday to Friday, that can step to the next or previous one. */
function Harness() {
  const [start, setStart] = useState('2026-03-09');
  const days = [0, 1, 2, 3, 4].map((index) => addDays(start, index));
  return (
    <WeekGrid
      days={days}
      rows={rows}
      today="2026-03-11"
      caption="Lessons"
      onStepOut={(direction) => setStart(addDays(start, direction * 7))}
      renderCell={(date, row) => `lesson ${row} on ${date}`}
    />
  );
}

/** A screen `min-width` query matches or not, as a phone or a desktop reports. */
function screenWide(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('min-width') ? wide : false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

describe('the week grid', () => {
  it('shows the days as columns and the periods as rows on a wide screen', async () => {
    screenWide(true);
    await renderWithProviders(<Harness />);
    const table = screen.getByRole('table', { name: 'Lessons' });
    const days = within(table).getAllByRole('columnheader');
    expect(days.map((day) => day.textContent)).toEqual([
      'Monday 9 Mar',
      'Tuesday 10 Mar',
      'Wednesday 11 Mar',
      'Thursday 12 Mar',
      'Friday 13 Mar',
    ]);
    expect(days[2]?.getAttribute('aria-current')).toBe('date');
    const second = within(table).getByRole('rowheader', { name: 'Second period' }).closest('tr');
    expect(
      within(second as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'lesson 2 on 2026-03-09',
      'lesson 2 on 2026-03-10',
      'lesson 2 on 2026-03-11',
      'lesson 2 on 2026-03-12',
      'lesson 2 on 2026-03-13',
    ]);
  });

  it('shows one day at a time on a phone, today first, changed by buttons, day buttons and swipes', async () => {
    screenWide(false);
    await renderWithProviders(<Harness />);
    expect(screen.getByRole('heading', { name: 'Wednesday 11 March' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Lessons: Wednesday 11 March' });
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['lesson 1 on 2026-03-11', 'lesson 2 on 2026-03-11']);
    fireEvent.click(screen.getByRole('button', { name: 'Next day' }));
    expect(screen.getByRole('heading', { name: 'Thursday 12 March' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Mon\s*9/ }));
    expect(screen.getByRole('heading', { name: 'Monday 9 March' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Mon\s*9/ }).getAttribute('aria-pressed')).toBe('true');

    // A swipe to the left brings the next day; a mostly vertical one scrolls and changes nothing.
    const area = screen.getByRole('table').closest('.space-y-3') as HTMLElement;
    fireEvent.touchStart(area, { touches: [{ clientX: 300, clientY: 100 }] });
    fireEvent.touchEnd(area, { changedTouches: [{ clientX: 200, clientY: 110 }] });
    expect(screen.getByRole('heading', { name: 'Tuesday 10 March' })).toBeTruthy();
    fireEvent.touchStart(area, { touches: [{ clientX: 300, clientY: 100 }] });
    fireEvent.touchEnd(area, { changedTouches: [{ clientX: 240, clientY: 300 }] });
    expect(screen.getByRole('heading', { name: 'Tuesday 10 March' })).toBeTruthy();

    // Before the week's first day: the week before, on its last day.
    fireEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    expect(screen.getByRole('heading', { name: 'Friday 6 March' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next day' }));
    expect(screen.getByRole('heading', { name: 'Monday 9 March' })).toBeTruthy();
  });

  it('mirrors swipes in Arabic: a swipe to the right brings the next day', async () => {
    screenWide(false);
    await renderWithProviders(<Harness />, { lng: 'ar' });
    expect(screen.getByRole('heading', { name: 'الأربعاء، 11 مارس' })).toBeTruthy();
    const area = screen.getByRole('table').closest('.space-y-3') as HTMLElement;
    fireEvent.touchStart(area, { touches: [{ clientX: 100, clientY: 100 }] });
    fireEvent.touchEnd(area, { changedTouches: [{ clientX: 220, clientY: 100 }] });
    expect(screen.getByRole('heading', { name: 'الخميس، 12 مارس' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'اليوم التالي' })).toBeTruthy();
  });
});
