import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TNotification, TNotificationPreferences } from '@portal/contracts/kits/inbox';
import { failure, freezeDateAt, ok, openModulePage } from '../../../test/module-page.ts';
import { fakeApi, jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { NotificationsPage } from './notifications-page.tsx';

const NOTIFICATIONS = '/v1/ppn/notifications';
const READ = '/v1/ppn/notifications/read';
const PREFERENCES = '/v1/ppn/notification-preferences';
const WAIT = { timeout: 10_000 };

const n1 = '00000000-0000-4000-8000-0000000000b1';
const n2 = '00000000-0000-4000-8000-0000000000b2';
const n3 = '00000000-0000-4000-8000-0000000000b3';

const notice = (id: string, over: Partial<TNotification> = {}): TNotification => ({
  id,
  category: 'attendance',
  kind: 'attendance.absent',
  enrollNumber: 'E100',
  childName: 'Omar Ahmed',
  title: 'Omar was absent today',
  titleAr: 'غاب عمر اليوم',
  body: 'The school recorded Omar as absent.',
  bodyAr: 'سجّلت المدرسة غياب عمر.',
  path: '/attendance_month?enrollNumber=E100',
  createdAt: '2026-03-10T04:00:00.000Z',
  readAt: null,
  ...over,
});

const items = [
  notice(n1),
  notice(n2, {
    category: 'fees',
    kind: 'fees.due',
    enrollNumber: null,
    childName: null,
    title: 'Term 3 fees are due on 1 April',
    titleAr: '',
    path: '',
    readAt: '2026-03-09T10:00:00.000Z',
  }),
  notice(n3, {
    category: 'messages',
    enrollNumber: 'E200',
    childName: 'Lina Ahmed',
    title: 'Ms Khan replied',
    titleAr: 'ردّت الأستاذة خان',
    path: '/communication?thread=00000000-0000-4000-8000-000000000001',
  }),
];

const inbox = (list: TNotification[], unread: number) =>
  jsonResponse(200, { ...ok, items: list, unread, nextCursor: null });

const queryOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);
const pageQueries = (requests: Request[]) => requests.map(queryOf).filter((query) => query.pageSize === '20');

const preferences: TNotificationPreferences = {
  categories: [
    { category: 'attendance', mode: 'instant' },
    { category: 'academics', mode: 'digest' },
    { category: 'conduct', mode: 'digest' },
    { category: 'health', mode: 'digest' },
    { category: 'announcements', mode: 'digest' },
    { category: 'messages', mode: 'digest' },
    { category: 'requests', mode: 'instant' },
    { category: 'calendar', mode: 'digest' },
    { category: 'fees', mode: 'instant' },
    { category: 'documents', mode: 'digest' },
    { category: 'safety', mode: 'instant' },
  ],
  quietHours: null,
  digestAt: '18:00',
  language: 'en',
};

freezeDateAt('2026-03-10T06:00:00Z');

describe('the notifications page: the inbox', { timeout: 30_000 }, () => {
  it('lists every notice naming its child, links each to its page and marks it read', async () => {
    const { api, location } = await openModulePage('/notification', {
      [NOTIFICATIONS]: () => inbox(items, 2),
      [READ]: () => jsonResponse(200, { ...ok, unread: 1 }),
      '/v1/ppn/attendance/month': () => failure(500, 'L000'),
    });
    const list = await screen.findByRole('region', { name: 'Notifications' }, WAIT);
    await within(list).findByText('Omar was absent today', {}, WAIT);
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]?.textContent).toContain('Omar Ahmed');
    expect(rows[0]?.textContent).toContain('Attendance');
    expect(rows[0]?.textContent).toContain('Unread');
    expect(rows[1]?.textContent).toContain('Family');
    expect(rows[1]?.textContent).toContain('Fees');
    expect(rows[2]?.textContent).toContain('Lina Ahmed');
    expect(within(list).getByText('2 unread')).toBeTruthy();
    // A notice without a path is no link; one already read has nothing to mark.
    expect(within(rows[1]!).queryByRole('link')).toBeNull();
    expect(within(rows[1]!).queryByRole('button', { name: /Mark as read/ })).toBeNull();
    const link = within(rows[2]!).getByRole('link');
    expect(link.getAttribute('href')).toBe('/communication?thread=00000000-0000-4000-8000-000000000001');

    fireEvent.click(within(rows[0]!).getByRole('link'));
    await waitFor(() => expect(api.to(READ)).toHaveLength(1), WAIT);
    expect(await (api.to(READ)[0] as Request).json()).toEqual({ ids: [n1] });
    await waitFor(() => expect(location()).toBe('/attendance_month'), WAIT);
  });

  it('marks one notice read, or all of them', async () => {
    let unread = 2;
    const { api } = await openModulePage('/notification', {
      [NOTIFICATIONS]: () => inbox(items, unread),
      [READ]: async (request) => {
        const body = (await request.clone().json()) as { all?: true; ids?: string[] };
        unread = body.all ? 0 : unread - (body.ids?.length ?? 0);
        return jsonResponse(200, { ...ok, unread });
      },
    });
    const list = await screen.findByRole('region', { name: 'Notifications' }, WAIT);
    fireEvent.click(await within(list).findByRole('button', { name: 'Mark as read: Ms Khan replied' }, WAIT));
    await waitFor(() => expect(api.to(READ)).toHaveLength(1), WAIT);
    expect(await (api.to(READ)[0] as Request).json()).toEqual({ ids: [n3] });
    await within(list).findByText('1 unread', {}, WAIT);
    fireEvent.click(within(list).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(api.to(READ)).toHaveLength(2), WAIT);
    expect(await within(list).findByText('All read', {}, WAIT)).toBeTruthy();
    expect(await (api.to(READ)[1] as Request).json()).toEqual({ all: true });
  });

  it('asks for the child, the category and unread only, and says when nothing matches', async () => {
    // The page as the shell draws it for a parent of two children.
    const api = fakeApi({
      [NOTIFICATIONS]: (request) => (queryOf(request).category ? inbox([], 1) : inbox(items, 1)),
    });
    const omar = { enrollNumber: 'E100', name: 'Omar Ahmed' };
    const lina = { enrollNumber: 'E200', name: 'Lina Ahmed' };
    await renderWithProviders(<NotificationsPage title="Notifications" child={omar} family={[omar, lina]} />);
    await screen.findByText('Ms Khan replied', {}, WAIT);
    expect(
      within(screen.getByRole('combobox', { name: 'Child' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All children', 'Omar Ahmed', 'Lina Ahmed']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Child' }), { target: { value: 'E200' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Unread only' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Category' }), { target: { value: 'health' } });
    expect(
      await screen.findByText(
        'No notifications match these filters. Choose other filters to see more.',
        {},
        WAIT,
      ),
    ).toBeTruthy();
    expect(pageQueries(api.to(NOTIFICATIONS))).toEqual([
      { pageSize: '20' },
      { pageSize: '20', enrollNumber: 'E200' },
      { pageSize: '20', enrollNumber: 'E200', unread: '1' },
      { pageSize: '20', enrollNumber: 'E200', category: 'health', unread: '1' },
    ]);
  });

  it('says what will appear while there is nothing, and what failed', async () => {
    let fail = true;
    await openModulePage('/notification', {
      [NOTIFICATIONS]: (request) =>
        fail && queryOf(request).pageSize === '20' ? failure(500, 'L000') : inbox([], 0),
    });
    const alert = await screen.findByRole('alert', {}, WAIT);
    expect(alert.textContent).toContain('Something went wrong. Please try again.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    const list = await screen.findByRole('region', { name: 'Notifications' }, WAIT);
    expect(
      await within(list).findByText(
        'No notifications yet. When the school tells you something about your children, it appears here.',
        {},
        WAIT,
      ),
    ).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Mark all as read' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
  });

  it('speaks Arabic', async () => {
    await openModulePage('/notification', { [NOTIFICATIONS]: () => inbox(items, 2) }, { lng: 'ar' });
    const list = await screen.findByRole('region', { name: 'الإشعارات' }, WAIT);
    expect(await within(list).findByText('غاب عمر اليوم', {}, WAIT)).toBeTruthy();
    expect(within(list).getByText('Term 3 fees are due on 1 April').getAttribute('lang')).toBe('en');
    expect(screen.getByRole('tab', { name: 'تفضيلات البريد' })).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'تعليم الكل كمقروء' })).toBeTruthy();
  });
});

describe('the notifications page: email preferences', { timeout: 30_000 }, () => {
  it('shows each category with its mode, safety fixed, and saves what was chosen', async () => {
    const { api } = await openModulePage('/notification?view=preferences', {
      [PREFERENCES]: async (request) =>
        request.method === 'PUT'
          ? jsonResponse(200, { ...ok, preferences: await request.clone().json() })
          : jsonResponse(200, { ...ok, preferences }),
    });
    const attendance = await screen.findByRole('group', { name: 'Attendance' }, WAIT);
    expect(screen.getByRole('tab', { name: 'Email preferences' }).getAttribute('aria-selected')).toBe('true');
    expect((within(attendance).getByRole('radio', { name: 'At once' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(attendance.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(attendance).getByText('Absences and late arrivals')).toBeTruthy();
    const safety = screen.getByRole('group', { name: 'Safety' });
    expect(within(safety).queryByRole('radio')).toBeNull();
    expect(safety.textContent).toContain('Always at once.');

    fireEvent.click(within(attendance).getByRole('radio', { name: 'Daily digest' }));
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Learning' })).getByRole('radio', { name: 'No email' }),
    );
    const quiet = screen.getByRole('group', { name: 'Quiet hours' });
    fireEvent.click(within(quiet).getByRole('radio', { name: 'Hold emails during these hours' }));
    fireEvent.change(within(quiet).getByLabelText('From'), { target: { value: '22:00' } });
    fireEvent.change(within(quiet).getByLabelText('To'), { target: { value: '06:30' } });
    fireEvent.change(screen.getByLabelText('Daily digest time'), { target: { value: '19:15' } });
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Language of your emails' })).getByRole('radio', {
        name: 'Arabic',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));

    expect(await screen.findByText(/Your preferences are saved\./, {}, WAIT)).toBeTruthy();
    const [put] = api.to(PREFERENCES).filter((request) => request.method === 'PUT');
    const modes = Object.fromEntries(preferences.categories.map(({ category, mode }) => [category, mode]));
    expect(await (put as Request).json()).toEqual({
      categories: Object.entries({ ...modes, attendance: 'digest', academics: 'off' }).map(
        ([category, mode]) => ({
          category,
          mode,
        }),
      ),
      quietHours: { from: '22:00', to: '06:30' },
      digestAt: '19:15',
      language: 'ar',
    });
  });

  it('shows what is wrong before sending, and the server refusal after', async () => {
    const { api } = await openModulePage('/notification?view=preferences', {
      [PREFERENCES]: (request) =>
        request.method === 'PUT'
          ? failure(400, 'V001')
          : jsonResponse(200, {
              ...ok,
              preferences: { ...preferences, quietHours: { from: '21:00', to: '07:00' } },
            }),
    });
    const quiet = await screen.findByRole('group', { name: 'Quiet hours' }, WAIT);
    expect((within(quiet).getByLabelText('From') as HTMLInputElement).value).toBe('21:00');
    fireEvent.change(within(quiet).getByLabelText('To'), { target: { value: '21:00' } });
    fireEvent.change(screen.getByLabelText('Daily digest time'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(within(quiet).getByText('Quiet hours must start and end at different times.')).toBeTruthy();
    expect(screen.getByText('Give the time of day the digest should come.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Some answers need fixing');
    expect(within(quiet).getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    expect(api.to(PREFERENCES).filter((request) => request.method === 'PUT')).toHaveLength(0);

    fireEvent.click(within(quiet).getByRole('radio', { name: 'No quiet hours' }));
    fireEvent.change(screen.getByLabelText('Daily digest time'), { target: { value: '18:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect((await screen.findByRole('alert', {}, WAIT)).textContent).toContain(
      'Some of the information sent is not valid.',
    );
    const [put] = api.to(PREFERENCES).filter((request) => request.method === 'PUT');
    expect(((await (put as Request).json()) as TNotificationPreferences).quietHours).toBeNull();
  });

  it('speaks Arabic', async () => {
    await openModulePage(
      '/notification?view=preferences',
      { [PREFERENCES]: () => jsonResponse(200, { ...ok, preferences }) },
      { lng: 'ar' },
    );
    const attendance = await screen.findByRole('group', { name: 'الحضور' }, WAIT);
    expect(within(attendance).getByRole('radio', { name: 'ملخص يومي' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'حفظ التفضيلات' })).toBeTruthy();
  });
});
