import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TLanguage } from '@portal/contracts/constants';
import type { TTimetableWeek } from '@portal/contracts/families/schedule';
import { signedInWithCode } from '../features/auth/api.ts';
import { sessionSlice } from '../features/auth/slice.ts';
import { ChangePhotoButton } from '../features/children/components/change-photo-button.tsx';
import { LayoutToolbar } from '../features/dashboard/components/layout-toolbar.tsx';
import { serverAnswered } from '../lib/offline/connection.ts';
import { followAnswerOwner, keepOnlyAnswersOf } from '../lib/offline/kept-answers.ts';
import { setSchoolId } from '../lib/school-id.ts';
import { loginAnswer } from '../test/fixtures.ts';
import { freezeDateAt, ok, openModulePage } from '../test/module-page.ts';
import { jsonResponse, renderApp, renderWithProviders } from '../test/render.tsx';
import { makeStore } from './store.ts';

// 11 March 2026, 10:00 at the demo school (Dubai).
freezeDateAt('2026-03-11T06:00:00Z');

afterEach(async () => {
  serverAnswered();
  await keepOnlyAnswersOf(null, 'mogra');
});

const week: TTimetableWeek = {
  ...ok,
  weekStart: '2026-03-09',
  weekendDays: [6, 7],
  lessons: [
    {
      id: 'l1',
      date: '2026-03-11',
      periodNo: 1,
      start: '08:00',
      end: '08:45',
      subject: 'Mathematics',
      subjectAr: 'الرياضيات',
      teacher: 'Ms. Sara Khan',
      teacherAr: 'أ. سارة خان',
      room: 'B12',
    },
  ],
};

/**
 * Opens a page as a signed-in parent (the demo's, unless another sign-in answer is given) on a
 * device without a network: every request fails as `fetch` does offline.
 */
async function openOffline(path: string, { lng = 'en' as TLanguage, login = loginAnswer } = {}) {
  setSchoolId('mogra');
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
  const session = sessionSlice.reducer(undefined, signedInWithCode(login));
  return renderApp(path, { preloadedState: { session }, lng });
}

/** Opens the timetable online, so its answers are kept, and closes it. */
async function seeTimetableOnline() {
  const page = await openModulePage('/timetable', {
    '/v1/ppn/timetable/week': () => jsonResponse(200, week),
  });
  await screen.findByText('Mathematics', {}, { timeout: 5000 });
  page.unmount();
}

describe('the portal without a network', () => {
  it('shows the timetable the parent last saw, read-only, and says from when', async () => {
    await seeTimetableOnline();
    await openOffline('/timetable');
    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    expect(within(table).getByText('Mathematics')).toBeTruthy();
    expect(
      await screen.findByText('You are offline. Showing what you saw at 10:00 am. Changes are disabled.'),
    ).toBeTruthy();
  });

  it('says it in Arabic too', async () => {
    await seeTimetableOnline();
    await openOffline('/timetable', { lng: 'ar' });
    expect(
      await screen.findByText(/^أنت غير متصل بالإنترنت\. نعرض ما رأيته الساعة .+\. التغييرات معطّلة\.$/),
    ).toBeTruthy();
    expect(await screen.findByText('الرياضيات')).toBeTruthy();
  });

  it("never shows one parent's kept answers to another parent", async () => {
    await seeTimetableOnline();
    const other = {
      ...loginAnswer,
      profile: { ...loginAnswer.profile, parent: { ...loginAnswer.profile.parent, parentID: 'P2' } },
    };
    // The other parent's session, on the same device, without a network.
    await openOffline('/timetable', { login: other });
    expect(await screen.findByRole('button', { name: /try again/i }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('Mathematics')).toBeNull();
  });

  it('forgets the kept answers when the session ends', async () => {
    await seeTimetableOnline();
    const session = sessionSlice.reducer(undefined, signedInWithCode(loginAnswer));
    const store = makeStore({ session });
    const stop = followAnswerOwner(store);
    store.dispatch(sessionSlice.actions.parentReset());
    stop();
    await openOffline('/timetable');
    expect(await screen.findByRole('button', { name: /try again/i }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('Mathematics')).toBeNull();
  });

  it('tells of each new signed-in parent, whose answers are kept from then on, and not of a sign-out', () => {
    const owners: string[] = [];
    const store = makeStore({ session: sessionSlice.reducer(undefined, signedInWithCode(loginAnswer)) });
    const stop = followAnswerOwner(store, (owner) => owners.push(owner.parentId));
    store.dispatch(sessionSlice.actions.parentReset());
    store.dispatch(signedInWithCode(loginAnswer));
    stop();
    expect(owners).toEqual(['P1', 'P1']);
  });

  it('says the portal is offline when the browser has no network, even with nothing kept', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await openOffline('/timetable');
    expect(
      await screen.findByText('You are offline. Changes are disabled.', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('shows nothing of the kind online', async () => {
    await seeTimetableOnline();
    await openModulePage('/timetable', { '/v1/ppn/timetable/week': () => jsonResponse(200, week) });
    await screen.findByText('Mathematics', {}, { timeout: 5000 });
    expect(screen.queryByText(/You are offline/)).toBeNull();
  });

  it('disables a button that would change something on the server', async () => {
    const omar = loginAnswer.profile.children[0];
    if (!omar) throw new Error('the fixture has a child');
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const offline = await renderWithProviders(
      <ChangePhotoButton child={omar} onUploaded={() => undefined} />,
    );
    expect(screen.getByRole('button', { name: 'Change photo of Omar Ahmed' })).toHaveProperty(
      'disabled',
      true,
    );
    offline.unmount();
    const toolbar = await renderWithProviders(
      <LayoutToolbar status="error" onReset={() => undefined} onRetry={() => undefined} />,
    );
    expect(screen.getByRole('button', { name: 'Reset layout' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveProperty('disabled', true);
    toolbar.unmount();
    onLine.mockReturnValue(true);
    await renderWithProviders(<ChangePhotoButton child={omar} onUploaded={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Change photo of Omar Ahmed' })).toHaveProperty(
      'disabled',
      false,
    );
  });
});
