import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TPhotocopyRequest } from '@portal/contracts/families/help-requests';
import { failure, freezeDateAt, ok, openModulePage } from '../../../test/module-page.ts';
import { jsonResponse } from '../../../test/render.tsx';
import { listOf, requestItem } from '../test-data.ts';

freezeDateAt('2026-03-10T06:00:00Z');

const listPath = '/v1/ppn/photocopy-requests';

function copyRequest(overrides: Partial<TPhotocopyRequest> = {}): TPhotocopyRequest {
  return {
    ...requestItem({ kind: 'photocopy', summary: 'reportCard × 1' }),
    document: 'reportCard',
    copies: 1,
    note: '',
    priceMinor: 1000,
    addedToFees: false,
    ...overrides,
  };
}

const approved = copyRequest({
  id: '22222222-2222-4222-8222-222222222222',
  status: 'approved',
  canCancel: false,
  document: 'bonafideCertificate',
  copies: 2,
  priceMinor: 5000,
  addedToFees: true,
});

describe('the photocopy page', { timeout: 20_000 }, () => {
  it('shows an approved request added to the fees, and orders copies with their price', async () => {
    let items = [approved];
    const { api } = await openModulePage('/photocopyform', {
      [listPath]: async (request) => {
        if (request.method === 'GET') return jsonResponse(200, listOf(items));
        const created = copyRequest({ document: 'transferCertificate', copies: 2, priceMinor: 5000 });
        items = [created, ...items];
        return jsonResponse(201, { ...ok, request: created });
      },
    });
    const card = await screen.findByRole('article', { name: 'Bonafide certificate' }, { timeout: 5000 });
    expect(within(card).getByText('Approved')).toBeTruthy();
    expect(within(card).getByText('Added to your fees.')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Pay on the fees page' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Document'), { target: { value: 'feeReceipt' } });
    expect(screen.getByText('Free of charge.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Document'), { target: { value: 'transferCertificate' } });
    fireEvent.change(screen.getByLabelText('Copies'), { target: { value: '2' } });
    expect(screen.getByText(/Costs .*50\.00, added to your fees once approved\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(
      await screen.findByText("Your request was sent. The school's answer will appear below."),
    ).toBeTruthy();
    const posted = api.to(listPath).filter((request) => request.method === 'POST');
    expect(await posted[0]?.json()).toEqual({
      enrollNumber: 'E100',
      document: 'transferCertificate',
      copies: 2,
    });
    await waitFor(() => expect(screen.getByRole('article', { name: 'Transfer certificate' })).toBeTruthy());
  });

  it('cancels an undecided request through the hub', async () => {
    let items = [copyRequest()];
    const cancelPath = `/v1/ppn/requests/${items[0]?.id ?? ''}/cancel`;
    const { api } = await openModulePage('/photocopyform', {
      [listPath]: () => jsonResponse(200, listOf(items)),
      [cancelPath]: () => {
        const cancelled = copyRequest({ status: 'cancelled', canCancel: false });
        items = [cancelled];
        return jsonResponse(200, { ...ok, request: cancelled });
      },
    });
    const card = await screen.findByRole('article', { name: 'Report card' }, { timeout: 5000 });
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this request?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(api.to(cancelPath)).toHaveLength(1));
    await waitFor(() => expect(within(card).getByText('Cancelled')).toBeTruthy());
  });

  it('speaks Arabic, and says what failed with a way to try again', async () => {
    let fail = true;
    await openModulePage(
      '/photocopyform',
      { [listPath]: () => (fail ? failure(500, 'L000') : jsonResponse(200, listOf([]))) },
      { lng: 'ar' },
    );
    expect(
      await screen.findByRole('heading', { name: 'اطلب نسخًا', level: 2 }, { timeout: 5000 }),
    ).toBeTruthy();
    const alert = await screen.findByRole('alert');
    fail = false;
    fireEvent.click(within(alert).getByRole('button'));
    expect(
      await screen.findByText('لا توجد طلبات تصوير بعد. ستظهر هنا الطلبات التي ترسلها مع رد المدرسة.'),
    ).toBeTruthy();
  });
});
