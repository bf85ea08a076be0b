import type { TLanguage } from '@portal/contracts/constants';
import type { TAttendanceDay, TAttendanceMonth } from '@portal/contracts/families/schedule';
import { signedInWithCode } from '../features/auth/api.ts';
import { sessionSlice } from '../features/auth/slice.ts';
import { addDays, daysOfMonth, isoWeekday } from '../lib/dates.ts';
import { loginAnswer } from './fixtures.ts';
import { fakeApi, jsonResponse, renderApp } from './render.tsx';

export const ok = { success: true, messageId: 'S200' } as const;

/** The school office the pages offer for questions. */
export const officeContact = { phone: '+971 4 555 0100', email: 'office@mogra.demo' };

/**
 * Opens a page of the whole app as the signed-in parent of E100 (Omar Ahmed) and E200, at
 * the demo school, with the API answered by `handlers`.
 */
export async function openSchedulePage(
  path: string,
  handlers: Parameters<typeof fakeApi>[0],
  {
    lng = 'en',
    contact = officeContact,
    childless = false,
  }: {
    lng?: TLanguage;
    contact?: { phone: string; email: string };
    /** A parent the school has linked no child to yet. */
    childless?: boolean;
  } = {},
) {
  const login = childless
    ? { ...loginAnswer, profile: { ...loginAnswer.profile, children: [] } }
    : loginAnswer;
  const api = fakeApi({
    '/v1/oa/public/school-details': () =>
      jsonResponse(200, {
        schoolNameLogo: [],
        swiperText: [],
        schoolDates: [],
        schoolContact: { ...contact, address_en: '', address_ar: '' },
      }),
    '/v1/ppn/parent/profile': () => jsonResponse(200, login.profile),
    ...handlers,
  });
  const session = sessionSlice.reducer(undefined, signedInWithCode(login));
  const view = await renderApp(path, { preloadedState: { session }, lng });
  return { api, ...view };
}

/** A failed answer with a message id. */
export const failure = (status: number, messageId: string) =>
  jsonResponse(status, { success: false, messageId, message: messageId });

/**
 * A month of attendance: Saturdays and Sundays are the weekend, school days up to `until`
 * present, later ones not recorded; `days` changes single days.
 */
export function attendanceMonth(
  month: string,
  until: string,
  days: Record<string, Partial<TAttendanceDay>> = {},
): TAttendanceMonth {
  const all = daysOfMonth(month).map<TAttendanceDay>((date) => ({
    date,
    status: isoWeekday(date) >= 6 ? 'weekend' : date <= until ? 'present' : 'none',
    note: '',
    arrivedAt: null,
    unexplained: false,
    holiday: '',
    holidayAr: '',
    ...days[date],
  }));
  const count = (status: TAttendanceDay['status']) => all.filter((day) => day.status === status).length;
  const recorded = count('present') + count('absent') + count('late') + count('excused');
  return {
    ...ok,
    month,
    days: all,
    summary: {
      present: count('present'),
      absent: count('absent'),
      late: count('late'),
      excused: count('excused'),
      rate: recorded === 0 ? null : (count('present') + count('late')) / recorded,
    },
  };
}

/** The school days (Monday to Friday) of the week from `monday`. */
export const schoolWeek = (monday: string) => [0, 1, 2, 3, 4].map((index) => addDays(monday, index));
