import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setSchoolId } from '../lib/school-id.ts';
import { changeLanguage } from '../lib/i18n.ts';
import { fakeApi, jsonResponse, renderApp } from '../test/render.tsx';
import { loginAnswer } from '../test/fixtures.ts';
import { signedInWithCode } from '../features/auth/api.ts';
import { sessionSlice } from '../features/auth/slice.ts';
import { MENU } from '@portal/contracts/menu';
import { accessTo } from './guards.tsx';
import { modulePageOf } from './module-pages.ts';

/** A session as after a sign-in at bcad, granted the agenda (PP034) only. */
function signedIn() {
  return { session: sessionSlice.reducer(undefined, signedInWithCode(loginAnswer)) };
}

function serveProfile() {
  return fakeApi({
    '/v1/ppn/parent/profile': () => jsonResponse(200, loginAnswer.profile),
    '/v1/oa/public/school-details': () =>
      jsonResponse(200, { schoolNameLogo: [], swiperText: [], schoolDates: [] }),
  });
}

beforeEach(() => setSchoolId('bcad'));
afterEach(() => {
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

describe('the access guard', () => {
  it('opens a menu path only when one of its codes is held', () => {
    expect(accessTo('/agenda', ['active', 'PP034']).allowed).toBe(true);
    expect(accessTo('/timetable', ['active', 'PP034']).allowed).toBe(false);
    expect(accessTo('/dashboard', []).allowed).toBe(false);
    expect(accessTo('/sign-in', []).entry).toBeUndefined();
  });
});

describe('the authenticated shell', () => {
  it('offers Home and the granted modules, the current one marked', async () => {
    serveProfile();
    await renderApp('/agenda', { preloadedState: signedIn() });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Home', 'Agenda']);
    expect(within(nav).getByRole('link', { name: 'Agenda' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Agenda' })).toBeTruthy();
    // The agenda's own page asks for the child's diary.
    expect(await screen.findByRole('button', { name: 'Next two weeks' })).toBeTruthy();
  });

  it('gives every module of the menu its own page: none is "coming soon"', () => {
    for (const entry of MENU.filter((item) => item.key !== 'home'))
      expect(() => modulePageOf(entry), entry.path).not.toThrow();
  });

  it('shows the not-available page, with a way home, for a module that is not granted', async () => {
    serveProfile();
    const { store } = await renderApp('/timetable', { preloadedState: signedIn() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This is not available for your account' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/dashboard');
    // The shell records the route in an effect, which may run after the page is painted.
    await waitFor(() => expect(store.getState().app.currentRouteKey).toBe('timetable'));
  });

  it('shows the 404 page for an unknown path', async () => {
    serveProfile();
    await renderApp('/no-such-module', { preloadedState: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('sends a signed-out visitor of a module to sign-in, remembering the module', async () => {
    serveProfile();
    const { location } = await renderApp('/agenda');
    await waitFor(() => expect(location()).toBe('/sign-in?redirectUrl=%2Fagenda'));
  });

  it('collapses the side navigation to icons, keeping the names, and remembers it', async () => {
    serveProfile();
    await renderApp('/agenda', { preloadedState: signedIn() });
    fireEvent.click(await screen.findByRole('button', { name: 'Collapse the menu' }));
    const expand = screen.getByRole('button', { name: 'Expand the menu' });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    expect(window.localStorage.getItem('nav-collapsed')).toBe('true');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Agenda' }).getAttribute('title')).toBe('Agenda');
  });

  it('opens the navigation drawer as a dialog', async () => {
    serveProfile();
    await renderApp('/agenda', { preloadedState: signedIn() });
    const open = await screen.findByRole('button', { name: 'Open the menu' });
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(dialog).getByRole('link', { name: 'Agenda' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close the menu' }));
    await waitFor(() => expect(open.getAttribute('aria-expanded')).toBe('false'));
  });

  it('switches the selected child from the header', async () => {
    serveProfile();
    const { store } = await renderApp('/agenda', { preloadedState: signedIn() });
    fireEvent.click(await screen.findByRole('button', { name: 'Selected child: Omar Ahmed' }));
    const menu = screen.getByRole('menu', { name: 'Choose a child' });
    expect(
      within(menu)
        .getByRole('menuitemradio', { name: /Omar Ahmed/ })
        .getAttribute('aria-checked'),
    ).toBe('true');
    fireEvent.click(within(menu).getByRole('menuitemradio', { name: /Lina Ahmed/ }));
    expect(store.getState().session.selectedChild?.sims_student_enroll_number).toBe('E200');
  });

  it('names the modules in Arabic and turns the page right-to-left', async () => {
    serveProfile();
    const { i18n, store } = await renderApp('/agenda', { preloadedState: signedIn() });
    await act(() => changeLanguage(i18n, 'ar'));
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(store.getState().locale.currentLang).toBe('ar');
    const nav = await screen.findByRole('navigation', { name: 'التنقل الرئيسي' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['الرئيسية', 'الأجندة']);
  });
});
