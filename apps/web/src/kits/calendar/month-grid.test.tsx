import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../../test/render.tsx';
import { MonthGrid } from './month-grid.tsx';

/** A grid the test can drive: it keeps the month and the chosen day as a page would. */
function Harness({ onSelect, firstDay = 1 }: { onSelect?: (date: string) => void; firstDay?: number }) {
  const [month, setMonth] = useState('2026-03');
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <MonthGrid
      month={month}
      firstDay={firstDay}
      caption={`Days of ${month}`}
      today="2026-03-10"
      selected={selected}
      onSelect={(date) => {
        setSelected(date);
        onSelect?.(date);
      }}
      onMonthChange={setMonth}
      renderDay={({ date, weekday }) => <span>{weekday >= 6 ? 'rest' : `mark ${date}`}</span>}
      legend={<p>What the marks mean</p>}
    />
  );
}

const focusedDate = () => (document.activeElement as HTMLElement | null)?.dataset.date;

describe('the month grid', () => {
  it('lays a month out in weeks from the first day given, each day drawn by the caller', async () => {
    await renderWithProviders(<Harness firstDay={7} />);
    const grid = screen.getByRole('grid', { name: 'Days of 2026-03' });
    const headers = within(grid).getAllByRole('columnheader');
    expect(headers.map((header) => header.getAttribute('abbr'))).toEqual([
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
    // March 2026 starts on a Sunday: five weeks from Sunday 1 to Tuesday 31.
    const rows = within(grid).getAllByRole('row');
    expect(rows).toHaveLength(6);
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(31);
    const first = within(grid).getByRole('gridcell', { name: /Sunday 1 March/ });
    expect(first.textContent).toContain('rest');
    const tuesday = within(grid).getByRole('gridcell', { name: /Tuesday 10 March/ });
    expect(tuesday.textContent).toContain('mark 2026-03-10');
    expect(tuesday.getAttribute('aria-current')).toBe('date');
    // One day in the Tab order: today.
    expect(grid.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    expect(tuesday.getAttribute('tabindex')).toBe('0');
    expect(screen.getByText('What the marks mean')).toBeTruthy();
  });

  it('starts weeks on Monday with another first day, leaving the days outside the month empty', async () => {
    await renderWithProviders(<Harness firstDay={1} />);
    const [firstWeek] = screen.getAllByRole('row').slice(1);
    const cells = [...(firstWeek?.querySelectorAll('td') ?? [])];
    // Sunday 1 March is the seventh day of a week from Monday: six empty days before it.
    expect(cells.slice(0, 6).every((cell) => cell.textContent === '')).toBe(true);
    expect(cells[6]?.dataset.date).toBe('2026-03-01');
  });

  it('moves by day, week and month with the keyboard and chooses a day with Enter', async () => {
    const onSelect = vi.fn();
    await renderWithProviders(<Harness onSelect={onSelect} />);
    const today = screen.getByRole('gridcell', { name: /Tuesday 10 March/ });
    today.focus();
    fireEvent.keyDown(today, { key: 'ArrowRight' });
    expect(focusedDate()).toBe('2026-03-11');
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(focusedDate()).toBe('2026-03-18');
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    expect(focusedDate()).toBe('2026-03-16');
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(focusedDate()).toBe('2026-03-22');
    fireEvent.keyDown(document.activeElement as Element, { key: 'Enter' });
    expect(onSelect).toHaveBeenLastCalledWith('2026-03-22');
    expect(screen.getByRole('gridcell', { name: /Sunday 22 March/ }).getAttribute('aria-selected')).toBe(
      'true',
    );
    // Page Down: the same day of the next month, whose grid is drawn.
    fireEvent.keyDown(document.activeElement as Element, { key: 'PageDown' });
    expect(screen.getByRole('grid', { name: 'Days of 2026-04' })).toBeTruthy();
    expect(focusedDate()).toBe('2026-04-22');
    // Past the month's start: the month before.
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    expect(screen.getByRole('grid', { name: 'Days of 2026-03' })).toBeTruthy();
    expect(focusedDate()).toBe('2026-03-25');
    fireEvent.click(screen.getByRole('gridcell', { name: /Monday 2 March/ }));
    expect(onSelect).toHaveBeenLastCalledWith('2026-03-02');
  });

  it('mirrors in Arabic: weeks run right to left, so the left arrow goes to the next day', async () => {
    await renderWithProviders(<Harness />, { lng: 'ar' });
    expect(document.documentElement.dir).toBe('rtl');
    const grid = screen.getByRole('grid');
    expect(within(grid).getAllByRole('columnheader')[0]?.getAttribute('abbr')).toBe('الاثنين');
    const today = within(grid).getByRole('gridcell', { name: /الثلاثاء، 10 مارس/ });
    today.focus();
    fireEvent.keyDown(today, { key: 'ArrowLeft' });
    expect(focusedDate()).toBe('2026-03-11');
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(focusedDate()).toBe('2026-03-09');
  });
});
