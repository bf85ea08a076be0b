import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TReportCard, TReportCards } from '@portal/contracts/families/results';
import { catchDownloads, pdfResponse } from '../../../test/downloads.ts';
import { failure, ok, openModulePage } from '../../../test/module-page.ts';
import { jsonResponse } from '../../../test/render.tsx';
import { term1 } from '../../../test/results-marks.ts';

const unopened: TReportCard = {
  id: 'rc-2',
  term: term1,
  title: 'Term 1 report card',
  titleAr: 'تقرير الفصل الأول',
  publishedAt: '2026-01-10T05:00:00Z',
  openedAt: null,
  lastOpenedAt: null,
  languages: ['en', 'ar'],
};
const opened: TReportCard = {
  id: 'rc-1',
  term: null,
  title: 'Mid-year report',
  titleAr: '',
  publishedAt: '2025-12-20T05:00:00Z',
  openedAt: '2025-12-21T06:00:00Z',
  lastOpenedAt: '2025-12-22T06:00:00Z',
  languages: ['en'],
};
const answerOf = (items: TReportCard[]): TReportCards => ({ ...ok, items });

const { saved } = catchDownloads();

const cardNamed = (name: string) => screen.getByRole('heading', { name: new RegExp(name) }).closest('li')!;

describe('the report cards page', () => {
  it('lists the cards, new until opened, and opens a PDF in the language chosen', async () => {
    let openedNow = false;
    const { api } = await openModulePage('/report', {
      '/v1/ppn/report-cards': () =>
        jsonResponse(
          200,
          answerOf([openedNow ? { ...unopened, openedAt: '2026-01-11T05:00:00Z' } : unopened, opened]),
        ),
      '/v1/ppn/report-cards/rc-2/pdf': () => {
        openedNow = true;
        return pdfResponse('report-card-Omar_Ahmed-Term_1.pdf');
      },
    });
    const card = (
      await screen.findByRole('heading', { name: /Term 1 report card/ }, { timeout: 5000 })
    ).closest('li')!;
    expect(new URL(api.to('/v1/ppn/report-cards')[0]!.url).searchParams.get('enrollNumber')).toBe('E100');
    expect(within(card).getByText('New')).toBeTruthy();
    expect(card.textContent).toContain('Term 1');
    expect(card.textContent).toContain('Published on 10-01-2026');
    const old = cardNamed('Mid-year report');
    expect(within(old).queryByText('New')).toBeNull();
    expect(old.textContent).toContain('Opened on 21-12-2025');
    // One language supplied: one button.
    expect(
      within(old)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Mid-year report: Open in English']);
    expect(
      within(card)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Term 1 report card: Open in English', 'Term 1 report card: Open in Arabic']);

    fireEvent.click(within(card).getByRole('button', { name: /Open in Arabic/ }));
    await waitFor(() =>
      expect(saved.map((file) => file.name)).toEqual(['report-card-Omar_Ahmed-Term_1.pdf']),
    );
    const [pdf] = api.to('/v1/ppn/report-cards/rc-2/pdf');
    expect(new URL(pdf!.url).searchParams.get('lng')).toBe('ar');
    expect(pdf!.headers.get('authorization')).toBe('Bearer token-123');
    // The list is asked again: the card is no longer new.
    await waitFor(() => expect(within(cardNamed('Term 1 report card')).queryByText('New')).toBeNull());
    expect(cardNamed('Term 1 report card').textContent).toContain('Opened on 11-01-2026');
  });

  it('speaks Arabic, with English the school gave alone marked as English', async () => {
    await openModulePage(
      '/report',
      { '/v1/ppn/report-cards': () => jsonResponse(200, answerOf([unopened, opened])) },
      { lng: 'ar' },
    );
    const card = (
      await screen.findByRole('heading', { name: /تقرير الفصل الأول/ }, { timeout: 5000 })
    ).closest('li')!;
    expect(within(card).getByText('جديد')).toBeTruthy();
    expect(card.textContent).toContain('الفصل الأول');
    expect(within(card).getByRole('button', { name: /فتح بالعربية/ })).toBeTruthy();
    expect(screen.getByText('Mid-year report').getAttribute('lang')).toBe('en');
  });

  it('says when there are no report cards yet', async () => {
    await openModulePage('/report', { '/v1/ppn/report-cards': () => jsonResponse(200, answerOf([])) });
    expect(
      await screen.findByText(
        'No report cards yet. They appear here when the school publishes them.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
  });

  it('shows the shape of the list while it loads, then why it failed and a way to try again', async () => {
    // Every answer fails until the parent asks again (the first one waits, to show the skeleton).
    let release: (response: Response) => void = () => undefined;
    let failing = true;
    let calls = 0;
    await openModulePage('/report', {
      '/v1/ppn/report-cards': () => {
        calls += 1;
        if (!failing) return jsonResponse(200, answerOf([unopened]));
        return calls === 1 ? new Promise<Response>((resolve) => (release = resolve)) : failure(500, 'S500');
      },
    });
    expect((await screen.findAllByTestId('report-card-skeleton', {}, { timeout: 5000 })).length).toBe(2);
    release(failure(500, 'S500'));
    const retry = await screen.findByRole('button', { name: 'Try again' });
    failing = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('heading', { name: /Term 1 report card/ })).toBeTruthy();
  });
});
