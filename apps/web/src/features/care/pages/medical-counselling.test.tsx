import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TCareRequest, TMedicalProfile } from '@portal/contracts/families/care';
import { jsonResponse } from '../../../test/render.tsx';
import { careAnswer, careRecord } from '../../../test/care.ts';
import { failure, freezeDateAt, ok, openModulePage } from '../../../test/module-page.ts';

const profile: TMedicalProfile = {
  bloodGroup: 'O+',
  allergies: [
    {
      name: 'Peanuts',
      nameAr: 'الفول السوداني',
      note: 'Severe: carries an adrenaline pen',
      noteAr: 'شديدة: يحمل قلم أدرينالين',
    },
  ],
  conditions: [],
  medications: [{ name: 'Inhaler', nameAr: '', note: 'Before sport', noteAr: '' }],
  dietary: 'No nuts',
  dietaryAr: 'بدون مكسرات',
  reviewedOn: '2026-01-20',
};
const visit = careRecord({
  id: 'v1',
  kind: 'medicalVisit',
  occurredOn: '2026-03-03',
  title: 'Headache',
  detail: 'Rested for 20 minutes, back to class.',
  staffName: 'Nurse Mona',
});
const pending: TCareRequest = {
  id: 'r1',
  status: 'in_review',
  createdAt: '2026-03-01T09:00:00.000Z',
  summary: 'Allergies: also allergic to penicillin',
};

freezeDateAt('2026-03-10T06:00:00Z');

describe('the medical page', () => {
  it('shows the profile with the allergy, the clinic visits and the requests made', async () => {
    await openModulePage('/medical', {
      '/v1/ppn/care/medical': () =>
        jsonResponse(200, { ...careAnswer([visit]), profile, requests: [pending] }),
    });
    const card = await screen.findByRole('region', { name: 'Medical profile' }, { timeout: 5000 });
    expect(within(card).getByText('Allergies')).toBeTruthy();
    expect(within(card).getByText('Peanuts')).toBeTruthy();
    expect(within(card).getByText('Severe: carries an adrenaline pen')).toBeTruthy();
    expect(within(card).getByText('O+')).toBeTruthy();
    expect(within(card).getByText('Inhaler')).toBeTruthy();
    expect(within(card).getByText('None recorded')).toBeTruthy();
    expect(within(card).getByText('Confirmed by the school on 20 January 2026.')).toBeTruthy();
    const visits = screen.getByRole('region', { name: 'Clinic visits' });
    expect(within(visits).getByText('Clinic visit')).toBeTruthy();
    expect(within(visits).getByRole('heading', { level: 4, name: 'Headache' })).toBeTruthy();
    const requests = screen.getByRole('region', { name: 'Your requests' });
    expect(within(requests).getByText('Allergies: also allergic to penicillin').getAttribute('dir')).toBe(
      'auto',
    );
    expect(within(requests).getByText('In review')).toBeTruthy();
  });

  it('sends a suggested update to the nurse and lists it as submitted', async () => {
    const { api } = await openModulePage('/medical', {
      '/v1/ppn/care/medical': () => jsonResponse(200, { ...careAnswer([]), profile: null, requests: [] }),
      '/v1/ppn/care/medical/updates': async (request) => {
        const { details } = (await request.json()) as { details: string };
        return jsonResponse(201, {
          ...ok,
          request: { id: 'r2', status: 'submitted', createdAt: '2026-03-10T06:00:00.000Z', summary: details },
        });
      },
    });
    expect(
      await screen.findByText(
        /The school holds no medical profile for .*Omar Ahmed.* yet\./,
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'No clinic visits yet. A visit to the school nurse appears here on the day it happens.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Suggest an update' }));
    const dialog = screen.getByRole('dialog', { name: 'Suggest an update' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to the nurse' }));
    expect(within(dialog).getByText('Write something first.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'What is it about?' }), {
      target: { value: 'medications' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'What is new or wrong' }), {
      target: { value: 'Now takes an antihistamine daily' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to the nurse' }));
    const requests = await screen.findByRole('region', { name: 'Your requests' }, { timeout: 5000 });
    expect(within(requests).getByText('Now takes an antihistamine daily')).toBeTruthy();
    expect(within(requests).getByText('Submitted')).toBeTruthy();
    expect(await (api.to('/v1/ppn/care/medical/updates')[0] as Request).json()).toEqual({
      enrollNumber: 'E100',
      section: 'medications',
      details: 'Now takes an antihistamine daily',
      attachmentIds: [],
    });
    expect(screen.getByText('Sent. The nurse will review your suggestion.')).toBeTruthy();
  });

  it('speaks Arabic: the allergy in Arabic, English school text marked as English', async () => {
    await openModulePage(
      '/medical',
      { '/v1/ppn/care/medical': () => jsonResponse(200, { ...careAnswer([visit]), profile, requests: [] }) },
      { lng: 'ar' },
    );
    const card = await screen.findByRole('region', { name: 'الملف الطبي' }, { timeout: 5000 });
    expect(within(card).getByText('الفول السوداني')).toBeTruthy();
    expect(within(card).getByText('بدون مكسرات')).toBeTruthy();
    expect(within(card).getByText('Inhaler').getAttribute('lang')).toBe('en');
    expect(screen.getByRole('button', { name: 'اقترح تحديثًا' })).toBeTruthy();
  });
});

describe('the counselling page', () => {
  it('says only shared notes show, and asks for a meeting with a topic and preferred days', async () => {
    const { api } = await openModulePage('/counselling-details', {
      '/v1/ppn/care/counselling': () => jsonResponse(200, { ...careAnswer([]), requests: [] }),
      '/v1/ppn/care/counselling/requests': () =>
        jsonResponse(201, {
          ...ok,
          request: {
            id: 'c1',
            status: 'submitted',
            createdAt: '2026-03-10T06:00:00.000Z',
            summary: 'Friendships',
          },
        }),
    });
    expect(
      await screen.findByText(
        /Only what the school chooses to share with parents shows here/,
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Nothing shared yet. When the school counsellor shares a note with you, it appears here.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ask for a meeting' }));
    const dialog = screen.getByRole('dialog', { name: 'Ask the counsellor for a meeting' });
    const day = within(dialog).getByLabelText('A day that suits you');
    expect(day.getAttribute('min')).toBe('2026-03-10');
    fireEvent.change(day, { target: { value: '2026-03-09' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add day' }));
    expect(within(dialog).getByText('Choose today or a later day.')).toBeTruthy();
    for (const value of ['2026-03-16', '2026-03-12']) {
      fireEvent.change(day, { target: { value } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add day' }));
    }
    const chosen = within(dialog).getByRole('list', { name: 'Days you chose' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('time')?.dateTime),
    ).toEqual(['2026-03-12', '2026-03-16']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(within(dialog).getByText('Write something first.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Topic' }), {
      target: { value: 'Friendships' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(api.to('/v1/ppn/care/counselling/requests')).toHaveLength(1), {
      timeout: 5000,
    });
    expect(await (api.to('/v1/ppn/care/counselling/requests')[0] as Request).json()).toEqual({
      enrollNumber: 'E100',
      topic: 'Friendships',
      details: '',
      preferredDays: ['2026-03-12', '2026-03-16'],
    });
    const requests = await screen.findByRole('region', { name: 'Your requests' }, { timeout: 5000 });
    expect(within(requests).getByText('Submitted')).toBeTruthy();
  });

  it('keeps the form open and says why when the server refuses the request', async () => {
    await openModulePage('/counselling-details', {
      '/v1/ppn/care/counselling': () => jsonResponse(200, { ...careAnswer([]), requests: [] }),
      '/v1/ppn/care/counselling/requests': () => failure(400, 'V001'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Ask for a meeting' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'Ask the counsellor for a meeting' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Topic' }), { target: { value: 'Sleep' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect((await within(dialog).findByRole('alert', {}, { timeout: 5000 })).textContent).toContain(
      'Some of the information sent is not valid.',
    );
  });
});
