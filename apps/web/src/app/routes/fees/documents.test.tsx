import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TInvoice } from '@portal/contracts/fees';
import { setSchoolId } from '../../../lib/school-id.ts';
import { fakeApi, jsonResponse, renderApp } from '../../../test/render.tsx';
import { loginAnswer } from '../../../test/fixtures.ts';
import { payment } from '../../../test/fees.ts';
import { signedInWithCode } from '../../../features/auth/api.ts';
import { sessionSlice } from '../../../features/auth/slice.ts';

const invoice: TInvoice = {
  id: '5b7f2f7e-8a47-4d0e-9d1c-2f6c1f0d9a11',
  kind: 'tax',
  docNo: 'INV-000007',
  enrollNumber: 'E100',
  issuedOn: '2025-09-01',
  dueOn: '2025-09-30',
  currency: 'AED',
  subtotalMinor: 1_000_000,
  discountMinor: 50_000,
  vatMinor: 2_500,
  totalMinor: 952_500,
  lines: [
    {
      nameEn: 'Tuition',
      nameAr: 'الرسوم الدراسية',
      amountMinor: 950_000,
      discountMinor: 50_000,
      vatRateBp: 0,
      vatMinor: 0,
      totalMinor: 900_000,
    },
    {
      nameEn: 'Transport',
      nameAr: 'النقل',
      amountMinor: 50_000,
      discountMinor: 0,
      vatRateBp: 500,
      vatMinor: 2_500,
      totalMinor: 52_500,
    },
  ],
  paidMinor: 900_000,
  balanceMinor: 52_500,
  paymentStatus: 'partly-paid',
};

function pdfResponse(name: string) {
  return new Response(new Blob(['%PDF-1.7 test'], { type: 'application/pdf' }), {
    status: 200,
    headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${name}"` },
  });
}

async function open(path: string, handlers: Parameters<typeof fakeApi>[0], lng: 'en' | 'ar' = 'en') {
  const api = fakeApi({
    '/v1/oa/public/school-details': () =>
      jsonResponse(200, { schoolNameLogo: [], swiperText: [], schoolDates: [] }),
    '/v1/ppn/parent/profile': () => jsonResponse(200, loginAnswer.profile),
    ...handlers,
  });
  const session = sessionSlice.reducer(undefined, signedInWithCode(loginAnswer));
  await renderApp(path, { preloadedState: { session }, lng });
  return api;
}

let saved: { name: string; href: string }[] = [];

beforeEach(() => {
  setSchoolId('mogra');
  saved = [];
  Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => 'blob:portal/1'), configurable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('fee documents', () => {
  it('lists the tax invoices and saves one as a PDF fetched with the session and the language', async () => {
    const api = await open(
      '/view-fee-invoice',
      {
        '/v1/ppn/fees/invoices': () =>
          jsonResponse(200, { success: true, messageId: 'S200', invoices: [invoice] }),
        [`/v1/ppn/fees/invoices/${invoice.id}/pdf`]: () => pdfResponse('invoice-INV-000007.pdf'),
      },
      'ar',
    );
    const table = await screen.findByRole(
      'table',
      { name: 'الفواتير الضريبية لهذا الطالب' },
      { timeout: 5000 },
    );
    // Partly paid: what is paid and what is still owed, in words and figures.
    const row = within(table).getByRole('rowheader', { name: 'INV-000007' }).closest('tr');
    expect(row?.textContent).toContain('مدفوعة جزئيًا');
    expect(row?.textContent).toContain('9,000.00');
    expect(row?.textContent).toContain('525.00');
    const list = new URL(api.to('/v1/ppn/fees/invoices')[0]?.url ?? '');
    expect(list.searchParams.get('enrollNumber')).toBe('E100');

    fireEvent.click(screen.getByRole('button', { name: 'تنزيل INV-000007 PDF' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'invoice-INV-000007.pdf', href: 'blob:portal/1' }]));
    const [request] = api.to(`/v1/ppn/fees/invoices/${invoice.id}/pdf`);
    expect(new URL(request?.url ?? '').searchParams.get('lng')).toBe('ar');
    expect(request?.headers.get('authorization')).toBe('Bearer token-123');
    expect(request?.headers.get('client-id')).toBe('mogra');
  });

  it('lists proforma invoices from their own path, marked as not tax invoices', async () => {
    const api = await open('/proformainvoice', {
      '/v1/ppn/fees/proforma-invoices': () =>
        jsonResponse(200, {
          success: true,
          messageId: 'S200',
          invoices: [
            {
              ...invoice,
              kind: 'proforma',
              docNo: 'PRO-000002',
              paidMinor: 952_500,
              balanceMinor: 0,
              paymentStatus: 'paid',
            },
            {
              ...invoice,
              id: '5b7f2f7e-8a47-4d0e-9d1c-2f6c1f0d9a12',
              kind: 'proforma',
              docNo: 'PRO-000003',
              paidMinor: 0,
              balanceMinor: 952_500,
              paymentStatus: 'unpaid',
            },
          ],
        }),
    });
    const paid = await screen.findByRole('rowheader', { name: 'PRO-000002' }, { timeout: 5000 });
    // A proforma shows what is already paid.
    expect(paid.closest('tr')?.textContent).toMatch(/9,525\.00.*9,525\.00.*0\.00.*Paid/);
    const unpaid = screen.getByRole('rowheader', { name: 'PRO-000003' });
    expect(unpaid.closest('tr')?.textContent).toMatch(/9,525\.00.*0\.00.*9,525\.00.*Unpaid/);
    expect(screen.getByText(/It is not a tax invoice/)).toBeTruthy();
    expect(api.to('/v1/ppn/fees/proforma-invoices')).toHaveLength(1);
  });

  it('downloads a receipt from the payment history and says so when it fails', async () => {
    // One payment for both children, made at 23:30 UTC: the next morning at the school.
    const paid = payment({
      status: 'succeeded',
      receiptNo: 'RCT-000012',
      completedAt: '2026-01-15T23:30:00.000Z',
      amountMinor: 200_000,
      allocations: [
        { feeItemId: null, enrollNumber: 'E100', nameEn: 'Tuition', nameAr: 'الرسوم', amountMinor: 157_500 },
        { feeItemId: null, enrollNumber: 'E200', nameEn: 'Transport', nameAr: 'النقل', amountMinor: 42_500 },
      ],
    });
    let ok = false;
    await open('/feepayment', {
      '/v1/ppn/fees/fee-details': () =>
        jsonResponse(200, {
          success: true,
          messageId: 'S200',
          currency: 'AED',
          allowsPartialPayment: false,
          minimumPartialMinor: 0,
          summary: {
            dueMinor: 0,
            overdueMinor: 0,
            earlierMinor: 0,
            paidMinor: 157_500,
            nextDueOn: null,
            nextDueMinor: 0,
          },
          items: [],
        }),
      '/v1/ppn/fees/previous-fee': () =>
        jsonResponse(200, {
          success: true,
          messageId: 'S200',
          currency: 'AED',
          outstandingMinor: 0,
          items: [],
        }),
      '/v1/ppn/fees/paid-details': () =>
        jsonResponse(200, {
          success: true,
          messageId: 'S200',
          currency: 'AED',
          payments: [paid],
          students: [
            { enrollNumber: 'E100', name: 'Omar Ahmed' },
            { enrollNumber: 'E200', name: 'Lina Ahmed' },
          ],
        }),
      [`/v1/ppn/payments/${paid.id}/receipt`]: () =>
        ok
          ? pdfResponse('receipt-RCT-000012.pdf')
          : jsonResponse(404, { success: false, messageId: 'N404', message: 'x' }),
    });
    const button = await screen.findByRole(
      'button',
      { name: 'Download receipt RCT-000012 PDF' },
      { timeout: 5000 },
    );
    const history = button.closest('tr')?.textContent ?? '';
    expect(history).toContain('16-01-2026 3:30 AM');
    expect(history).toMatch(/Omar Ahmed\s*Tuition AED\s1,575\.00\s*Lina Ahmed\s*Transport AED\s425\.00/);
    fireEvent.click(button);
    expect(await screen.findByText('We could not find what you asked for.')).toBeTruthy();
    expect(saved).toEqual([]);
    ok = true;
    fireEvent.click(button);
    await waitFor(() => expect(saved).toEqual([{ name: 'receipt-RCT-000012.pdf', href: 'blob:portal/1' }]));
  });
});
