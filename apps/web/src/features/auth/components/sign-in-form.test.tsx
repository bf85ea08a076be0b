import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setSchoolId } from '../../../lib/school-id.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { loginAnswer } from '../../../test/fixtures.ts';
import { SignInForm } from './sign-in-form.tsx';

function mockFetch(answer: () => Promise<Response>) {
  const fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>(answer);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function fillAndSubmit(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email or username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in form', () => {
  it('asks for the username and the password before calling the server', async () => {
    const fetchMock = mockFetch(() => Promise.resolve(jsonResponse(200, loginAnswer)));
    await renderWithProviders(<SignInForm enabled />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your email or username.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(screen.getByLabelText('Email or username').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('moves the focus to the first field to fix and clears an error once the field is fixed', async () => {
    mockFetch(() => Promise.resolve(jsonResponse(200, loginAnswer)));
    await renderWithProviders(<SignInForm enabled />);
    fireEvent.change(screen.getByLabelText('Email or username'), { target: { value: 'parent@mogra.demo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your password.')).toBeTruthy();
    expect(screen.queryByText('Enter your email or username.')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } });
    expect(screen.queryByText('Enter your password.')).toBeNull();
  });

  it('refuses a username longer than the contract allows', async () => {
    const fetchMock = mockFetch(() => Promise.resolve(jsonResponse(200, loginAnswer)));
    await renderWithProviders(<SignInForm enabled />);
    fillAndSubmit(`${'a'.repeat(250)}@b.cd`, 'secret');
    expect(await screen.findByText(/too long/i)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the validation errors in Arabic', async () => {
    mockFetch(() => Promise.resolve(jsonResponse(200, loginAnswer)));
    await renderWithProviders(<SignInForm enabled />, { lng: 'ar' });
    fireEvent.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findByText('أدخل كلمة المرور.')).toBeTruthy();
  });

  it("shows the server's message for wrong credentials, in the user's language", async () => {
    setSchoolId('mogra');
    const fetchMock = mockFetch(() =>
      Promise.resolve(
        jsonResponse(401, { success: false, messageId: 'L002', message: 'Invalid credentials' }),
      ),
    );
    const { store } = await renderWithProviders(<SignInForm enabled />);
    fillAndSubmit('parent@mogra.demo', 'wrong-password');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The email or password is not correct.');
    expect(store.getState().session.signedIn).toBe(false);

    const request = fetchMock.mock.calls[0]?.[0];
    expect(request).toBeInstanceOf(Request);
    if (!(request instanceof Request)) return;
    expect(new URL(request.url).pathname).toBe('/api/v1/ppn/auth/login');
    expect(request.method).toBe('POST');
    expect(request.headers.get('client-id')).toBe('mogra');
    // Paths under /auth carry no bearer token.
    expect(request.headers.get('authorization')).toBeNull();
    expect(await request.json()).toEqual({ username: 'parent@mogra.demo', password: 'wrong-password' });
  });

  it('shows L000 when the error has no body', async () => {
    mockFetch(() => Promise.resolve(jsonResponse(500)));
    await renderWithProviders(<SignInForm enabled />);
    fillAndSubmit('parent@mogra.demo', 'secret');
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong. Please try again.');
  });

  it('says so when the network fails', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await renderWithProviders(<SignInForm enabled />, { lng: 'ar' });
    fireEvent.change(screen.getByLabelText('البريد الإلكتروني أو اسم المستخدم'), {
      target: { value: 'a@b.c' },
    });
    fireEvent.change(screen.getByLabelText('كلمة المرور'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'تعذّر الاتصال بالشبكة. تحقّق من اتصالك وحاول مرة أخرى.',
    );
  });

  it('stores the session after a successful sign-in', async () => {
    // A target school: the authority is exactly what the role is granted.
    setSchoolId('bcad');
    mockFetch(() => Promise.resolve(jsonResponse(200, loginAnswer)));
    const { store } = await renderWithProviders(<SignInForm enabled />);
    fillAndSubmit('  parent@mogra.demo ', 'Demo-Parent-2026');
    await waitFor(() => expect(store.getState().session.signedIn).toBe(true));
    const session = store.getState().session;
    expect(session.token).toBe('token-123');
    expect(session.parent?.parentName).toBe('Sara Ahmed');
    expect(session.children).toHaveLength(2);
    expect(session.selectedChild?.sims_student_enroll_number).toBe('E100');
    expect(session.authority).toEqual(['active', 'PP034']);
    expect(session.appNameList).toEqual({ PP034: { en: 'Agenda', ar: 'الأجندة' } });
  });

  it('reveals the password on request', async () => {
    await renderWithProviders(<SignInForm enabled />);
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    // The username field may offer the school's passkeys too (the browser's autofill).
    expect(screen.getByLabelText('Email or username').getAttribute('autocomplete')).toBe('username webauthn');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    fireEvent.click(toggle);
    expect(password.getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });

  it('cannot be used before a school is chosen', async () => {
    await renderWithProviders(<SignInForm enabled={false} />);
    expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Password') as HTMLInputElement).disabled).toBe(true);
  });
});
