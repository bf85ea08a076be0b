import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setSchoolId } from '../../../lib/school-id.ts';
import { fakeApi, jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { RegisterPage } from './register-page.tsx';

function fillDetails(password: string) {
  fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'new.parent@mogra.demo' } });
  fireEvent.change(screen.getByLabelText("Your child's enrolment number"), { target: { value: ' MG1001 ' } });
  fireEvent.change(screen.getByLabelText('Choose a password'), { target: { value: password } });
}

describe('registration', () => {
  beforeEach(() => setSchoolId('mogra'));

  it('explains that the school created the account and shows the password rules as they are met', async () => {
    await renderWithProviders(<RegisterPage schoolChosen />);
    expect(screen.getByText(/Your school has already set up an account for you/)).toBeTruthy();
    const password = screen.getByLabelText('Choose a password');
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    const rules = document.getElementById(password.getAttribute('aria-describedby') ?? '');
    expect(rules?.textContent).toContain('at least 8 characters (not yet)');
    expect(rules?.textContent).toContain('15 or more is recommended (not yet)');
    expect(rules?.textContent).toContain('at most 128 characters (done)');
    fireEvent.change(password, { target: { value: 'twelve-chars' } });
    expect(rules?.textContent).toContain('at least 8 characters (done)');
    expect(rules?.textContent).toContain('15 or more is recommended (not yet)');
  });

  it('refuses a password shorter than 8 characters before calling the server', async () => {
    const api = fakeApi({});
    await renderWithProviders(<RegisterPage schoolChosen />);
    fillDetails('short');
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText('Use at least 8 characters; 15 or more is better.')).toBeTruthy();
    expect(screen.getByLabelText('Choose a password').getAttribute('aria-invalid')).toBe('true');
    expect(api.requests).toHaveLength(0);
  });

  it("shows the server's verdict on a common password at the password field", async () => {
    fakeApi({ '/v1/ppn/auth/register': () => jsonResponse(400, { success: false, messageId: 'P003' }) });
    await renderWithProviders(<RegisterPage schoolChosen />);
    fillDetails('password1234');
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(
      await screen.findByText('This password is too common. Choose one that is harder to guess.'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Choose a password').getAttribute('aria-invalid')).toBe('true');
  });

  it('claims the account, activates it with the mailed code and leads to sign-in', async () => {
    const api = fakeApi({
      '/v1/ppn/auth/register': () => jsonResponse(200, { success: true, messageId: 'L007' }),
      '/v1/ppn/auth/verify-otp': () => jsonResponse(200, { success: true, messageId: 'L009' }),
    });
    await renderWithProviders(<RegisterPage schoolChosen search="?redirectUrl=%2Fdashboard%3Ftab%3Dx" />);
    fillDetails('a long and quiet river');
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    const code = await screen.findByLabelText('6-digit code');
    expect(screen.getByText('Step 2 of 2')).toBeTruthy();
    expect(within(screen.getByRole('status')).getByText(/we have sent a code/)).toBeTruthy();
    expect(await api.to('/v1/ppn/auth/register')[0]?.json()).toEqual({
      username: 'new.parent@mogra.demo',
      enrollNumber: 'MG1001',
      password: 'a long and quiet river',
    });

    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activate my account' }));
    expect(
      await screen.findByText('Your account is ready. You can now sign in with your password.'),
    ).toBeTruthy();
    expect(await api.to('/v1/ppn/auth/verify-otp')[0]?.json()).toEqual({
      username: 'new.parent@mogra.demo',
      otp: '654321',
    });
    const link = screen.getByRole('link', { name: 'Go to sign in' });
    expect(link.getAttribute('href')).toBe('/sign-in?redirectUrl=%2Fdashboard%3Ftab%3Dx');
  });

  it('shows L008 when the activation code is wrong, and can go back to change the details', async () => {
    fakeApi({
      '/v1/ppn/auth/register': () => jsonResponse(200, { success: true, messageId: 'L007' }),
      '/v1/ppn/auth/verify-otp': () => jsonResponse(400, { success: false, messageId: 'L008' }),
    });
    await renderWithProviders(<RegisterPage schoolChosen />);
    fillDetails('a long and quiet river');
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    fireEvent.change(await screen.findByLabelText('6-digit code'), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activate my account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This code is not valid or has expired. Request a new one.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Change my details' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe(
        'new.parent@mogra.demo',
      ),
    );
  });
});
