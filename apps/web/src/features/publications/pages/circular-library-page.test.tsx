import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TCircular, TCircularRepository } from '@portal/contracts/families/publications';
import { failure, ok, openModulePage } from '../../../test/module-page.ts';
import { jsonResponse } from '../../../test/render.tsx';
import { circular, lina, omar } from '../test-data.ts';

const libraryPath = '/v1/ppn/circular-repository';

const fees = circular({
  id: 'c-fees',
  title: 'Term 3 fees',
  titleAr: 'رسوم الفصل الثالث',
  body: 'Dear parents, the fees of the third term are due on 1 April. Pay online from the portal.',
  bodyAr: 'أولياء الأمور الكرام، تُستحق رسوم الفصل الثالث في الأول من أبريل. يمكن الدفع عبر البوابة.',
  publishedAt: '2026-03-02T05:00:00Z',
  children: [omar()],
  files: [{ id: 'f9', fileName: 'fees.pdf', sizeBytes: 90_000, path: '/circulars/c-fees/files/f9' }],
});
const trip = circular({
  id: 'c-trip-2025',
  title: 'Science fair',
  publishedAt: '2025-05-10T05:00:00Z',
  requiresAck: true,
  children: [omar({ acknowledgedAt: '2025-05-11T06:00:00Z', acknowledgedBy: 'you' }), lina()],
});

const answerOf = (items: TCircular[], nextCursor: string | null = null): TCircularRepository => ({
  ...ok,
  items,
  years: [2026, 2025],
  nextCursor,
});
const queryOf = (request: Request | undefined) =>
  Object.fromEntries(new URL(request?.url ?? '').searchParams);

describe('the circular library', { timeout: 15_000 }, () => {
  it('searches as the typing pauses, by year too, and opens a circular in full', async () => {
    const { api } = await openModulePage('/central-repository-circular', {
      [libraryPath]: (request) => {
        const { q, year } = Object.fromEntries(new URL(request.url).searchParams);
        if (q === 'fees') return jsonResponse(200, answerOf([fees]));
        return jsonResponse(200, answerOf(year === '2025' ? [trip] : [fees, trip]));
      },
    });
    expect(await screen.findByRole('heading', { name: 'Science fair' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('2 circulars');
    const year = screen.getByRole('combobox', { name: 'Year' });
    expect(
      within(year)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All years', '2026', '2025']);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'fee' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'fees' } });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Science fair' })).toBeNull());
    // One search for what was typed once the typing paused (the list leaves as the search starts).
    await waitFor(() =>
      expect(api.to(libraryPath).map(queryOf)).toEqual([{ pageSize: '10' }, { pageSize: '10', q: 'fees' }]),
    );
    const card = await screen.findByRole('article', { name: 'Term 3 fees' });
    const mark = card.querySelector('mark');
    expect(mark?.textContent).toBe('fees');
    expect(card.textContent).toContain('Dear parents, the fees of the third term');
    expect(within(card).queryByRole('button', { name: 'Download fees.pdf' })).toBeNull();
    const open = within(card).getByRole('button', { name: 'Read the circular' });
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(within(card).getByText(/Pay online from the portal\./)).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Download fees.pdf' })).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: '' } });
    fireEvent.change(year, { target: { value: '2025' } });
    expect(await screen.findByRole('heading', { name: 'Science fair' })).toBeTruthy();
    expect(api.to(libraryPath).map(queryOf).at(-1)).toEqual({ pageSize: '10', year: '2025' });
    // A circular that asks for acknowledgement can be acknowledged here too, once open.
    const fair = screen.getByRole('article', { name: 'Science fair' });
    fireEvent.click(within(fair).getByRole('button', { name: 'Read the circular' }));
    expect(within(fair).getByRole('button', { name: 'Acknowledge for Lina Ahmed' })).toBeTruthy();
    expect(within(fair).getByText(/Acknowledged by you on 11 May 2025/)).toBeTruthy();
  });

  it('searches in Arabic, marks the Arabic match, and tells an empty search from an empty library', async () => {
    const { api } = await openModulePage(
      '/central-repository-circular',
      {
        [libraryPath]: (request) => {
          const q = new URL(request.url).searchParams.get('q');
          if (q === 'رسوم') return jsonResponse(200, answerOf([fees]));
          if (q) return jsonResponse(200, answerOf([]));
          return jsonResponse(200, { ...answerOf([]), years: [] });
        },
      },
      { lng: 'ar' },
    );
    expect(
      await screen.findByText(
        'لا توجد تعاميم بعد. كل تعميم ترسله المدرسة إلى عائلتك يُحفظ هنا لتبحث فيه لاحقًا.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    const box = screen.getByRole('searchbox', { name: 'بحث' });
    fireEvent.change(box, { target: { value: 'رسوم' } });
    fireEvent.submit(box);
    const card = await screen.findByRole('article', { name: 'رسوم الفصل الثالث' });
    expect(card.querySelector('mark')?.textContent).toBe('رسوم');
    expect(queryOf(api.to(libraryPath)[1])).toEqual({ pageSize: '10', q: 'رسوم' });

    fireEvent.change(box, { target: { value: 'حافلة' } });
    fireEvent.submit(box);
    expect(await screen.findByText('لا توجد تعاميم تطابق «حافلة». جرّب كلمة أخرى أو سنة أخرى.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'مسح البحث' }));
    expect(box).toHaveProperty('value', '');
    expect(await screen.findByText(/كل تعميم ترسله المدرسة/)).toBeTruthy();
  });

  it('loads more, and says why it failed with a way to try again', async () => {
    let fail = true;
    await openModulePage('/central-repository-circular', {
      [libraryPath]: (request) => {
        if (fail) return failure(500, 'L000');
        return new URL(request.url).searchParams.get('cursor') === 'next'
          ? jsonResponse(200, answerOf([circular({ id: 'c-old', title: 'Book week' })]))
          : jsonResponse(200, answerOf([fees, trip], 'next'));
      },
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Term 3 fees' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('The first 2 circulars; more below.');
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('heading', { name: 'Book week' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('3 circulars');
  });
});
