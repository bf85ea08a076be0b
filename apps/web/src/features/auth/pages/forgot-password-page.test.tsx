import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { setSchoolId } from '../../../lib/school-id.ts';
import { fakeApi, jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { ForgotPasswordPage } from './forgot-password-page.tsx';

async function requestCode() {
  fireEvent.change(screen.getByLabelText('Email or username'), { target: { value: 'parent@mogra.demo' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
  return screen.findByLabelText('6-digit code');
}

describe('forgotten password', () => {
  beforeEach(() => setSchoolId('mogra'));

  it('always gives the same answer to the username, then asks for the code and a new password twice', async () => {
    const api = fakeApi({
      '/v1/ppn/auth/forget-password': () => jsonResponse(200, { success: true, messageId: 'L007' }),
    });
    await renderWithProviders(<ForgotPasswordPage schoolChosen />);
    await requestCode();
    expect(screen.getByRole('status').textContent).toContain(
      'If an account matches, we have sent a code to its email address.',
    );
    expect(screen.getByLabelText('New password').getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByLabelText('Repeat the new password')).toBeTruthy();
    expect(await api.to('/v1/ppn/auth/forget-password')[0]?.json()).toEqual({
      username: 'parent@mogra.demo',
    });
  });

  it('checks the two passwords match and the rules hold before calling the server', async () => {
    const api = fakeApi({
      '/v1/ppn/auth/forget-password': () => jsonResponse(200, { success: true, messageId: 'L007' }),
    });
    await renderWithProviders(<ForgotPasswordPage schoolChosen />);
    fireEvent.change(await requestCode(), { target: { value: '123456' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'short' } });
    fireEvent.change(screen.getByLabelText('Repeat the new password'), { target: { value: 'shorter' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Use at least 8 characters; 15 or more is better.')).toBeTruthy();
    expect(screen.getByText('The two passwords are not the same.')).toBeTruthy();
    expect(api.to('/v1/ppn/auth/reset-password')).toHaveLength(0);
  });

  it('shows L008 for a wrong code', async () => {
    fakeApi({
      '/v1/ppn/auth/forget-password': () => jsonResponse(200, { success: true, messageId: 'L007' }),
      '/v1/ppn/auth/reset-password': () => jsonResponse(400, { success: false, messageId: 'L008' }),
    });
    await renderWithProviders(<ForgotPasswordPage schoolChosen />);
    fireEvent.change(await requestCode(), { target: { value: '123456' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a brand new passphrase' } });
    fireEvent.change(screen.getByLabelText('Repeat the new password'), {
      target: { value: 'a brand new passphrase' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This code is not valid or has expired. Request a new one.',
    );
  });

  it('resets the password and leads to sign-in', async () => {
    const api = fakeApi({
      '/v1/ppn/auth/forget-password': () => jsonResponse(200, { success: true, messageId: 'L007' }),
      '/v1/ppn/auth/reset-password': () => jsonResponse(200, { success: true, messageId: 'L010' }),
    });
    await renderWithProviders(<ForgotPasswordPage schoolChosen />, { lng: 'ar' });
    fireEvent.change(screen.getByLabelText('البريد الإلكتروني أو اسم المستخدم'), {
      target: { value: 'parent@mogra.demo' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'أرسل الرمز' }));
    fireEvent.change(await screen.findByLabelText('الرمز المكوّن من 6 أرقام'), {
      target: { value: '123456' },
    });
    fireEvent.change(screen.getByLabelText('كلمة المرور الجديدة'), {
      target: { value: 'a brand new passphrase' },
    });
    fireEvent.change(screen.getByLabelText('أعد كتابة كلمة المرور الجديدة'), {
      target: { value: 'a brand new passphrase' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'تغيير كلمة المرور' }));
    expect(await screen.findByText('تم تغيير كلمة المرور. سجّل الدخول بكلمة المرور الجديدة.')).toBeTruthy();
    expect(await api.to('/v1/ppn/auth/reset-password')[0]?.json()).toEqual({
      username: 'parent@mogra.demo',
      otp: '123456',
      password: 'a brand new passphrase',
    });
    expect(screen.getByRole('link', { name: 'الانتقال إلى تسجيل الدخول' }).getAttribute('href')).toBe(
      '/sign-in',
    );
  });
});
