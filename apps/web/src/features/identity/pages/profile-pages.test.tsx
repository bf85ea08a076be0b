import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TProfile, TProfileField, TStudentProfile } from '@portal/contracts/families/profiles';
import { failure, ok, openModulePage } from '../../../test/module-page.ts';
import { jsonResponse } from '../../../test/render.tsx';

const field = (key: string, value: string | null, more: Partial<TProfileField> = {}): TProfileField => ({
  key,
  kind: 'text',
  value,
  editable: true,
  required: false,
  max: 100,
  choices: null,
  pendingValue: null,
  ...more,
});

function parentProfile(overrides: Partial<TProfile> = {}): TProfile {
  return {
    ...ok,
    fieldSet: 'parent',
    sections: [
      {
        key: 'identity',
        fields: [
          field('name', 'Sara Al Mansouri', { editable: false }),
          field('email', 'parent@mogra.demo', { editable: false }),
        ],
      },
      {
        key: 'contact',
        fields: [
          field('mobilePhone', '+971 50 123 4567', {
            kind: 'phone',
            required: true,
            max: 40,
            pendingValue: '+971 55 765 4321',
          }),
          field('otherPhone', null, { kind: 'phone', max: 40 }),
          field('correspondenceLanguage', 'ar', { kind: 'choice', max: 2, choices: ['en', 'ar'] }),
        ],
      },
      { key: 'work', fields: [field('occupation', 'Architect')] },
    ],
    pendingChanges: [
      {
        id: '6a3f1c2e-1b2c-4d5e-8f90-123456789abc',
        status: 'submitted',
        createdAt: '2026-11-25T06:00:00Z',
        updatedAt: '2026-11-25T06:00:00Z',
        changes: [{ field: 'mobilePhone', from: '+971 50 123 4567', to: '+971 55 765 4321' }],
        note: 'My old number is no longer in use.',
        schoolNote: '',
      },
    ],
    history: [
      {
        id: '7a3f1c2e-1b2c-4d5e-8f90-123456789abc',
        status: 'approved',
        createdAt: '2026-11-07T06:00:00Z',
        updatedAt: '2026-11-07T11:00:00Z',
        changes: [{ field: 'occupation', from: 'Engineer', to: 'Architect' }],
        note: '',
        schoolNote: 'Updated in the school’s records.',
      },
    ],
    ...overrides,
  };
}

function studentProfile(set: 'standard' | 'asian'): TStudentProfile {
  return {
    ...ok,
    enrollNumber: 'E100',
    fieldSet: set,
    sections: [
      {
        key: 'identity',
        fields: [
          field('fullName', 'Omar Ahmed', { editable: false }),
          field('birthDate', '2011-03-04', { kind: 'day', editable: false }),
          field('sex', 'male', { kind: 'choice', editable: false, choices: ['male', 'female'] }),
        ],
      },
      {
        key: 'home',
        fields: [field('homeAddress', null, { required: true, max: 200 }), field('city', 'Dubai')],
      },
      ...(set === 'asian'
        ? [
            {
              key: 'background',
              fields: [
                field('nameNativeScript', 'عمر أحمد'),
                field('nationalId', '••••••••37-2', { kind: 'masked', editable: false }),
              ],
            },
          ]
        : []),
    ],
    pendingChanges: [],
    history: [],
  };
}

describe('the profile pages', { timeout: 20_000 }, () => {
  it("shows the parent's record in sections, the email read-only, a pending banner and the history", async () => {
    await openModulePage('/parent-profile', {
      '/v1/ppn/parent-profile': () => jsonResponse(200, parentProfile()),
    });
    const contact = (
      await screen.findByRole('heading', { name: 'How to reach you' }, { timeout: 10_000 })
    ).closest('section')!;
    expect(contact.textContent).toContain('+971 50 123 4567');
    expect(contact.textContent).toContain('Waiting for the school: +971 55 765 4321');
    expect(contact.textContent).toContain('Arabic');
    expect(contact.textContent).toContain('Not given');
    expect(screen.getByText('One change is waiting for the school to approve it.')).toBeTruthy();
    const account = screen.getByRole('heading', { name: 'Your account' }).closest('section')!;
    expect(account.textContent).toContain('parent@mogra.demo');
    // The account's details are read-only: no "Suggest a change" there.
    expect(within(account).queryByRole('button')).toBeNull();
    const history = screen.getByRole('region', { name: 'Your suggested changes' });
    expect(within(history).getByText('Approved')).toBeTruthy();
    expect(within(history).getByText('Submitted')).toBeTruthy();
    expect(history.textContent).toContain('Updated in the school’s records.');
  });

  it('sends only the changed fields, checks them first, and explains a 409', async () => {
    let sent = false;
    const { api } = await openModulePage('/parent-profile', {
      '/v1/ppn/parent-profile': () => jsonResponse(200, parentProfile()),
      '/v1/ppn/parent-profile/changes': () => {
        sent = true;
        return failure(409, 'R003');
      },
    });
    fireEvent.click(
      await screen.findByRole(
        'button',
        { name: 'Suggest a change to How to reach you' },
        { timeout: 10_000 },
      ),
    );
    const dialog = screen.getByRole('dialog', { name: 'Suggest a change: How to reach you' });
    // The mobile number waits for the school: its field cannot be changed meanwhile.
    expect((within(dialog).getByRole('textbox', { name: 'Mobile phone' }) as HTMLInputElement).disabled).toBe(
      true,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to the school' }));
    expect(within(dialog).getByText('Change at least one value before sending.')).toBeTruthy();
    const other = within(dialog).getByRole('textbox', { name: 'Other phone' });
    fireEvent.change(other, { target: { value: 'call me' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to the school' }));
    expect(within(dialog).getByText('This does not look right. Check what you typed.')).toBeTruthy();
    expect(api.to('/v1/ppn/parent-profile/changes')).toHaveLength(0);
    fireEvent.change(other, { target: { value: ' +971 4 388 2210 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to the school' }));
    await waitFor(() => expect(api.to('/v1/ppn/parent-profile/changes')).toHaveLength(1));
    expect(await (api.to('/v1/ppn/parent-profile/changes')[0] as Request).json()).toEqual({
      changes: { otherPhone: '+971 4 388 2210' },
    });
    expect(sent).toBe(true);
    expect((await within(dialog).findByRole('alert')).textContent).toContain('already with the school');
  });

  it('says when the school has shared nothing yet, and offers to suggest', async () => {
    const empty = parentProfile({
      pendingChanges: [],
      history: [],
      sections: [{ key: 'contact', fields: [field('otherPhone', null, { kind: 'phone', max: 40 })] }],
    });
    await openModulePage('/parent-profile', { '/v1/ppn/parent-profile': () => jsonResponse(200, empty) });
    expect(
      await screen.findByText(/The school has not shared these details yet/, undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByText(/No changes suggested yet/)).toBeTruthy();
  });

  it('shows an error with a retry when the record cannot be read', async () => {
    await openModulePage('/parent-profile', { '/v1/ppn/parent-profile': () => failure(500, 'L000') });
    expect(await screen.findByRole('button', { name: /try again/i }, { timeout: 10_000 })).toBeTruthy();
  });

  it("shows the child's record and sends a child's change with the enrolment number", async () => {
    const { api } = await openModulePage('/student-profile', {
      '/v1/ppn/student-profile': () => jsonResponse(200, studentProfile('standard')),
      '/v1/ppn/student-profile/changes': () =>
        jsonResponse(201, {
          ...ok,
          change: {
            id: '8a3f1c2e-1b2c-4d5e-8f90-123456789abc',
            status: 'submitted',
            createdAt: '2026-11-27T06:00:00Z',
            updatedAt: '2026-11-27T06:00:00Z',
            changes: [{ field: 'homeAddress', from: null, to: 'Villa 14, Street 7' }],
            note: '',
            schoolNote: '',
          },
        }),
    });
    const identity = (await screen.findByRole('heading', { name: 'Identity' }, { timeout: 10_000 })).closest(
      'section',
    )!;
    expect(new URL(api.to('/v1/ppn/student-profile')[0]!.url).searchParams.get('enrollNumber')).toBe('E100');
    expect(identity.textContent).toContain('4 March 2011');
    expect(identity.textContent).toContain('Male');
    fireEvent.click(screen.getByRole('button', { name: 'Suggest a change to Home' }));
    const dialog = screen.getByRole('dialog', { name: 'Suggest a change: Home' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Home address' }), {
      target: { value: 'Villa 14, Street 7' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to the school' }));
    await waitFor(() => expect(api.to('/v1/ppn/student-profile/changes')).toHaveLength(1));
    expect(await (api.to('/v1/ppn/student-profile/changes')[0] as Request).json()).toEqual({
      enrollNumber: 'E100',
      changes: { homeAddress: 'Villa 14, Street 7' },
    });
    expect(await screen.findByText(/Sent. The school will check your change/)).toBeTruthy();
  });

  it('shows the South Asian field set with the national id masked, in Arabic', async () => {
    await openModulePage(
      '/student-profile-asian',
      { '/v1/ppn/student-profile-asian': () => jsonResponse(200, studentProfile('asian')) },
      { lng: 'ar' },
    );
    const background = (
      await screen.findByRole('heading', { name: 'خلفية الأسرة' }, { timeout: 10_000 })
    ).closest('section')!;
    expect(background.textContent).toContain('عمر أحمد');
    expect(background.textContent).toContain('••••••••37-2');
    expect(background.textContent).toContain('تظهر الخانات الأخيرة فقط');
  });
});
