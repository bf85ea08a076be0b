import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TDocumentRequest } from '@portal/contracts/families/uploads';
import { failure, freezeDateAt, ok, openModulePage } from '../../../test/module-page.ts';
import { jsonResponse } from '../../../test/render.tsx';

freezeDateAt('2026-03-10T06:00:00Z');

const listPath = '/v1/ppn/uploads';
const ATTACHMENT = '6f1c1a52-1d6e-4d5f-9a55-2a7e4b5f0a01';

const passport: TDocumentRequest = {
  id: '11111111-1111-4111-8111-111111111111',
  enrollNumber: 'E100',
  childName: 'Omar Ahmed',
  title: { en: 'Passport copy', ar: 'نسخة من جواز السفر' },
  details: { en: 'The photo page', ar: 'صفحة الصورة' },
  dueOn: '2026-03-05',
  overdue: true,
  state: 'waiting',
  schoolNote: '',
  canSend: true,
  askedAt: '2026-03-01T06:00:00Z',
  uploads: [],
};

const vaccination: TDocumentRequest = {
  ...passport,
  id: '22222222-2222-4222-8222-222222222222',
  enrollNumber: 'E200',
  childName: 'Lina Ahmed',
  title: { en: 'Vaccination record', ar: 'سجل التطعيمات' },
  dueOn: '2026-03-20',
  overdue: false,
  state: 'sent',
  canSend: false,
  uploads: [
    {
      requestId: '33333333-3333-4333-8333-333333333333',
      status: 'in_review',
      note: '',
      createdAt: '2026-03-08T06:00:00Z',
      files: [
        {
          id: ATTACHMENT,
          fileName: 'card.pdf',
          contentType: 'application/pdf',
          sizeBytes: 2048,
          createdAt: '2026-03-08T05:00:00Z',
        },
      ],
      history: [
        { seq: 1, at: '2026-03-08T06:00:00Z', actor: 'parent', from: null, to: 'submitted', note: '' },
        {
          seq: 2,
          at: '2026-03-08T08:00:00Z',
          actor: 'school',
          from: 'submitted',
          to: 'in_review',
          note: 'Checking',
        },
      ],
    },
  ],
};

const listOf = (items: TDocumentRequest[]) => ({ ...ok, items });

describe('the uploads page', { timeout: 20_000 }, () => {
  it('shows each asked document and sends an uploaded file', async () => {
    let items = [passport, vaccination];
    const { api } = await openModulePage('/upload', {
      [listPath]: () => jsonResponse(200, listOf(items)),
      '/v1/ppn/attachments': () =>
        jsonResponse(200, {
          ...ok,
          attachment: {
            id: ATTACHMENT,
            fileName: 'passport.pdf',
            contentType: 'application/pdf',
            sizeBytes: 2048,
            createdAt: '2026-03-10T06:00:00Z',
          },
        }),
      [`${listPath}/${passport.id}`]: () => {
        const sent = { ...passport, state: 'sent' as const, canSend: false, overdue: false };
        items = [sent, vaccination];
        return jsonResponse(201, { ...ok, document: sent });
      },
    });
    const card = await screen.findByRole('article', { name: 'Passport copy' }, { timeout: 5000 });
    expect(within(card).getByText('Omar Ahmed')).toBeTruthy();
    expect(within(card).getByText('Waiting for you')).toBeTruthy();
    expect(card.textContent).toContain('Overdue since');
    const review = screen.getByRole('article', { name: 'Vaccination record' });
    expect(within(review).getByText('Under review')).toBeTruthy();
    expect(within(review).getByText('card.pdf')).toBeTruthy();
    expect(within(review).queryByRole('button', { name: 'Send to the school' })).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: 'Send to the school' }));
    expect(await within(card).findByText('Add at least one file before you send.')).toBeTruthy();
    const input = card.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array(2048)], 'passport.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() => expect(api.to('/v1/ppn/attachments')).toHaveLength(1));
    await waitFor(() =>
      expect(within(card).queryByText('Add at least one file before you send.')).toBeNull(),
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Send to the school' }));
    await waitFor(() => expect(api.to(`${listPath}/${passport.id}`)).toHaveLength(1));
    expect(await api.to(`${listPath}/${passport.id}`)[0]?.json()).toEqual({ attachmentIds: [ATTACHMENT] });
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: 'Passport copy' })).getByText('Under review'),
      ).toBeTruthy(),
    );
  });

  it('says when the school has asked for nothing', async () => {
    await openModulePage('/upload', { [listPath]: () => jsonResponse(200, listOf([])) });
    expect(
      await screen.findByText(/The school has not asked for any documents/, undefined, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('speaks Arabic, and says what failed with a way to try again', async () => {
    let fail = true;
    await openModulePage(
      '/upload',
      { [listPath]: () => (fail ? failure(500, 'L000') : jsonResponse(200, listOf([vaccination]))) },
      { lng: 'ar' },
    );
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 });
    fail = false;
    fireEvent.click(within(alert).getByRole('button'));
    const card = await screen.findByRole('article', { name: 'سجل التطعيمات' });
    expect(within(card).getAllByText('قيد المراجعة').length).toBeGreaterThan(0);
    expect(card.querySelector('[data-state="sent"]')).toBeTruthy();
  });
});
