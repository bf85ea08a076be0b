import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TKycDocument, TKycDocuments, TKycTypeState } from '@portal/contracts/families/kyc';
import { failure, freezeDateAt, ok, openModulePage } from '../../../test/module-page.ts';
import { jsonResponse } from '../../../test/render.tsx';

freezeDateAt('2026-03-10T06:00:00Z');

const path = '/v1/ppn/kyc/documents';
const ATTACHMENT = '6f1c1a52-1d6e-4d5f-9a55-2a7e4b5f0a01';

const document = (overrides: Partial<TKycDocument>): TKycDocument => ({
  id: '11111111-1111-4111-8111-111111111111',
  typeId: 'eid',
  enrollNumber: null,
  number: '784-1985-1234567-1',
  expiresOn: '2026-04-04',
  daysLeft: 25,
  status: 'approved',
  note: '',
  files: [
    {
      id: ATTACHMENT,
      fileName: 'emirates-id.pdf',
      contentType: 'application/pdf',
      sizeBytes: 2048,
      createdAt: '2025-04-01T06:00:00Z',
    },
  ],
  submittedAt: '2025-04-01T06:00:00Z',
  ...overrides,
});

const type = (overrides: Partial<TKycTypeState>): TKycTypeState => ({
  typeId: 'eid',
  name: { en: 'Emirates ID', ar: 'الهوية الإماراتية' },
  required: true,
  state: 'missing',
  current: null,
  pending: null,
  canUpload: true,
  ...overrides,
});

const emiratesId = document({});
const passport = document({
  id: '22222222-2222-4222-8222-222222222222',
  typeId: 'passport',
  enrollNumber: 'E100',
  number: 'N1234567',
  expiresOn: '2030-07-01',
  daysLeft: 1574,
});
const laylaPassport = document({
  id: '33333333-3333-4333-8333-333333333333',
  typeId: 'passport',
  enrollNumber: 'E200',
  number: 'N7654321',
  status: 'submitted',
  expiresOn: '2031-03-01',
  daysLeft: 1817,
  submittedAt: '2026-03-08T06:00:00Z',
});

function answerOf(): TKycDocuments {
  return {
    ...ok,
    today: '2026-03-10',
    owners: [
      {
        owner: 'parent',
        enrollNumber: null,
        name: 'Sara Ahmed',
        types: [type({ state: 'expiring', current: emiratesId })],
        documents: [emiratesId],
      },
      {
        owner: 'student',
        enrollNumber: 'E100',
        name: 'Omar Ahmed',
        types: [
          type({
            typeId: 'passport',
            name: { en: 'Passport', ar: 'جواز السفر' },
            state: 'valid',
            current: passport,
          }),
          type({ typeId: 'visa', name: { en: 'Residence visa', ar: 'تأشيرة الإقامة' }, required: false }),
        ],
        documents: [passport],
      },
      {
        owner: 'student',
        enrollNumber: 'E200',
        name: 'Lina Ahmed',
        types: [
          type({
            typeId: 'passport',
            name: { en: 'Passport', ar: 'جواز السفر' },
            state: 'submitted',
            pending: laylaPassport,
            canUpload: false,
          }),
        ],
        documents: [laylaPassport],
      },
    ],
  };
}

const sectionOf = (name: string) => screen.getByRole('heading', { name, level: 2 }).closest('section')!;

describe('the identity documents page', { timeout: 20_000 }, () => {
  it('shows each owner’s documents with status chips and expiry badges', async () => {
    await openModulePage('/kyc', { [path]: () => jsonResponse(200, answerOf()) });
    await screen.findByRole('heading', { name: 'You', level: 2 }, { timeout: 5000 });
    const mine = within(sectionOf('You')).getByRole('article', { name: 'Emirates ID' });
    expect(within(mine).getByText('Expires soon')).toBeTruthy();
    expect(within(mine).getByText('Expires in 25 days')).toBeTruthy();
    expect(mine.textContent).toContain('784-1985-1234567-1');
    const omar = within(sectionOf('Omar Ahmed')).getByRole('article', { name: 'Passport' });
    expect(within(omar).getByText('Valid')).toBeTruthy();
    expect(within(omar).getByText('Valid until 1 July 2030')).toBeTruthy();
    const visa = within(sectionOf('Omar Ahmed')).getByRole('article', { name: 'Residence visa' });
    expect(within(visa).getByText('Not on file')).toBeTruthy();
    expect(within(visa).getByText('Optional')).toBeTruthy();
    const lina = within(sectionOf('Lina Ahmed')).getByRole('article', { name: 'Passport' });
    expect(within(lina).getByText('Waiting for the school')).toBeTruthy();
    expect(within(lina).queryByRole('button', { name: /Upload/ })).toBeNull();
    // The documents sent, with their files, once the list is opened.
    const history = within(sectionOf('Lina Ahmed')).getByText('1 document sent').closest('details')!;
    history.open = true;
    fireEvent(history, new Event('toggle'));
    expect(await within(history).findByText('emirates-id.pdf')).toBeTruthy();
    expect(within(history).getByText('Sent on 8 March 2026')).toBeTruthy();
  });

  it('sends a document: type, number, expiry and file; checks the expiry first', async () => {
    let answer = answerOf();
    const { api } = await openModulePage('/kyc', {
      [path]: (request) => {
        if (request.method === 'POST') {
          const sent = document({
            id: '44444444-4444-4444-8444-444444444444',
            typeId: 'visa',
            enrollNumber: 'E100',
            status: 'submitted',
            expiresOn: '2027-01-31',
            daysLeft: 327,
          });
          answer = {
            ...answer,
            owners: answer.owners.map((owner) =>
              owner.enrollNumber === 'E100'
                ? {
                    ...owner,
                    types: owner.types.map((item) =>
                      item.typeId === 'visa'
                        ? { ...item, state: 'submitted', pending: sent, canUpload: false }
                        : item,
                    ),
                    documents: [sent, ...owner.documents],
                  }
                : owner,
            ),
          };
          return jsonResponse(201, { ...ok, document: sent });
        }
        return jsonResponse(200, answer);
      },
      '/v1/ppn/attachments': () =>
        jsonResponse(200, {
          ...ok,
          attachment: {
            id: ATTACHMENT,
            fileName: 'visa.pdf',
            contentType: 'application/pdf',
            sizeBytes: 2048,
            createdAt: '2026-03-10T06:00:00Z',
          },
        }),
    });
    await screen.findByRole('heading', { name: 'Omar Ahmed', level: 2 }, { timeout: 5000 });
    const visa = within(sectionOf('Omar Ahmed')).getByRole('article', { name: 'Residence visa' });
    fireEvent.click(within(visa).getByRole('button', { name: /Upload/ }));
    const form = await within(sectionOf('Omar Ahmed')).findByRole('form', {
      name: 'Upload a document of Omar Ahmed',
    });
    expect((within(form).getByLabelText('Document') as HTMLSelectElement).value).toBe('visa');
    fireEvent.change(within(form).getByLabelText('Document number (optional)'), {
      target: { value: ' V-991 ' },
    });
    const expiry = within(form).getByLabelText('Expiry date');
    fireEvent.change(expiry, { target: { value: '2026-03-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send to the school' }));
    expect(await within(form).findByText('This document has expired. Send a valid one.')).toBeTruthy();
    expect(within(form).getByText('Add a scan or photo of the document before you send it.')).toBeTruthy();
    fireEvent.change(expiry, { target: { value: '2027-01-31' } });
    const input = form.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array(2048)], 'visa.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() => expect(api.to('/v1/ppn/attachments')).toHaveLength(1));
    // The upload's answer enables the button: a click before it sends nothing.
    const send = within(form).getByRole('button', { name: 'Send to the school' });
    await waitFor(() => expect(send.getAttribute('aria-disabled')).toBe('false'));
    fireEvent.click(send);
    await waitFor(() => expect(api.to(path).some((call) => call.method === 'POST')).toBe(true));
    const posted = api.to(path).find((call) => call.method === 'POST')!;
    expect(await posted.json()).toEqual({
      typeId: 'visa',
      enrollNumber: 'E100',
      number: 'V-991',
      expiresOn: '2027-01-31',
      attachmentIds: [ATTACHMENT],
    });
    expect(await screen.findByText(/Sent. The school will check the document/)).toBeTruthy();
    await waitFor(() =>
      expect(
        within(within(sectionOf('Omar Ahmed')).getByRole('article', { name: 'Residence visa' })).getByText(
          'Waiting for the school',
        ),
      ).toBeTruthy(),
    );
  });

  it('explains a 409 with the page’s own words', async () => {
    const { api } = await openModulePage('/kyc', {
      [path]: (request) => (request.method === 'POST' ? failure(409, 'R003') : jsonResponse(200, answerOf())),
      '/v1/ppn/attachments': () =>
        jsonResponse(200, {
          ...ok,
          attachment: {
            id: ATTACHMENT,
            fileName: 'id.pdf',
            contentType: 'application/pdf',
            sizeBytes: 2048,
            createdAt: '2026-03-10T06:00:00Z',
          },
        }),
    });
    await screen.findByRole('heading', { name: 'You', level: 2 }, { timeout: 5000 });
    fireEvent.click(within(sectionOf('You')).getByRole('button', { name: 'Upload a document' }));
    const form = await screen.findByRole('form', { name: 'Upload your document' });
    fireEvent.change(within(form).getByLabelText('Expiry date'), { target: { value: '2030-01-01' } });
    const input = form.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array(2048)], 'id.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() => expect(api.to('/v1/ppn/attachments')).toHaveLength(1));
    const button = within(form).getByRole('button', { name: 'Send to the school' });
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('false'));
    fireEvent.click(button);
    expect(await within(form).findByText(/A copy of this document is already with the school/)).toBeTruthy();
  });

  it('says when the school asks for no documents', async () => {
    await openModulePage('/kyc', {
      [path]: () =>
        jsonResponse(200, {
          ...ok,
          today: '2026-03-10',
          owners: [{ owner: 'parent', enrollNumber: null, name: 'Sara Ahmed', types: [], documents: [] }],
        }),
    });
    expect(
      await screen.findByText(/Your school has not asked for any identity documents/, undefined, {
        timeout: 5000,
      }),
    ).toBeTruthy();
  });

  it('speaks Arabic, and says what failed with a way to try again', async () => {
    let fail = true;
    await openModulePage(
      '/kyc',
      { [path]: () => (fail ? failure(500, 'L000') : jsonResponse(200, answerOf())) },
      { lng: 'ar' },
    );
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 });
    fail = false;
    fireEvent.click(within(alert).getByRole('button'));
    await screen.findByRole('heading', { name: 'أنت', level: 2 });
    const mine = within(sectionOf('أنت')).getByRole('article', { name: 'الهوية الإماراتية' });
    expect(within(mine).getByText('تنتهي قريبًا')).toBeTruthy();
    expect(within(mine).getByText('تنتهي صلاحيتها خلال 25 يومًا')).toBeTruthy();
  });
});
