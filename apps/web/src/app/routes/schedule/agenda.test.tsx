import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TAgendaItem } from '@portal/contracts/families/schedule';
import { jsonResponse } from '../../../test/render.tsx';
import { failure, freezeDateAt, ok, openModulePage } from '../../../test/module-page.ts';

function item(overrides: Partial<TAgendaItem> & Pick<TAgendaItem, 'id' | 'dueOn' | 'title'>): TAgendaItem {
  return {
    kind: 'homework',
    subject: 'Mathematics',
    subjectAr: 'الرياضيات',
    titleAr: '',
    detail: '',
    detailAr: '',
    doneAt: null,
    ...overrides,
  };
}

const items = [
  item({
    id: 'a1',
    dueOn: '2026-03-10',
    title: 'Fractions worksheet',
    titleAr: 'ورقة عمل الكسور',
    detail: 'Page 12',
  }),
  item({
    id: 'a2',
    dueOn: '2026-03-10',
    kind: 'test',
    subject: 'Science',
    subjectAr: '',
    title: 'Plants quiz',
  }),
  item({
    id: 'a3',
    dueOn: '2026-03-12',
    kind: 'reminder',
    title: 'Bring a hat',
    doneAt: '2026-03-09T15:00:00.000Z',
  }),
];

freezeDateAt('2026-03-10T06:00:00Z');

/** A PUT the test answers when it chooses. */
function heldAnswers() {
  const waiting: ((response: Response) => void)[] = [];
  return {
    handler: () => new Promise<Response>((resolve) => waiting.push(resolve)),
    answer: (response: Response) => waiting.shift()?.(response),
  };
}

describe('the agenda page', () => {
  it('lists two weeks of items by day, and ticks one done at once, kept when the server agrees', async () => {
    const held = heldAnswers();
    const { api } = await openModulePage('/agenda', {
      '/v1/ppn/agenda': () => jsonResponse(200, { ...ok, items }),
      '/v1/ppn/agenda/a1/done': held.handler,
    });
    const today = await screen.findByRole('region', { name: 'Tuesday 10 March Today' }, { timeout: 5000 });
    expect(screen.getByRole('heading', { name: /^9\s?–\s?22 March 2026$/ })).toBeTruthy();
    const query = new URL(api.to('/v1/ppn/agenda')[0]?.url ?? '').searchParams;
    expect([query.get('enrollNumber'), query.get('from'), query.get('to')]).toEqual([
      'E100',
      '2026-03-09',
      '2026-03-22',
    ]);
    expect(within(today).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'Thursday 12 March' })).toBeTruthy();
    const bringHat = screen.getByRole('checkbox', { name: 'Done Bring a hat' }) as HTMLInputElement;
    expect(bringHat.checked).toBe(true);

    const fractions = screen.getByRole('checkbox', { name: 'Done Fractions worksheet' }) as HTMLInputElement;
    expect(fractions.checked).toBe(false);
    fireEvent.click(fractions);
    // Shown at once, before the server answers.
    await waitFor(() => expect(fractions.checked).toBe(true));
    const [put] = api.to('/v1/ppn/agenda/a1/done');
    expect(put?.method).toBe('PUT');
    expect(await put?.json()).toEqual({ enrollNumber: 'E100', done: true });
    held.answer(jsonResponse(200, { ...ok, item: { ...items[0], doneAt: '2026-03-10T06:00:00.000Z' } }));
    await waitFor(() => expect(api.to('/v1/ppn/agenda/a1/done')).toHaveLength(1));
    expect(fractions.checked).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Next two weeks' }));
    expect(await screen.findByRole('heading', { name: /^23 March\s?–\s?5 April 2026$/ })).toBeTruthy();
  });

  it('takes the tick back and says why when the server refuses it', async () => {
    const held = heldAnswers();
    await openModulePage('/agenda', {
      '/v1/ppn/agenda': () => jsonResponse(200, { ...ok, items }),
      '/v1/ppn/agenda/a3/done': held.handler,
    });
    const bringHat = (await screen.findByRole(
      'checkbox',
      { name: 'Done Bring a hat' },
      { timeout: 5000 },
    )) as HTMLInputElement;
    fireEvent.click(bringHat);
    await waitFor(() => expect(bringHat.checked).toBe(false));
    held.answer(failure(404, 'N404'));
    await waitFor(() => expect(bringHat.checked).toBe(true));
    expect((await screen.findByRole('alert')).textContent).toContain('We could not find what you asked for.');
  });

  it('speaks Arabic, with school text given only in English marked as English', async () => {
    await openModulePage(
      '/agenda',
      { '/v1/ppn/agenda': () => jsonResponse(200, { ...ok, items }) },
      { lng: 'ar' },
    );
    expect(await screen.findByText('ورقة عمل الكسور', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Plants quiz').getAttribute('lang')).toBe('en');
    expect(screen.getByText('Science').getAttribute('lang')).toBe('en');
    expect(screen.getByRole('checkbox', { name: 'تم ورقة عمل الكسور' })).toBeTruthy();
    expect(screen.getByText('اليوم')).toBeTruthy();
  });

  it('says when nothing is due in the two weeks, and what failed with a way to try again', async () => {
    let fail = true;
    await openModulePage('/agenda', {
      '/v1/ppn/agenda': () => (fail ? failure(500, 'L000') : jsonResponse(200, { ...ok, items: [] })),
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing in the agenda for these two weeks')).toBeTruthy();
  });
});
