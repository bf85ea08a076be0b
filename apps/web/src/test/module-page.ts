import { afterEach, beforeEach, vi } from 'vitest';
import type { TLanguage } from '@portal/contracts/constants';
import { signedInWithCode } from '../features/auth/api.ts';
import { sessionSlice } from '../features/auth/slice.ts';
import { setSchoolId } from '../lib/school-id.ts';
import { loginAnswer } from './fixtures.ts';
import { fakeApi, jsonResponse, renderApp } from './render.tsx';

export const ok = { success: true, messageId: 'S200' } as const;

/** A failed answer with a message id. */
export const failure = (status: number, messageId: string) =>
  jsonResponse(status, { success: false, messageId, message: messageId });

/** The school office the pages offer for questions. */
export const officeContact = { phone: '+971 4 555 0100', email: 'office@mogra.demo' };

/**
 * Opens a page of the whole app (a module page, or any other) as the signed-in parent of E100
 * (Omar Ahmed) and E200, at the demo school unless told another, with the API answered by
 * `handlers`.
 */
export async function openModulePage(
  path: string,
  handlers: Parameters<typeof fakeApi>[0],
  {
    lng = 'en',
    school = 'mogra',
    contact = officeContact,
    childless = false,
  }: {
    lng?: TLanguage;
    /** The school id the portal is opened at. */
    school?: string;
    contact?: { phone: string; email: string };
    /** A parent the school has linked no child to yet. */
    childless?: boolean;
  } = {},
) {
  setSchoolId(school);
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

/**
 * Sets the clock the pages read (`Date` only; timers run as usual) at `instant` in every test
 * of the file: call it at the top level. "2026-03-10T06:00:00Z" is 10 March 2026, 10:00 at the
 * demo school (Dubai).
 */
export function freezeDateAt(instant: string) {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(instant));
  });
  afterEach(() => vi.useRealTimers());
}
