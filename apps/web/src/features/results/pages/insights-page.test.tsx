import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TInsights } from '@portal/contracts/families/results';
import { jsonResponse } from '../../../test/render.tsx';
import { failure, ok, openModulePage } from '../../../test/module-page.ts';

const insights: TInsights = {
  ...ok,
  subjects: [
    {
      id: 'MATH',
      name: 'Maths',
      nameAr: 'الرياضيات',
      points: [
        { month: '2026-09', value: 0.6 },
        { month: '2026-10', value: 0.6 },
        { month: '2026-11', value: 0.8 },
      ],
    },
    {
      id: 'SCI',
      name: 'Science',
      nameAr: '',
      points: [
        { month: '2026-09', value: 0.9 },
        { month: '2026-11', value: 0.7 },
      ],
    },
  ],
  overall: [
    { month: '2026-09', value: 0.75 },
    { month: '2026-10', value: 0.6 },
    { month: '2026-11', value: 0.75 },
  ],
  attendance: [
    { month: '2026-09', value: 0.9 },
    { month: '2026-10', value: 0.5 },
  ],
  attendanceRate: 11 / 14,
  highlights: [
    { kind: 'improving', subject: 'Maths', subjectAr: 'الرياضيات' },
    { kind: 'declining', subject: 'Science', subjectAr: '' },
    { kind: 'attendanceLow', subject: null, subjectAr: null },
  ],
};

const empty: TInsights = {
  ...ok,
  subjects: [],
  overall: [],
  attendance: [],
  attendanceRate: null,
  highlights: [],
};

/** A table's rows as their cells' text, without the marks that keep numbers left to right. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) =>
      Array.from(row.querySelectorAll('th, td')).map((cell) =>
        (cell.textContent ?? '').replace(/[\u200e\u200f\u2068\u2069]/g, ''),
      ),
    );

/** Chooses the table view of a chart panel, named by its heading. */
const showTable = (panelTitle: string, tableLabel: string) =>
  fireEvent.click(
    within(screen.getByRole('group', { name: new RegExp(panelTitle) })).getByRole('button', {
      name: tableLabel,
    }),
  );

beforeEach(() => {
  // The charts measure their box; jsdom has no layout, nor a ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

describe('the insights page', () => {
  it('says the highlights in words and shows each chart as a table', async () => {
    const { api } = await openModulePage('/mojo-insights', {
      '/v1/ppn/insights': () => jsonResponse(200, insights),
    });
    expect(await screen.findByText('is improving', { exact: false }, { timeout: 5000 })).toBeTruthy();
    const [request] = api.to('/v1/ppn/insights');
    expect(new URL(request?.url ?? '').searchParams.get('enrollNumber')).toBe('E100');

    const highlights = screen.getByRole('region', { name: 'Highlights' });
    expect(
      within(highlights)
        .getAllByRole('listitem')
        .map((card) => card.querySelector('p')?.textContent),
    ).toEqual(['Maths is improving', 'Science needs attention', 'Attendance 79% this year']);
    expect(highlights.textContent).toContain('every day at school counts');

    const results = screen.getByRole('region', { name: 'Results by subject' });
    expect(within(results).getByRole('button', { name: 'Chart' }).getAttribute('aria-pressed')).toBe('true');
    showTable('Results by subject', 'Table');
    expect(rowsOf(within(results).getByRole('table', { name: 'Results by subject' }))).toEqual([
      ['Month', 'Maths', 'Science', 'All subjects'],
      ['September 2026', '60%', '90%', '75%'],
      ['October 2026', '60%', '–No result', '60%'],
      ['November 2026', '80%', '70%', '75%'],
    ]);

    showTable('Attendance by month', 'Table');
    const attendance = screen.getByRole('region', { name: 'Attendance by month' });
    expect(rowsOf(within(attendance).getByRole('table'))).toEqual([
      ['Month', 'Attendance'],
      ['September 2026', '90%'],
      ['October 2026', '50%'],
    ]);
    expect(screen.getByText('Only results the school has released count in these trends.')).toBeTruthy();
  });

  it('speaks Arabic, with an English subject name marked as English', async () => {
    await openModulePage(
      '/mojo-insights',
      { '/v1/ppn/insights': () => jsonResponse(200, insights) },
      { lng: 'ar' },
    );
    const highlights = await screen.findByRole('region', { name: 'أبرز الملاحظات' }, { timeout: 5000 });
    const titles = within(highlights)
      .getAllByRole('listitem')
      .map((card) => card.querySelector('p')?.textContent?.replace(/[\u200e\u200f]/g, ''));
    expect(titles).toEqual([
      'مستوى الرياضيات في تحسّن',
      'مادة Science تحتاج إلى متابعة',
      'نسبة الحضور 79% هذا العام',
    ]);
    expect(within(highlights).getByText('Science').getAttribute('lang')).toBe('en');

    showTable('النتائج حسب المادة', 'جدول');
    const table = screen.getByRole('table', { name: 'النتائج حسب المادة' });
    expect(rowsOf(table)[0]).toEqual(['الشهر', 'الرياضيات', 'Science', 'جميع المواد']);
    expect(rowsOf(table)[1]).toEqual(['سبتمبر 2026', '60%', '90%', '75%']);
  });

  it('runs the time axis right to left in Arabic', async () => {
    // A box of 600 by 288 pixels for the charts to draw in.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        private readonly report: ResizeObserverCallback;
        constructor(report: ResizeObserverCallback) {
          this.report = report;
        }
        observe(target: Element) {
          const entry = {
            target,
            contentRect: { width: 600, height: 288 },
          } as unknown as ResizeObserverEntry;
          this.report([entry], this as unknown as ResizeObserver);
        }
        unobserve() {}
        disconnect() {}
      },
    );
    const box = { width: 600, height: 288, top: 0, left: 0, right: 600, bottom: 288, x: 0, y: 0 };
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ ...box, toJSON: () => box });
    /** Where the bars of September and October start, from the start of the chart. */
    const barsAt = async (lng: 'en' | 'ar') => {
      const view = await openModulePage(
        '/mojo-insights',
        { '/v1/ppn/insights': () => jsonResponse(200, insights) },
        { lng },
      );
      await screen.findAllByRole('region', {}, { timeout: 5000 });
      let bars: number[] = [];
      await waitFor(() => {
        bars = Array.from(document.querySelectorAll('svg path[data-bar]')).map((bar) =>
          Number(/^M([\d.]+)/.exec(bar.getAttribute('d') ?? '')?.[1]),
        );
        expect(bars).toHaveLength(2);
      });
      view.unmount();
      return bars;
    };
    const [septemberEn = 0, octoberEn = 0] = await barsAt('en');
    expect(septemberEn).toBeLessThan(octoberEn);
    const [septemberAr = 0, octoberAr = 0] = await barsAt('ar');
    expect(septemberAr).toBeGreaterThan(octoberAr);
  });

  it('says when trends will appear for a child with nothing released yet', async () => {
    await openModulePage('/mojo-insights', { '/v1/ppn/insights': () => jsonResponse(200, empty) });
    expect(
      await screen.findByText('Trends appear once the school releases results', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Highlights' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows attendance alone when no result is released yet', async () => {
    await openModulePage('/mojo-insights', {
      '/v1/ppn/insights': () =>
        jsonResponse(200, {
          ...empty,
          attendance: [{ month: '2026-09', value: 0.98 }],
          attendanceRate: 0.98,
          highlights: [{ kind: 'attendanceHigh', subject: null, subjectAr: null }],
        }),
    });
    const highlights = await screen.findByRole('region', { name: 'Highlights' }, { timeout: 5000 });
    expect(highlights.textContent).toContain('Attendance 98% this year');
    expect(highlights.textContent).toContain('excellent attendance');
    expect(screen.getByText('Trends appear once the school releases results')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Attendance by month' })).toBeTruthy();
  });

  it('says what failed and loads again on "Try again"', async () => {
    let fail = true;
    await openModulePage('/mojo-insights', {
      '/v1/ppn/insights': () => (fail ? failure(500, 'E500') : jsonResponse(200, insights)),
    });
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 });
    fail = false;
    fireEvent.click(retry);
    await waitFor(() => expect(screen.getByRole('region', { name: 'Highlights' })).toBeTruthy());
  });
});
