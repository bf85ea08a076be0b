import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jsonResponse } from '../../../test/render.tsx';
import { attendanceMonth } from '../../../test/schedule.ts';
import { failure, freezeDateAt, openModulePage } from '../../../test/module-page.ts';

const march = attendanceMonth('2026-03', '2026-03-09', {
  '2026-03-03': { status: 'absent', unexplained: true },
  '2026-03-04': { status: 'late', note: 'Bus was late', arrivedAt: '08:20' },
  '2026-03-05': { status: 'excused', note: 'Dentist' },
  '2026-03-06': { status: 'holiday', holiday: 'Founders Day', holidayAr: '' },
});

freezeDateAt('2026-03-10T06:00:00Z');

describe('the attendance page', () => {
  it("shows the child's month with a legend, the rate and counts, and explains an absence", async () => {
    const { api } = await openModulePage('/attendance_month', {
      '/v1/ppn/attendance/month': (request) => {
        const month = new URL(request.url).searchParams.get('month') ?? '';
        return jsonResponse(200, month === '2026-03' ? march : attendanceMonth(month, '2026-03-09'));
      },
    });
    const grid = await screen.findByRole('grid', { name: 'Attendance, March 2026' }, { timeout: 5000 });
    // The month's grid is drawn while its days load: the request may come a moment later.
    await waitFor(() => expect(api.to('/v1/ppn/attendance/month').length).toBeGreaterThan(0));
    const [first] = api.to('/v1/ppn/attendance/month');
    expect(new URL(first?.url ?? '').searchParams.get('enrollNumber')).toBe('E100');
    expect(first?.headers.get('authorization')).toBe('Bearer token-123');
    await waitFor(() =>
      expect(within(grid).getByRole('gridcell', { name: /Tuesday 3 March/ }).textContent).toContain('Absent'),
    );

    // Each day says its state in words, never by colour alone.
    expect(within(grid).getByRole('gridcell', { name: /Tuesday 3 March/ }).textContent).toContain(
      'Absence without a reason',
    );
    expect(within(grid).getByRole('gridcell', { name: /Wednesday 4 March/ }).textContent).toContain('Late');
    expect(within(grid).getByRole('gridcell', { name: /Saturday 7 March/ }).textContent).toContain('Weekend');
    expect(within(grid).getByRole('gridcell', { name: /Wednesday 11 March/ }).textContent).toContain(
      'Not recorded',
    );
    const legend = screen.getByRole('heading', { name: 'What the marks mean' }).parentElement as HTMLElement;
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Present', 'Absent', 'Late', 'Excused', 'Holiday', 'Weekend', 'Not recorded']);
    // 2 present, 1 absent, 1 late, 1 excused: present or late on 3 of 5 recorded days.
    const rate = screen.getByText('Attendance rate').parentElement as HTMLElement;
    expect(rate.textContent).toContain('60%');
    expect(screen.getByText('Days absent').parentElement?.textContent).toContain('1');

    // A day's details: the late arrival's time and the school's note.
    fireEvent.click(within(grid).getByRole('gridcell', { name: /Wednesday 4 March/ }));
    const details = screen.getByRole('region', { name: 'Wednesday, 4 March 2026' });
    expect(details.textContent).toContain('Arrived at 8:20 am');
    expect(details.textContent).toContain('Bus was late');
    // A holiday given in English only is marked as English.
    fireEvent.click(within(grid).getByRole('gridcell', { name: /Friday 6 March/ }));
    expect(screen.getByText('Founders Day').getAttribute('lang')).toBeNull();

    // "Explain": how to reach the school office, the e-mail naming the child and the day.
    const toExplain = screen.getByRole('region', { name: 'Absences to explain' });
    fireEvent.click(within(toExplain).getByRole('button', { name: 'Explain Tuesday 3 March' }));
    const dialog = await screen.findByRole('dialog', { name: 'Explain an absence' });
    expect(dialog.textContent?.replace(/[\u2068\u2069]/g, '')).toContain(
      "The school has no reason for Omar Ahmed's absence on Tuesday, 3 March 2026.",
    );
    expect(within(dialog).getByRole('link', { name: '+971 4 555 0100' }).getAttribute('href')).toBe(
      'tel:+97145550100',
    );
    const mail = within(dialog).getByRole('link', { name: /office@mogra\.demo/ });
    expect(mail.getAttribute('href')).toBe(
      `mailto:office@mogra.demo?subject=${encodeURIComponent('Absence of Omar Ahmed on Tuesday, 3 March 2026')}`,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The next month, asked of the server.
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('grid', { name: 'Attendance, April 2026' })).toBeTruthy();
    await waitFor(() =>
      expect(api.to('/v1/ppn/attendance/month').map((r) => new URL(r.url).searchParams.get('month'))).toEqual(
        ['2026-03', '2026-04'],
      ),
    );
    expect(await screen.findByText(/No attendance is recorded for April 2026 yet/)).toBeTruthy();
  });

  it('speaks Arabic, with the English holiday name marked as English', async () => {
    await openModulePage(
      '/attendance_month',
      { '/v1/ppn/attendance/month': () => jsonResponse(200, march) },
      { lng: 'ar' },
    );
    const grid = await screen.findByRole('grid', { name: 'الحضور، مارس 2026' }, { timeout: 5000 });
    await waitFor(() =>
      expect(within(grid).getByRole('gridcell', { name: /الثلاثاء، 3 مارس/ }).textContent).toContain('غائب'),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'الحضور' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'الشهر التالي' })).toBeTruthy();
    fireEvent.click(within(grid).getByRole('gridcell', { name: /الجمعة، 6 مارس/ }));
    const holiday = screen.getByText('Founders Day');
    expect(holiday.getAttribute('lang')).toBe('en');
    const toExplain = screen.getByRole('region', { name: 'غياب يحتاج إلى توضيح' });
    fireEvent.click(within(toExplain).getByRole('button', { name: /توضيح/ }));
    const dialog = await screen.findByRole('dialog', { name: 'توضيح سبب الغياب' });
    expect(dialog.textContent?.replace(/[\u2068\u2069]/g, '')).toContain(
      'لا يوجد لدى المدرسة سبب لغياب Omar Ahmed يوم الثلاثاء، 3 مارس 2026.',
    );
  });

  it('says what failed and loads again on "Try again"', async () => {
    let fail = true;
    await openModulePage('/attendance_month', {
      '/v1/ppn/attendance/month': () => (fail ? failure(403, 'A002') : jsonResponse(200, march)),
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('You can only see information about your own children.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Attendance rate')).toBeTruthy();
  });

  it('shows the shape of the month while it loads', async () => {
    await openModulePage('/attendance_month', {
      '/v1/ppn/attendance/month': () => new Promise<Response>(() => undefined),
    });
    const grid = await screen.findByRole('grid', { name: 'Attendance, March 2026' }, { timeout: 5000 });
    expect(grid.closest('[aria-busy="true"]')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading');
  });
});
