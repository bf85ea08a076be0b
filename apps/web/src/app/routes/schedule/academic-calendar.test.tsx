import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TCalendarEvent } from '@portal/contracts/families/schedule';
import { jsonResponse } from '../../../test/render.tsx';
import { failure, freezeDateAt, ok, openModulePage } from '../../../test/module-page.ts';

function event(
  overrides: Partial<TCalendarEvent> & Pick<TCalendarEvent, 'id' | 'kind' | 'title' | 'startsOn'>,
): TCalendarEvent {
  return {
    titleAr: '',
    detail: '',
    detailAr: '',
    endsOn: overrides.startsOn,
    startsAt: null,
    endsAt: null,
    enrollNumbers: [],
    ...overrides,
  };
}

const marchEvents = [
  event({
    id: 'ev-2',
    kind: 'exam',
    title: 'Maths test',
    titleAr: 'اختبار الرياضيات',
    startsOn: '2026-03-18',
    startsAt: '09:00',
    endsAt: '10:00',
  }),
  event({
    id: 'ev-1',
    kind: 'holiday',
    title: 'Spring break',
    titleAr: 'عطلة الربيع',
    detail: 'School closed',
    startsOn: '2026-03-23',
    endsOn: '2026-03-27',
  }),
];

const feedPath = (token: string) => `/ical/mogra/${token}.ics`;

freezeDateAt('2026-03-10T06:00:00Z');

describe('the academic calendar page', () => {
  it("shows the month's events in the grid and in a list, and moves to the next month", async () => {
    const { api } = await openModulePage('/academic-calendar', {
      '/v1/ppn/calendar/events': (request) =>
        jsonResponse(200, {
          ...ok,
          items: new URL(request.url).searchParams.get('from') === '2026-03-01' ? marchEvents : [],
        }),
      '/v1/ppn/calendar/feed': () => jsonResponse(200, { ...ok, url: feedPath('first') }),
    });
    const list = await screen.findByRole('region', { name: 'In March 2026' }, { timeout: 5000 });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const [exam, holiday] = within(list).getAllByRole('listitem');
    expect(exam?.textContent).toContain('ExamMaths testWednesday 18 March · 9:00 am–10:00 am');
    expect(holiday?.textContent).toMatch(/HolidaySpring break23\s?–\s?27 March 2026 · All daySchool closed/);
    const query = new URL(api.to('/v1/ppn/calendar/events')[0]?.url ?? '').searchParams;
    expect([query.get('from'), query.get('to'), query.get('enrollNumber')]).toEqual([
      '2026-03-01',
      '2026-03-31',
      'E100',
    ]);

    const grid = screen.getByRole('grid', { name: 'School calendar, March 2026' });
    expect(within(grid).getByRole('gridcell', { name: /Wednesday 18 March/ }).textContent).toContain(
      'Exam: Maths test',
    );
    expect(within(grid).getByRole('gridcell', { name: /Thursday 26 March/ }).textContent).toContain(
      'Holiday: Spring break',
    );
    const legend = screen.getByRole('heading', { name: 'Kinds of events' }).parentElement as HTMLElement;
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Holiday', 'Event', 'Exam', 'Term', 'Due date']);

    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByText(/Nothing is on the school calendar in April 2026/)).toBeTruthy();
  });

  it('gives the personal calendar address to copy or open, and makes a new one after a confirmation', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { api } = await openModulePage('/academic-calendar', {
      '/v1/ppn/calendar/events': () => jsonResponse(200, { ...ok, items: [] }),
      '/v1/ppn/calendar/feed': () => jsonResponse(200, { ...ok, url: feedPath('first') }),
      '/v1/ppn/calendar/feed/rotate': () =>
        jsonResponse(200, { ...ok, url: 'https://mogra.portal.example/ical/mogra/second.ics' }),
    });
    const address = (await screen.findByRole(
      'textbox',
      { name: 'Your personal calendar address' },
      { timeout: 5000 },
    )) as HTMLInputElement;
    // A path from the server is made whole with the portal's address.
    expect(address.value).toBe(`${window.location.origin}${feedPath('first')}`);
    expect(screen.getByRole('link', { name: 'Open in calendar app' }).getAttribute('href')).toBe(
      `webcal://${window.location.host}${feedPath('first')}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy the address' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(address.value));
    expect(await screen.findByText(/The address is copied/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Make a new address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a new address?' });
    expect(dialog.textContent).toContain('The current address stops working at once.');
    // Keeping the address changes nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the current address' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to('/v1/ppn/calendar/feed/rotate')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Make a new address' }));
    const again = await screen.findByRole('dialog', { name: 'Make a new address?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Make a new address' }));
    await waitFor(() => expect(address.value).toBe('https://mogra.portal.example/ical/mogra/second.ics'));
    expect(api.to('/v1/ppn/calendar/feed/rotate')[0]?.method).toBe('POST');
    expect(await screen.findByText(/A new address is ready/)).toBeTruthy();
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('speaks Arabic, with titles given only in English marked as English', async () => {
    await openModulePage(
      '/academic-calendar',
      {
        '/v1/ppn/calendar/events': () => jsonResponse(200, { ...ok, items: marchEvents }),
        '/v1/ppn/calendar/feed': () => jsonResponse(200, { ...ok, url: feedPath('first') }),
      },
      { lng: 'ar' },
    );
    const list = await screen.findByRole('region', { name: 'في مارس 2026' }, { timeout: 5000 });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getByText('اختبار الرياضيات')).toBeTruthy();
    expect(within(list).getByText('School closed').getAttribute('lang')).toBe('en');
    expect(screen.getByRole('heading', { name: 'الاشتراك في تطبيق التقويم' })).toBeTruthy();
  });

  it('says what failed, for the month and for the address, each with a way to try again', async () => {
    let fail = true;
    await openModulePage('/academic-calendar', {
      '/v1/ppn/calendar/events': () =>
        fail ? failure(403, 'A001') : jsonResponse(200, { ...ok, items: marchEvents }),
      '/v1/ppn/calendar/feed': () =>
        fail ? failure(403, 'A001') : jsonResponse(200, { ...ok, url: feedPath('first') }),
    });
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2), { timeout: 5000 });
    expect(screen.getAllByRole('alert')[0]?.textContent).toContain(
      'This section is not available for your account.',
    );
    fail = false;
    for (const alert of screen.getAllByRole('alert'))
      fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'In March 2026' })).toBeTruthy();
    expect((await screen.findAllByText('Maths test')).length).toBeGreaterThan(0);
    expect(await screen.findByRole('textbox', { name: 'Your personal calendar address' })).toBeTruthy();
  });
});
