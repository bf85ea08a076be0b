import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TPublicInfo, TSchoolDetails } from '@portal/contracts/school';
import { setSchoolId } from '../lib/school-id.ts';
import { fakeApi, jsonResponse, renderApp } from '../test/render.tsx';
import { loginAnswer, signedInAnswers } from '../test/fixtures.ts';
import { signedInWithCode } from '../features/auth/api.ts';
import { sessionSlice } from '../features/auth/slice.ts';
import type { TFacebookSdk, TGoogleSdk } from '../features/auth/social-providers.ts';
import { redirectTarget } from './guards.tsx';

const details: TSchoolDetails = {
  schoolNameLogo: [{ school_name: 'Mogra Academy', school_name_ar: 'أكاديمية موغرا', school_logo: '' }],
  swiperText: [],
  schoolDates: [],
  schoolContact: { phone: '', email: '', address_en: '', address_ar: '' },
};

function publicInfo(ids: { google?: string; facebook?: string } = {}): TPublicInfo {
  return {
    lic_lms_url: '',
    lic_school_logo: '',
    lic_school_name: 'Mogra Academy',
    lic_website_url: '',
    lic_loginpg: '',
    google_client_id: ids.google ?? '',
    facebook_app_id: ids.facebook ?? '',
  };
}

/** The school's public answers, the profile, plus the handlers a test adds. */
function fakeSchoolApi(
  ids: { google?: string; facebook?: string } = {},
  more: Parameters<typeof fakeApi>[0] = {},
) {
  return fakeApi({
    '/v1/oa/public/school-details': () => jsonResponse(200, details),
    '/v1/oa/public/info': () => jsonResponse(200, publicInfo(ids)),
    '/v1/oa/public/schools': () => jsonResponse(200, ['mogra']),
    '/v1/ppn/parent/profile': () => jsonResponse(200, loginAnswer.profile),
    ...signedInAnswers,
    ...more,
  });
}

/** A session as after a sign-in. */
const signedIn = { session: sessionSlice.reducer(undefined, signedInWithCode(loginAnswer)) };

async function signInWithPassword() {
  fireEvent.change(await screen.findByLabelText('Email or username'), {
    target: { value: 'parent@mogra.demo' },
  });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Demo-Parent-2026' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

beforeEach(() => setSchoolId('mogra'));

describe('where sign-in leads (redirectUrl)', () => {
  it.each([
    ['//evil.com', '/dashboard'],
    ['https://evil.com/x', '/dashboard'],
    ['/\\evil.com', '/dashboard'],
    ['/\t/evil.com', '/dashboard'],
    ['javascript:alert(1)', '/dashboard'],
    ['', '/dashboard'],
    ['/dashboard', '/dashboard'],
    ['/dashboard?x', '/dashboard?x'],
    ['/agenda?child=E100#today', '/agenda?child=E100#today'],
  ])('reads %j as %s', (value, target) => {
    expect(redirectTarget(value, 'http://mogra.localhost')).toBe(target);
  });

  it('remembers the page a signed-out parent asked for and goes there after signing in', async () => {
    fakeSchoolApi({}, { '/v1/ppn/auth/login': () => jsonResponse(200, loginAnswer) });
    const { location } = await renderApp('/dashboard?tab=children');
    await waitFor(() => expect(location()).toBe('/sign-in?redirectUrl=%2Fdashboard%3Ftab%3Dchildren'));
    await signInWithPassword();
    await waitFor(() => expect(location()).toBe('/dashboard?tab=children'));
  });

  it.each([
    ['%2F%2Fevil.com', '/dashboard'],
    ['https%3A%2F%2Fevil.com', '/dashboard'],
    ['%2Fdashboard', '/dashboard'],
    ['%2Fdashboard%3Fx', '/dashboard?x'],
    ['%2Fagenda', '/agenda'],
  ])('after a password sign-in, redirectUrl=%s leads to %s', async (param, target) => {
    fakeSchoolApi({}, { '/v1/ppn/auth/login': () => jsonResponse(200, loginAnswer) });
    const { location } = await renderApp(`/sign-in?redirectUrl=${param}`);
    await signInWithPassword();
    await waitFor(() => expect(location()).toBe(target));
  });
});

describe('the sign-in tabs', () => {
  it('switch with the arrow keys, in the reading direction', async () => {
    fakeSchoolApi();
    await renderApp('/sign-in', { lng: 'ar' });
    const tablist = await screen.findByRole('tablist', { name: 'طريقة تسجيل الدخول' });
    const [password, code] = within(tablist).getAllByRole('tab');
    if (!password || !code) throw new Error('two tabs expected');
    expect(password.getAttribute('aria-selected')).toBe('true');
    expect(code.getAttribute('tabindex')).toBe('-1');
    password.focus();
    // In Arabic the next tab is to the left.
    fireEvent.keyDown(password, { key: 'ArrowLeft' });
    expect(code.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(code);
    expect(await screen.findByRole('button', { name: 'أرسل الرمز' })).toBeTruthy();
    const panel = screen.getByRole('tabpanel', { name: 'تسجيل الدخول برمز لمرة واحدة' });
    expect(panel.getAttribute('id')).toBe(code.getAttribute('aria-controls'));
    fireEvent.keyDown(code, { key: 'Home' });
    expect(password.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'تسجيل الدخول بكلمة المرور' })).toBeTruthy();
  });

  it('offer the one-time code when the account is locked (L005), with when to try again', async () => {
    fakeSchoolApi(
      {},
      {
        '/v1/ppn/auth/login': () =>
          new Response(JSON.stringify({ success: false, messageId: 'L005' }), {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': '600' },
          }),
      },
    );
    await renderApp('/sign-in');
    await signInWithPassword();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'This account is locked after too many failed attempts. Try again later, or sign in with a one-time code. Try again in 600 s.',
    );
    fireEvent.click(within(alert).getByRole('button', { name: 'Sign in with a one-time code' }));
    expect(screen.getByRole('tab', { name: 'One-time code' }).getAttribute('aria-selected')).toBe('true');
    const username = await screen.findAllByLabelText('Email or username');
    expect(username.map((field) => (field as HTMLInputElement).value)).toContain('parent@mogra.demo');
    expect(await screen.findByRole('button', { name: 'Send code' })).toBeTruthy();
  });

  it('link to the forgotten password and to registration, keeping redirectUrl', async () => {
    fakeSchoolApi();
    await renderApp('/sign-in?redirectUrl=%2Fagenda');
    expect((await screen.findByRole('link', { name: 'Forgot password?' })).getAttribute('href')).toBe(
      '/forgot-password?redirectUrl=%2Fagenda',
    );
    expect(screen.getByRole('link', { name: 'Create your account' }).getAttribute('href')).toBe(
      '/register?redirectUrl=%2Fagenda',
    );
  });
});

describe('Google and Facebook sign-in', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('is not offered, and no provider script loads, when the school has no ids', async () => {
    const api = fakeSchoolApi();
    await renderApp('/sign-in');
    await screen.findByRole('tab', { name: 'Password' });
    await waitFor(() => expect(api.to('/v1/oa/public/info')).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.queryByRole('button', { name: 'Continue with Facebook' })).toBeNull();
    expect(screen.queryByTestId('google-button')).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
    expect(document.querySelector('script[src*="accounts.google.com"], script[src*="facebook"]')).toBeNull();
  });

  it('signs in with the Google credential at once and moves on after 5 s, with a link to go now', async () => {
    let onCredential: ((response: { credential: string }) => void) | undefined;
    const google: TGoogleSdk = {
      accounts: {
        id: {
          initialize: vi.fn((config) => {
            onCredential = config.callback;
          }),
          renderButton: vi.fn(),
        },
      },
    };
    vi.stubGlobal('google', google);
    const api = fakeSchoolApi(
      { google: 'client-123.apps.googleusercontent.com' },
      { '/v1/ppn/auth/google-login': () => jsonResponse(200, loginAnswer) },
    );
    const { store, location } = await renderApp('/sign-in?redirectUrl=%2Fdashboard%3Ftab%3Dchildren');
    await waitFor(() => expect(onCredential).toBeDefined());
    expect(google.accounts.id.initialize).toHaveBeenCalledWith(
      expect.objectContaining({ client_id: 'client-123.apps.googleusercontent.com' }),
    );
    expect(google.accounts.id.renderButton).toHaveBeenCalledWith(
      screen.getByTestId('google-button'),
      expect.objectContaining({ locale: 'en' }),
    );

    act(() => onCredential?.({ credential: 'google-id-token' }));
    expect(await screen.findByText('You are signed in.')).toBeTruthy();
    expect(store.getState().session.signedIn).toBe(true);
    expect(await api.to('/v1/ppn/auth/google-login')[0]?.json()).toEqual({ credential: 'google-id-token' });
    expect(screen.getByText('Taking you back to the page you asked for…')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go now' }).getAttribute('href')).toBe('/dashboard?tab=children');

    await act(() => vi.advanceTimersByTimeAsync(4_500));
    expect(location()).toBe('/sign-in?redirectUrl=%2Fdashboard%3Ftab%3Dchildren');
    await act(() => vi.advanceTimersByTimeAsync(600));
    await waitFor(() => expect(location()).toBe('/dashboard?tab=children'));
  });

  it('signs in with the Facebook access token', async () => {
    const facebook: TFacebookSdk = {
      init: vi.fn(),
      login: vi.fn((callback) =>
        callback({ status: 'connected', authResponse: { accessToken: 'fb-token' } }),
      ),
    };
    vi.stubGlobal('FB', facebook);
    const api = fakeSchoolApi(
      { facebook: '1234567890' },
      { '/v1/ppn/auth/facebook-login': () => jsonResponse(200, loginAnswer) },
    );
    const { location } = await renderApp('/sign-in');
    const button = await screen.findByRole('button', { name: 'Continue with Facebook' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(facebook.init).toHaveBeenCalledWith(expect.objectContaining({ appId: '1234567890' }));
    fireEvent.click(button);
    expect(await screen.findByText('Taking you to your dashboard…')).toBeTruthy();
    expect(await api.to('/v1/ppn/auth/facebook-login')[0]?.json()).toEqual({ accessToken: 'fb-token' });
    await act(() => vi.advanceTimersByTimeAsync(5_100));
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it('shows why the server refused the provider sign-in', async () => {
    let onCredential: ((response: { credential: string }) => void) | undefined;
    vi.stubGlobal('google', {
      accounts: {
        id: {
          initialize: (config: { callback: (response: { credential: string }) => void }) => {
            onCredential = config.callback;
          },
          renderButton: () => undefined,
        },
      },
    });
    fakeSchoolApi(
      { google: 'client-123' },
      {
        '/v1/ppn/auth/google-login': () => jsonResponse(401, { success: false, messageId: 'L012' }),
      },
    );
    const { store } = await renderApp('/sign-in');
    await waitFor(() => expect(onCredential).toBeDefined());
    act(() => onCredential?.({ credential: 'google-id-token' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No parent account at this school uses this email address.',
    );
    expect(store.getState().session.signedIn).toBe(false);
  });
});

describe('the profile menu', () => {
  it('opens from the keyboard and closes with Escape, back on its button', async () => {
    fakeSchoolApi();
    await renderApp('/dashboard', { preloadedState: signedIn });
    const button = await screen.findByRole('button', { name: 'Sara Ahmed' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const menu = screen.getByRole('menu', { name: 'Sara Ahmed' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Account settings',
      'Sign out',
      'Sign out of every device',
    ]);
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(items[1]));
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('signs out of every device: the server is told with the token, then sign-in confirms it', async () => {
    const api = fakeSchoolApi(
      {},
      {
        '/v1/ppn/auth/sign-out-all': () => jsonResponse(200, { success: true, messageId: 'L011' }),
      },
    );
    const { store, location } = await renderApp('/dashboard', { preloadedState: signedIn });
    fireEvent.click(await screen.findByRole('button', { name: 'Sara Ahmed' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out of every device' }));
    await waitFor(() => expect(location()).toBe('/sign-in'));
    expect(await screen.findByText('You have been signed out on every device.')).toBeTruthy();
    const [request] = api.to('/v1/ppn/auth/sign-out-all');
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('authorization')).toBe('Bearer token-123');
    expect(store.getState().session.signedIn).toBe(false);
    expect(store.getState().session.token).toBeNull();
    // Confirmed once: not again on the next visit.
    expect(store.getState().session.notice).toBeNull();
  });

  it('keeps the session and says so when the server could not sign out everywhere', async () => {
    fakeSchoolApi(
      {},
      {
        '/v1/ppn/auth/sign-out-all': () => jsonResponse(503, { success: false, messageId: 'S503' }),
      },
    );
    const { store, location } = await renderApp('/dashboard', { preloadedState: signedIn });
    fireEvent.click(await screen.findByRole('button', { name: 'Sara Ahmed' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out of every device' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The service is temporarily unavailable. Please try again shortly.',
    );
    expect(store.getState().session.signedIn).toBe(true);
    expect(location()).toBe('/dashboard');
  });
});
