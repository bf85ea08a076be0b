import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TSchoolDetails, TSchoolDirectory } from '@portal/contracts/school';
import { getSchoolId, setSchoolId } from '../lib/school-id.ts';
import { fakeApi, jsonResponse, renderApp } from '../test/render.tsx';
import { loginAnswer } from '../test/fixtures.ts';
import { signedInWithCode } from '../features/auth/api.ts';
import { sessionSlice } from '../features/auth/slice.ts';

const directory: TSchoolDirectory = [
  {
    school_id: 'bcad',
    school_name: 'Beacon Crest Academy',
    school_name_ar: 'أكاديمية بيكون كرست',
    school_logo: '/media/schools/bcad.svg',
  },
  {
    school_id: 'mogra',
    school_name: 'Mogra Demo School',
    school_name_ar: 'مدرسة موغرا التجريبية',
    school_logo: '/media/schools/mogra.svg',
  },
];

function detailsOf(id: string): TSchoolDetails {
  const school = directory.find((each) => each.school_id === id);
  return {
    schoolNameLogo: school ? [school] : [],
    swiperText: [],
    schoolDates: [],
    schoolContact: {
      phone: '+971 2 000 2000',
      email: `office@${id}.example`,
      address_en: '8 Corniche Street, Abu Dhabi',
      address_ar: '8 شارع الكورنيش، أبوظبي',
    },
  };
}

const unknownSchool = () =>
  jsonResponse(404, { success: false, messageId: 'L000', message: 'Unknown school' });

/** The public answers: `known` schools have details; the directory is listed unless `production`. */
function fakePortal({ production = false }: { production?: boolean } = {}) {
  return fakeApi({
    '/v1/oa/public/school-details': (request) => {
      const id = request.headers.get('client-id') ?? '';
      return directory.some((school) => school.school_id === id)
        ? jsonResponse(200, detailsOf(id))
        : unknownSchool();
    },
    '/v1/oa/public/info': (request) =>
      directory.some((school) => school.school_id === request.headers.get('client-id'))
        ? jsonResponse(200, { google_client_id: '', facebook_app_id: '' })
        : unknownSchool(),
    '/v1/oa/public/school-directory': () =>
      production ? jsonResponse(404, { success: false, messageId: 'N404' }) : jsonResponse(200, directory),
    '/v1/ppn/parent/profile': () => jsonResponse(200, loginAnswer.profile),
    '/v1/ppn/auth/register': () => jsonResponse(200, { success: true, messageId: 'L007' }),
  });
}

afterEach(() => {
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

describe('an address naming a school the portal does not know', () => {
  beforeEach(() => setSchoolId('nosuchschool'));

  it('says the school was not found, names it, and offers no sign-in form', async () => {
    fakePortal();
    await renderApp('/sign-in');
    expect(await screen.findByRole('heading', { level: 1, name: 'School not found' })).toBeTruthy();
    expect(screen.getByText('nosuchschool')).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  });

  it('offers the schools by name and logo, and choosing one opens its sign-in', async () => {
    fakePortal();
    await renderApp('/sign-in');
    const list = await screen.findByRole('list', { name: 'Choose your school' });
    const choices = within(list).getAllByRole('button');
    expect(choices.map((choice) => choice.textContent)).toEqual([
      'Beacon Crest Academy',
      'Mogra Demo School',
    ]);
    expect(list.querySelector('img')?.getAttribute('src')).toBe('/media/schools/bcad.svg');
    fireEvent.click(choices[0]!);
    expect(getSchoolId()).toBe('bcad');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('names the schools in Arabic when the portal is in Arabic', async () => {
    fakePortal();
    await renderApp('/register', { lng: 'ar' });
    const list = await screen.findByRole('list', { name: 'اختر مدرستك' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((choice) => choice.textContent),
    ).toEqual(['أكاديمية بيكون كرست', 'مدرسة موغرا التجريبية']);
    expect(screen.getByRole('heading', { level: 1, name: 'لم يتم العثور على المدرسة' })).toBeTruthy();
  });

  it('in production, takes the typed address to its school once the portal knows it', async () => {
    fakePortal({ production: true });
    await renderApp('/sign-in');
    const field = await screen.findByLabelText("Your school's address");
    fireEvent.change(field, { target: { value: 'elsewhere.portal.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Go to my school' }));
    expect(
      await screen.findByText(
        'We could not find a school at elsewhere.portal.example. Check the address with your school.',
      ),
    ).toBeTruthy();
    expect(getSchoolId()).toBe('nosuchschool');

    fireEvent.change(field, { target: { value: '../' } });
    fireEvent.click(screen.getByRole('button', { name: 'Go to my school' }));
    expect(await screen.findByText(/Enter your school's address, for example yourschool/)).toBeTruthy();

    fireEvent.change(field, { target: { value: 'https://BCAD.portal.example/sign-in' } });
    fireEvent.click(screen.getByRole('button', { name: 'Go to my school' }));
    await waitFor(() => expect(getSchoolId()).toBe('bcad'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});

describe('the school picker', () => {
  beforeEach(() => setSchoolId(''));

  it('shows the schools by logo and name, not by id, and then the one chosen', async () => {
    fakePortal();
    await renderApp('/sign-in');
    const picker = await screen.findByRole('group', { name: 'School' });
    const list = await within(picker).findByRole('list', { name: 'Schools' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((choice) => choice.textContent),
    ).toEqual(['Beacon Crest Academy', 'Mogra Demo School']);
    expect(picker.textContent).not.toMatch(/\bbcad\b|\bmogra\b/);
    fireEvent.click(within(list).getByRole('button', { name: 'Mogra Demo School' }));
    expect(getSchoolId()).toBe('mogra');
    const change = await within(picker).findByRole('button', { name: 'Change school' });
    expect(picker.textContent).toContain('Mogra Demo School');
    await waitFor(() => expect(document.activeElement).toBe(change));
    fireEvent.click(change);
    const again = await within(picker).findByRole('button', { name: 'Mogra Demo School' });
    expect(again.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(again));
  });
});

describe('a page that does not exist', () => {
  beforeEach(() => setSchoolId('bcad'));

  it('keeps the signed-in shell, its menu and header, around the message', async () => {
    fakePortal();
    await renderApp('/no-such-page', {
      preloadedState: { session: sessionSlice.reducer(undefined, signedInWithCode(loginAnswer)) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
  });

  it('keeps the public entry view for a visitor', async () => {
    fakePortal();
    await renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(await screen.findByText('Beacon Crest Academy')).toBeTruthy();
    expect(screen.getByRole('button', { name: /theme/i })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });
});

describe('help with registration and sign-in', () => {
  beforeEach(() => setSchoolId('bcad'));

  async function sendClaim() {
    fireEvent.change(await screen.findByLabelText(/Email address|البريد الإلكتروني/), {
      target: { value: 'unknown.parent@example.com' },
    });
    fireEvent.change(screen.getByLabelText(/enrolment number|رقم قيد/), { target: { value: 'BC1001' } });
    fireEvent.change(screen.getByLabelText(/Choose a password|اختر كلمة المرور/), {
      target: { value: 'a long and quiet river' },
    });
    fireEvent.click(screen.getByRole('button', { name: /Send me a code|أرسل لي رمزًا/ }));
  }

  it('after sending, says what to do when no code arrives, with the school office as links', async () => {
    fakePortal();
    await renderApp('/register');
    await sendClaim();
    const help = await screen.findByRole('region', { name: 'No code?' });
    expect(help.textContent).toContain('the school may not have this email address recorded for you');
    expect(within(help).getByRole('link', { name: '+971 2 000 2000' }).getAttribute('href')).toBe(
      'tel:+97120002000',
    );
    expect(within(help).getByRole('link', { name: 'office@bcad.example' }).getAttribute('href')).toBe(
      'mailto:office@bcad.example',
    );
    expect(help.textContent).toContain('8 Corniche Street, Abu Dhabi');
  });

  it('gives the address in Arabic when the portal is in Arabic', async () => {
    fakePortal();
    await renderApp('/register', { lng: 'ar' });
    await sendClaim();
    const help = await screen.findByRole('region', { name: 'لم يصلك الرمز؟' });
    expect(help.textContent).toContain('8 شارع الكورنيش، أبوظبي');
    expect(help.textContent).toContain('أكاديمية بيكون كرست');
  });

  it("offers the school office's contact details on the sign-in page", async () => {
    fakePortal();
    await renderApp('/sign-in');
    fireEvent.click(await screen.findByText('Need help? Contact your school'));
    expect((await screen.findByRole('link', { name: 'office@bcad.example' })).getAttribute('href')).toBe(
      'mailto:office@bcad.example',
    );
  });
});
