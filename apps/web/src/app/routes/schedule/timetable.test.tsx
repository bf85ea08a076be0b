import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TLesson, TTimetableWeek } from '@portal/contracts/families/schedule';
import { addDays } from '../../../lib/dates.ts';
import { jsonResponse } from '../../../test/render.tsx';
import { schoolWeek } from '../../../test/schedule.ts';
import { failure, freezeDateAt, ok, openModulePage } from '../../../test/module-page.ts';

function lesson(date: string, periodNo: number, subject: string, subjectAr: string): TLesson {
  const start = periodNo === 1 ? '08:00' : '08:50';
  return {
    id: `${date}/${periodNo}`,
    date,
    periodNo,
    start,
    end: periodNo === 1 ? '08:45' : '09:35',
    subject,
    subjectAr,
    teacher: 'Ms. Sara Khan',
    teacherAr: 'أ. سارة خان',
    room: 'B12',
  };
}

/** The week from Monday `monday`: maths first and science second every day. */
function week(monday: string): TTimetableWeek {
  return {
    ...ok,
    weekStart: monday,
    weekendDays: [6, 7],
    lessons: schoolWeek(monday).flatMap((date) => [
      lesson(date, 1, 'Mathematics', 'الرياضيات'),
      lesson(date, 2, 'Science', ''),
    ]),
  };
}

/** The week that holds a day, Monday to Sunday. */
function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
  return addDays(date, 1 - weekday);
}

function screenWide(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('min-width') ? wide : false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

const answerWeeks = (request: Request) => {
  const date = new URL(request.url).searchParams.get('date') ?? '';
  return jsonResponse(200, week(mondayOf(date)));
};

freezeDateAt('2026-03-11T06:00:00Z');

describe('the timetable page', () => {
  it('shows the school week as days by periods on a wide screen, and the weeks around it', async () => {
    screenWide(true);
    const { api } = await openModulePage('/timetable', { '/v1/ppn/timetable/week': answerWeeks });
    const table = await screen.findByRole(
      'table',
      { name: /^Timetable, 9\s?–\s?13 March 2026$/ },
      { timeout: 5000 },
    );
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((day) => day.textContent),
    ).toEqual(['Monday 9 Mar', 'Tuesday 10 Mar', 'Wednesday 11 Mar', 'Thursday 12 Mar', 'Friday 13 Mar']);
    const first = within(table).getByRole('rowheader', { name: 'Period 1 8:00 am–8:45 am' }).closest('tr');
    const cells = within(first as HTMLElement).getAllByRole('cell');
    expect(cells).toHaveLength(5);
    expect(cells[0]?.textContent).toBe('MathematicsMs. Sara KhanRoom B12');
    const [request] = api.to('/v1/ppn/timetable/week');
    expect(new URL(request?.url ?? '').searchParams.get('date')).toBe('2026-03-11');
    expect(new URL(request?.url ?? '').searchParams.get('enrollNumber')).toBe('E100');

    fireEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(await screen.findByRole('table', { name: /^Timetable, 2\s?–\s?6 March 2026$/ })).toBeTruthy();
    expect(new URL(api.to('/v1/ppn/timetable/week')[1]?.url ?? '').searchParams.get('date')).toBe(
      '2026-03-02',
    );
  });

  it('shows a day at a time on a phone, and steps into the next week past Friday', async () => {
    screenWide(false);
    await openModulePage('/timetable', { '/v1/ppn/timetable/week': answerWeeks });
    expect(
      await screen.findByRole('heading', { name: 'Wednesday 11 March' }, { timeout: 5000 }),
    ).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Next day' });
    fireEvent.click(next);
    fireEvent.click(next);
    expect(screen.getByRole('heading', { name: 'Friday 13 March' })).toBeTruthy();
    fireEvent.click(next);
    expect(await screen.findByRole('heading', { name: 'Monday 16 March' })).toBeTruthy();
    const day = screen.getByRole('table', { name: /Monday 16 March/ });
    expect(
      within(day)
        .getAllByRole('rowheader')
        .map((row) => row.textContent),
    ).toEqual(['Period 1 8:00 am–8:45 am', 'Period 2 8:50 am–9:35 am']);
  });

  it('speaks Arabic, marking a subject given only in English as English', async () => {
    screenWide(true);
    await openModulePage('/timetable', { '/v1/ppn/timetable/week': answerWeeks }, { lng: 'ar' });
    const table = await screen.findByRole(
      'table',
      { name: /^الجدول الدراسي، 9\s?–\s?13 مارس 2026$/ },
      { timeout: 5000 },
    );
    expect(within(table).getAllByText('الرياضيات')).toHaveLength(5);
    const science = within(table).getAllByText('Science');
    expect(science[0]?.getAttribute('lang')).toBe('en');
    expect(within(table).getAllByText('أ. سارة خان').length).toBeGreaterThan(0);
    expect(within(table).getByRole('rowheader', { name: /الحصة 1/ })).toBeTruthy();
  });

  it('says so when a week has no lessons, and what failed with a way to try again', async () => {
    screenWide(true);
    let answer: 'empty' | 'fail' = 'fail';
    await openModulePage('/timetable', {
      '/v1/ppn/timetable/week': () =>
        answer === 'fail'
          ? failure(500, 'S500')
          : jsonResponse(200, { ...ok, weekStart: '2026-03-09', weekendDays: [6, 7], lessons: [] }),
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    answer = 'empty';
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No lessons this week')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('table')).toBeNull());
  });
});
