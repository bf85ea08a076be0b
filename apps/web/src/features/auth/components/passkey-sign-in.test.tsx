import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setSchoolId } from '../../../lib/school-id.ts';
import { loginAnswer } from '../../../test/fixtures.ts';
import { fakeApi, jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { PasskeySignIn } from './passkey-sign-in.tsx';

const browser = vi.hoisted(() => ({
  startAuthentication: vi.fn(),
  browserSupportsWebAuthnAutofill: vi.fn(),
  WebAuthnAbortService: { cancelCeremony: vi.fn() },
}));
vi.mock('@simplewebauthn/browser', () => browser);

const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rpId: 'mogra.localhost', allowCredentials: [], timeout: 300000 };
const ASSERTION = {
  id: 'a2V5',
  rawId: 'a2V5',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'YXV0aA', signature: 'c2ln', userHandle: 'dXNlcg' },
  clientExtensionResults: {},
};

/** The sign-in routes: a challenge each time, and the login's answer. */
function signInApi(login: () => Response = () => jsonResponse(200, loginAnswer)) {
  return fakeApi({
    '/v1/ppn/auth/passkey-options': () =>
      jsonResponse(200, { success: true, messageId: 'S200', options: OPTIONS }),
    '/v1/ppn/auth/passkey-login': login,
  });
}

/** A request the browser keeps waiting until it is settled here. */
function pending<T>() {
  let settle: { resolve: (value: T) => void; reject: (error: unknown) => void } | null = null;
  const promise = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, settle: () => settle! };
}

const named = (name: string) => Object.assign(new Error(name), { name });

describe('signing in with a passkey', () => {
  beforeEach(() => {
    setSchoolId('mogra');
    browser.browserSupportsWebAuthnAutofill.mockResolvedValue(false);
  });
  afterEach(() => {
    browser.startAuthentication.mockReset();
    browser.browserSupportsWebAuthnAutofill.mockReset();
  });

  it('signs in with the passkey the browser gives for the button: the same session as a password', async () => {
    const { to } = signInApi();
    browser.startAuthentication.mockResolvedValue(ASSERTION);
    const { store } = await renderWithProviders(<PasskeySignIn enabled />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(store.getState().session.signedIn).toBe(true));
    expect(store.getState().session.token).toBe('token-123');
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    const [sent] = to('/v1/ppn/auth/passkey-login');
    expect(await sent?.json()).toEqual(ASSERTION);
    // An /auth route: no bearer token, whatever the session.
    expect(sent?.headers.get('authorization')).toBeNull();
  });

  it('says when the parent cancelled, and what the server refused', async () => {
    signInApi(() => jsonResponse(401, { success: false, messageId: 'L017', message: 'unknown' }));
    browser.startAuthentication.mockRejectedValueOnce(named('NotAllowedError'));
    const { store } = await renderWithProviders(<PasskeySignIn enabled />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await screen.findByText(/The passkey sign-in was cancelled/);

    browser.startAuthentication.mockResolvedValue(ASSERTION);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This passkey does not belong to an account at this school.',
    );
    expect(store.getState().session.signedIn).toBe(false);
  });

  it('waits for a passkey picked from the username field’s suggestions where the browser offers them', async () => {
    const { to } = signInApi();
    browser.browserSupportsWebAuthnAutofill.mockResolvedValue(true);
    const picked = pending<typeof ASSERTION>();
    browser.startAuthentication.mockReturnValue(picked.promise);
    const { store } = await renderWithProviders(<PasskeySignIn enabled />);
    await waitFor(() =>
      expect(browser.startAuthentication).toHaveBeenCalledWith({
        optionsJSON: OPTIONS,
        useBrowserAutofill: true,
      }),
    );
    expect(to('/v1/ppn/auth/passkey-login')).toEqual([]);
    await act(async () => picked.settle().resolve(ASSERTION));
    await waitFor(() => expect(store.getState().session.signedIn).toBe(true));
  });

  it('shows what the server refused of a passkey picked from the suggestions, and does not ask again by itself', async () => {
    signInApi(() => jsonResponse(401, { success: false, messageId: 'L016', message: 'not verified' }));
    browser.browserSupportsWebAuthnAutofill.mockResolvedValue(true);
    browser.startAuthentication.mockResolvedValue(ASSERTION);
    await renderWithProviders(<PasskeySignIn enabled />);
    expect((await screen.findByRole('alert')).textContent).toContain('This passkey could not be checked.');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(browser.startAuthentication).toHaveBeenCalledTimes(1);
  });

  it('asks the autofill again once the button’s request ends without a session', async () => {
    signInApi();
    browser.browserSupportsWebAuthnAutofill.mockResolvedValue(true);
    const autofill = pending<typeof ASSERTION>();
    browser.startAuthentication.mockReturnValueOnce(autofill.promise);
    await renderWithProviders(<PasskeySignIn enabled />);
    await waitFor(() => expect(browser.startAuthentication).toHaveBeenCalledTimes(1));
    // The button's request replaces the autofill's (the library aborts it), then is cancelled.
    browser.startAuthentication.mockImplementationOnce(async () => {
      autofill.settle().reject(named('AbortError'));
      throw named('NotAllowedError');
    });
    browser.startAuthentication.mockReturnValue(new Promise(() => {}));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await screen.findByText(/The passkey sign-in was cancelled/);
    await waitFor(() => expect(browser.startAuthentication).toHaveBeenCalledTimes(3));
    expect(browser.startAuthentication.mock.calls[2]?.[0]).toMatchObject({ useBrowserAutofill: true });
  });

  it('does nothing until a school is chosen', async () => {
    const { to } = signInApi();
    browser.browserSupportsWebAuthnAutofill.mockResolvedValue(true);
    await renderWithProviders(<PasskeySignIn enabled={false} />);
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' }).hasAttribute('disabled')).toBe(
      true,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(to('/v1/ppn/auth/passkey-options')).toEqual([]);
  });
});
