import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setSchoolId } from '../../../lib/school-id.ts';
import { fakeApi, jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { loginAnswer } from '../../../test/fixtures.ts';
import { OtpSignInForm } from './otp-sign-in-form.tsx';

const codeSent = { success: true, messageId: 'L007' };

async function sendCodeTo(username: string) {
  fireEvent.change(screen.getByLabelText('Email or username'), { target: { value: username } });
  fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
  return screen.findByLabelText('6-digit code');
}

describe('one-time-code sign-in', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setSchoolId('mogra');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a code to the username, then asks for the 6 digits in a numeric one-time-code field', async () => {
    const api = fakeApi({ '/v1/ppn/auth/auth-otp': () => jsonResponse(200, codeSent) });
    await renderWithProviders(<OtpSignInForm enabled />, { lng: 'ar' });
    fireEvent.change(screen.getByLabelText('البريد الإلكتروني أو اسم المستخدم'), {
      target: { value: ' parent@mogra.demo ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'أرسل الرمز' }));
    const code = await screen.findByLabelText('الرمز المكوّن من 6 أرقام');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByRole('status').textContent).toContain(
      'إذا كان هناك حساب مطابق، فقد أرسلنا رمزًا إلى بريده الإلكتروني.',
    );
    const [request] = api.to('/v1/ppn/auth/auth-otp');
    expect(request?.method).toBe('POST');
    expect(await request?.json()).toEqual({ username: 'parent@mogra.demo' });
    // Mail goes out in the parent's language.
    expect(request?.headers.get('accept-language')).toBe('ar');
    expect(request?.headers.get('authorization')).toBeNull();
  });

  it('lets the parent ask for another code only after 30 s, counting down', async () => {
    const api = fakeApi({
      '/v1/ppn/auth/auth-otp': () => jsonResponse(200, codeSent),
      '/v1/ppn/auth/resend-auth-otp': () => jsonResponse(200, codeSent),
    });
    await renderWithProviders(<OtpSignInForm enabled />);
    await sendCodeTo('parent@mogra.demo');
    const resend = () => screen.getByRole('button', { name: /^Resend code/ }) as HTMLButtonElement;
    expect(resend().textContent).toBe('Resend code in 30 s');
    expect(resend().disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(resend().textContent).toBe('Resend code in 20 s');
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(resend().textContent).toBe('Resend code');
    expect(resend().disabled).toBe(false);

    fireEvent.click(resend());
    await waitFor(() => expect(api.to('/v1/ppn/auth/resend-auth-otp')).toHaveLength(1));
    expect(await api.to('/v1/ppn/auth/resend-auth-otp')[0]?.json()).toEqual({
      username: 'parent@mogra.demo',
    });
    await waitFor(() => expect(resend().textContent).toBe('Resend code in 30 s'));
  });

  it("honours the server's Retry-After on a 429 and says when to try again", async () => {
    fakeApi({
      '/v1/ppn/auth/auth-otp': () => jsonResponse(200, codeSent),
      '/v1/ppn/auth/resend-auth-otp': () =>
        new Response(JSON.stringify({ success: false, messageId: 'L006' }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '45' },
        }),
    });
    await renderWithProviders(<OtpSignInForm enabled />);
    await sendCodeTo('parent@mogra.demo');
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Please wait a moment and try again. Try again in 45 s.',
    );
    const resend = screen.getByRole('button', { name: /^Resend code/ }) as HTMLButtonElement;
    expect(resend.textContent).toBe('Resend code in 45 s');
    expect(resend.disabled).toBe(true);
  });

  it('checks the code has 6 digits before calling the server', async () => {
    const api = fakeApi({ '/v1/ppn/auth/auth-otp': () => jsonResponse(200, codeSent) });
    await renderWithProviders(<OtpSignInForm enabled />);
    const code = await sendCodeTo('parent@mogra.demo');
    fireEvent.change(code, { target: { value: '12a45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter the 6 digits of the code from the email.')).toBeTruthy();
    expect(api.to('/v1/ppn/auth/verify-auth-otp')).toHaveLength(0);
  });

  it('shows L008 for a wrong code and stays signed out', async () => {
    fakeApi({
      '/v1/ppn/auth/auth-otp': () => jsonResponse(200, codeSent),
      '/v1/ppn/auth/verify-auth-otp': () => jsonResponse(401, { success: false, messageId: 'L008' }),
    });
    const { store } = await renderWithProviders(<OtpSignInForm enabled />);
    fireEvent.change(await sendCodeTo('parent@mogra.demo'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This code is not valid or has expired. Request a new one.',
    );
    expect(store.getState().session.signedIn).toBe(false);
  });

  it('says the code was accepted and begins the session 2 s later', async () => {
    const api = fakeApi({
      '/v1/ppn/auth/auth-otp': () => jsonResponse(200, codeSent),
      '/v1/ppn/auth/verify-auth-otp': () => jsonResponse(200, loginAnswer),
    });
    const { store } = await renderWithProviders(<OtpSignInForm enabled />);
    // Pasted from a mail app, with a space.
    fireEvent.change(await sendCodeTo('parent@mogra.demo'), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const accepted = await screen.findByText('Code accepted. Signing you in…');
    expect(accepted.closest('[role="status"]')).toBeTruthy();
    expect(await api.to('/v1/ppn/auth/verify-auth-otp')[0]?.json()).toEqual({
      username: 'parent@mogra.demo',
      otp: '123456',
    });
    expect(store.getState().session.signedIn).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1_900));
    expect(store.getState().session.signedIn).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(store.getState().session.signedIn).toBe(true);
    expect(store.getState().session.token).toBe('token-123');
    expect(store.getState().session.redirectHoldUntil).toBeNull();
  });
});
