import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TNotification } from '@portal/contracts/kits/inbox';
import { jsonResponse } from '../../test/render.tsx';
import { ok, openModulePage } from '../../test/module-page.ts';

// The header's bell (features/inbox): the unread count, the latest notices naming their child,
// opening one, marking all read; shown only where the school grants the notifications module.
const notice = (id: string, over: Partial<TNotification> = {}): TNotification => ({
  id,
  category: 'attendance',
  kind: 'attendance.absent',
  enrollNumber: 'E100',
  childName: 'Omar Ahmed',
  title: 'Omar was absent on Tuesday 24',
  titleAr: 'غياب عمر يوم الثلاثاء 24',
  body: 'The school recorded Omar as absent.',
  bodyAr: 'سجّلت المدرسة غياب عمر.',
  path: '/attendance_month',
  createdAt: '2026-11-24T05:00:00.000Z',
  readAt: null,
  ...over,
});

const inbox = (items: TNotification[], unread: number) => () =>
  jsonResponse(200, { ...ok, items, unread, nextCursor: null });

const teachers = () => jsonResponse(200, { ...ok, teachers: [] });

describe('the notification bell', () => {
  it('says how many notices are unread and lists them, each naming its child', async () => {
    const items = [
      notice('00000000-0000-4000-8000-000000000001'),
      notice('00000000-0000-4000-8000-000000000002', {
        category: 'requests',
        enrollNumber: null,
        childName: null,
        title: 'Your request was approved',
        readAt: '2026-11-24T06:00:00.000Z',
      }),
    ];
    await openModulePage('/teacher', {
      '/v1/ppn/teachers': teachers,
      '/v1/ppn/notifications': inbox(items, 1),
    });
    const bell = await screen.findByRole('button', { name: 'Notifications: 1 unread' }, { timeout: 5000 });
    fireEvent.click(bell);
    const panel = screen.getByRole('region', { name: 'Notifications' });
    const rows = within(panel).getAllByRole('listitem');
    expect(rows[0]?.textContent).toContain('Omar Ahmed');
    expect(rows[0]?.textContent).toContain('Omar was absent on Tuesday 24');
    expect(rows[0]?.textContent).toContain('Unread');
    expect(rows[1]?.textContent).toContain('Family');
    expect(rows[1]?.textContent).not.toContain('Unread');
  });

  it('marks every notice read with one action', async () => {
    const { api } = await openModulePage('/teacher', {
      '/v1/ppn/teachers': teachers,
      '/v1/ppn/notifications': inbox([notice('00000000-0000-4000-8000-000000000003')], 1),
      '/v1/ppn/notifications/read': () => jsonResponse(200, { ...ok, unread: 0 }),
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Notifications: 1 unread' }, { timeout: 5000 }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(api.to('/v1/ppn/notifications/read')).toHaveLength(1));
    expect(await api.to('/v1/ppn/notifications/read')[0]?.json()).toEqual({ all: true });
  });

  it('says when there is nothing yet, in Arabic too', async () => {
    await openModulePage(
      '/teacher',
      { '/v1/ppn/teachers': teachers, '/v1/ppn/notifications': inbox([], 0) },
      { lng: 'ar' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'الإشعارات' }, { timeout: 5000 }));
    expect(await screen.findByText(/لا إشعارات بعد/)).toBeTruthy();
  });

  it('is not in the header of a school that does not grant notifications', async () => {
    const { api } = await openModulePage('/teacher', { '/v1/ppn/teachers': teachers }, { school: 'bcad' });
    await screen.findByRole('button', { name: /Omar Ahmed/ }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
    expect(api.to('/v1/ppn/notifications')).toHaveLength(0);
  });
});
