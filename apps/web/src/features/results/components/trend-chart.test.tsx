import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { TrendChart } from './trend-chart.tsx';
import { monthAt, monthX, plotOf, shareY } from './trend-geometry.ts';

const MONTHS = ['2026-09', '2026-10', '2026-11'];
const MARGIN = { top: 24, bottom: 28, start: 48, end: 12 };

describe('the trend geometry', () => {
  it('finds each month where it is drawn, from the left in English and from the right in Arabic', () => {
    for (const rtl of [false, true]) {
      const plot = plotOf(600, 288, MARGIN, MONTHS.length, rtl);
      const xs = MONTHS.map((_, index) => monthX(plot, index));
      expect(xs.map((x) => monthAt(plot, x, MONTHS.length))).toEqual([0, 1, 2]);
      // The edges of the plot belong to the first and the last month.
      expect(monthAt(plot, 0, MONTHS.length)).toBe(rtl ? 2 : 0);
      expect(monthAt(plot, 600, MONTHS.length)).toBe(rtl ? 0 : 2);
      expect(xs[0]! < xs[2]!).toBe(!rtl);
      // The share axis stands on the start side: 48 pixels there, 12 at the end.
      expect(rtl ? [plot.left, 600 - plot.right] : [600 - plot.right, plot.left]).toEqual([12, 48]);
    }
  });

  it('puts 0 at the bottom of the plot and 1 at its top, and keeps shares within them', () => {
    const plot = plotOf(600, 288, MARGIN, 3, false);
    expect([shareY(plot, 0), shareY(plot, 1), shareY(plot, 0.5)]).toEqual([260, 24, 142]);
    expect([shareY(plot, -0.2), shareY(plot, 1.3)]).toEqual([260, 24]);
  });
});

describe('a trend chart', () => {
  afterEach(() => vi.restoreAllMocks());

  /** The chart in a box of 600 by 288 pixels. */
  async function drawChart(lng: 'en' | 'ar') {
    const box = { width: 600, height: 288, top: 0, left: 0, right: 600, bottom: 288, x: 0, y: 0 };
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ ...box, toJSON: () => box });
    await renderWithProviders(
      <TrendChart
        title="Results by subject"
        description="Each month's average"
        months={MONTHS}
        kind="lines"
        series={[
          { key: 'maths', name: 'Maths', colour: '#3b82f6', marker: 'circle', values: [0.6, null, 0.8] },
          { key: 'all', name: 'All', colour: 'currentColor', marker: 'wye', values: [0.7, 0.75, 0.9] },
        ]}
      />,
      { lng },
    );
    return screen.getByRole('img', { name: 'Results by subject' });
  }

  const shownMonth = () => screen.getByRole('status').querySelector('p')?.textContent;

  it("shows the latest month's figures on focus, and moves along the months with the arrow keys", async () => {
    const chart = await drawChart('en');
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.focus(chart);
    expect(shownMonth()).toBe('November 2026');
    fireEvent.keyDown(chart, { key: 'ArrowLeft' });
    expect(shownMonth()).toBe('October 2026');
    // A month without a figure says so.
    expect(screen.getByRole('status').textContent).toContain('Maths–');
    fireEvent.keyDown(chart, { key: 'Home' });
    expect(shownMonth()).toBe('September 2026');
    fireEvent.keyDown(chart, { key: 'ArrowLeft' });
    expect(shownMonth()).toBe('September 2026');
    fireEvent.blur(chart);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('moves to a later month with the left arrow in Arabic, as the months run from the right', async () => {
    const chart = await drawChart('ar');
    fireEvent.focus(chart);
    fireEvent.keyDown(chart, { key: 'Home' });
    fireEvent.keyDown(chart, { key: 'ArrowLeft' });
    expect(shownMonth()).toBe('أكتوبر 2026');
  });

  it('draws a line for each series and a marker on each month with a figure', async () => {
    const chart = await drawChart('en');
    const markers = chart.querySelectorAll('g[color] > path[transform]');
    expect(markers).toHaveLength(2 + 3);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Maths', 'All']);
  });
});
