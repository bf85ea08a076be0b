import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TCreatePaymentRequest, TFeeDetails, TPreviousFees } from '@portal/contracts/fees';
import { setSchoolId } from '../../../lib/school-id.ts';
import { fakeApi, jsonResponse, renderApp } from '../../../test/render.tsx';
import { loginAnswer } from '../../../test/fixtures.ts';
import { feeDetails, feeItem, payment, previousFees } from '../../../test/fees.ts';
import { signedInWithCode } from '../../../features/auth/api.ts';
import { sessionSlice } from '../../../features/auth/slice.ts';
import { leaveFor } from '../../../features/fees/leave-for.ts';

vi.mock('../../../features/fees/leave-for.ts', () => ({ leaveFor: vi.fn(() => true) }));

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const redirectUrl = 'https://pay.example.test/checkout/abc';

type THandlers = Parameters<typeof fakeApi>[0];

/** The signed-in parent (two children, the first selected) on /feepayment at the demo school. */
async function openFees(
  details: TFeeDetails,
  {
    previous = previousFees(),
    more = {},
    lng = 'en',
  }: { previous?: TPreviousFees; more?: THandlers; lng?: 'en' | 'ar' } = {},
) {
  const api = fakeApi({
    '/v1/oa/public/school-details': () =>
      jsonResponse(200, { schoolNameLogo: [], swiperText: [], schoolDates: [] }),
    '/v1/ppn/parent/profile': () => jsonResponse(200, loginAnswer.profile),
    '/v1/ppn/fees/fee-details': () => jsonResponse(200, details),
    '/v1/ppn/fees/previous-fee': () => jsonResponse(200, previous),
    '/v1/ppn/fees/paid-details': () =>
      jsonResponse(200, { success: true, messageId: 'S200', currency: 'AED', payments: [], students: [] }),
    '/v1/ppn/payments': () =>
      jsonResponse(201, { success: true, messageId: 'F009', payment: payment(), redirectUrl }),
    ...more,
  });
  const session = sessionSlice.reducer(undefined, signedInWithCode(loginAnswer));
  const view = await renderApp('/feepayment', { preloadedState: { session }, lng });
  await screen.findByRole(
    'table',
    { name: lng === 'en' ? /This academic year's fee lines/ : /بنود رسوم العام الدراسي/ },
    { timeout: 5000 },
  );
  return { ...view, api };
}

async function paymentBodies(api: Awaited<ReturnType<typeof openFees>>['api']) {
  return Promise.all(
    api.to('/v1/ppn/payments').map((request) => request.json() as Promise<TCreatePaymentRequest>),
  );
}

/** An amount as the page writes it in English (Intl puts a no-break space after the code). */
function aed(major: number): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'AED' }).format(major);
}

function payButton() {
  return screen.getByRole('button', { name: /^Pay/ });
}

beforeEach(() => {
  setSchoolId('mogra');
  vi.mocked(leaveFor).mockClear();
});

describe('fee payment page', () => {
  it('shows the summary figures of the selected child, asking for their enrolment number', async () => {
    const items = [
      feeItem({ amountMinor: 250_000, status: 'overdue', dueOn: '2025-10-01', outstandingMinor: 250_000 }),
      feeItem({ amountMinor: 100_000, vatRateBp: 500, dueOn: '2026-02-01', term: 2 }),
      feeItem({ amountMinor: 80_000, paidMinor: 80_000, status: 'paid', term: 3 }),
    ];
    const { api } = await openFees(feeDetails(items));
    const summary = screen.getByRole('region', { name: 'Fee summary' });
    const figure = (label: string) => within(summary).getByText(label).closest('li')?.textContent;
    expect(figure('Overdue')).toContain(aed(2500));
    expect(figure('Due, not yet late')).toContain(aed(1050));
    expect(figure('Paid this year')).toContain(aed(800));
    expect(figure('Next due date')).toContain('01 Feb 2026');
    expect(figure('Next due date')).toContain(aed(1050));
    const asked = new URL(api.to('/v1/ppn/fees/fee-details')[0]?.url ?? '');
    expect(asked.searchParams.get('enrollNumber')).toBe('E100');
  });

  it('pages the fee lines 5, 10, 20 or 50 at a time', async () => {
    const items = Array.from({ length: 23 }, (_, index) =>
      feeItem({ nameEn: `Fee ${index + 1}`, dueOn: `2026-01-${String(index + 1).padStart(2, '0')}` }),
    );
    await openFees(feeDetails(items));
    const table = screen.getByRole('table', { name: /This academic year's fee lines/ });
    const bodyRows = () => within(table).getAllByRole('row').length - 1;
    expect(bodyRows()).toBe(10);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    const size = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(
      within(size)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['5', '10', '20', '50']);

    fireEvent.change(size, { target: { value: '5' } });
    expect(bodyRows()).toBe(5);
    expect(screen.getByText('1–5 of 23')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('6–10 of 23')).toBeTruthy();
    expect(within(table).getByRole('rowheader', { name: /Fee 6/ })).toBeTruthy();

    fireEvent.change(size, { target: { value: '20' } });
    expect(bodyRows()).toBe(20);
    fireEvent.change(size, { target: { value: '50' } });
    expect(bodyRows()).toBe(23);
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows every charge and the total before paying, then sends the chosen lines and leaves for the provider', async () => {
    const tuition = feeItem({ amountMinor: 300_000, discountMinor: 30_000, dueOn: '2026-01-10' });
    const bus = feeItem({
      nameEn: 'Transport',
      amountMinor: 100_000,
      vatRateBp: 500,
      dueOn: '2026-02-10',
      term: 2,
    });
    const paid = feeItem({ nameEn: 'Books', amountMinor: 50_000, paidMinor: 50_000, status: 'paid' });
    const { api } = await openFees(feeDetails([tuition, bus, paid]));

    expect((screen.getByRole('checkbox', { name: 'Pay Books, term 1' }) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect((payButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pay Tuition, term 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pay Transport, term 2' }));

    const panel = screen.getByRole('region', { name: 'Pay fees' });
    const row = (label: string) =>
      within(panel).getByText(label, { selector: 'dt' }).closest('div')?.textContent;
    expect(row('Fees before discount')).toContain(aed(4000));
    expect(row('Discounts')).toContain(aed(300));
    expect(row('VAT')).toContain(aed(50));
    expect(row('Card or service charge')).toContain(aed(0));
    expect(row('Total to pay now')).toContain(aed(3750));

    fireEvent.click(screen.getByRole('button', { name: `Pay ${aed(3750)}` }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(redirectUrl));
    const [body] = await paymentBodies(api);
    expect(body).toEqual({
      kind: 'fees',
      idempotencyKey: expect.stringMatching(UUID_V4),
      items: [
        { feeItemId: tuition.id, amountMinor: 270_000 },
        { feeItemId: bus.id, amountMinor: 105_000 },
      ],
    });
    expect(screen.getByText('Taking you to the secure payment page…')).toBeTruthy();
  });

  it('sends one request for a double click, and the same idempotency key when paying again after a failure', async () => {
    let answer = () => jsonResponse(503, { success: false, messageId: 'F007', message: 'Provider down' });
    const { api } = await openFees(feeDetails([feeItem({ amountMinor: 120_000 })]), {
      more: { '/v1/ppn/payments': () => answer() },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Choose everything owed' }));
    const pay = screen.getByRole('button', { name: `Pay ${aed(1200)}` });
    fireEvent.click(pay);
    fireEvent.click(pay);
    expect(
      await screen.findByText(
        'The payment service is not answering right now. Nothing was charged; please try again shortly.',
      ),
    ).toBeTruthy();
    expect(api.to('/v1/ppn/payments')).toHaveLength(1);
    expect(leaveFor).not.toHaveBeenCalled();

    answer = () => jsonResponse(201, { success: true, messageId: 'F009', payment: payment(), redirectUrl });
    fireEvent.click(screen.getByRole('button', { name: `Pay ${aed(1200)}` }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(redirectUrl));
    const [first, second] = await paymentBodies(api);
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
    expect(first?.idempotencyKey).toMatch(UUID_V4);
  });

  it('makes a new idempotency key when the parent changes what to pay', async () => {
    const a = feeItem({ amountMinor: 10_000, dueOn: '2026-01-01' });
    const b = feeItem({ nameEn: 'Books', amountMinor: 20_000, dueOn: '2026-02-01' });
    let status = 503;
    const { api } = await openFees(feeDetails([a, b]), {
      more: {
        '/v1/ppn/payments': () =>
          status === 503
            ? jsonResponse(503, { success: false, messageId: 'F007', message: 'down' })
            : jsonResponse(201, { success: true, messageId: 'F009', payment: payment(), redirectUrl }),
      },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pay Tuition, term 1' }));
    fireEvent.click(payButton());
    await screen.findByRole('alert');
    status = 201;
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pay Books, term 1' }));
    fireEvent.click(payButton());
    await waitFor(() => expect(leaveFor).toHaveBeenCalled());
    const [one, two] = await paymentBodies(api);
    expect(one).toMatchObject({ items: [{ feeItemId: a.id }] });
    expect(two).toMatchObject({ items: [{ feeItemId: a.id }, { feeItemId: b.id }] });
    expect(two?.idempotencyKey).not.toBe(one?.idempotencyKey);
  });

  it('takes a part payment at a school that allows it, its minimum on each line, oldest fee first', async () => {
    const older = feeItem({ amountMinor: 40_000, dueOn: '2026-01-01' });
    const newer = feeItem({ nameEn: 'Transport', amountMinor: 100_000, dueOn: '2026-02-01', term: 2 });
    const { api } = await openFees(
      feeDetails([older, newer], { allowsPartialPayment: true, minimumPartialMinor: 50_000 }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Choose everything owed' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Part of it' }));
    // Testing Library compares text with its spaces collapsed, the no-break ones too.
    const hint = `At least ${aed(400)} and at most ${aed(1400)}. It pays the oldest fees first; a fee line it pays only in part gets at least ${aed(500)}.`;
    expect(screen.getByText(hint.replace(/\s+/g, ' '))).toBeTruthy();
    const amount = screen.getByRole('textbox', { name: 'Amount to pay now (AED)' });

    // The older line owes less than the minimum: only whole.
    fireEvent.change(amount, { target: { value: '100' } });
    expect(screen.getByRole('alert').textContent).toBe(
      `Tuition (Term 1) would get ${aed(100)} of the ${aed(400)} it owes. Your school takes part payments of at least ${aed(500)}, so pay this line whole, or leave it out.`,
    );
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect((payButton() as HTMLButtonElement).disabled).toBe(true);

    // Above the minimum in all, but the newer line would get less than it.
    fireEvent.change(amount, { target: { value: '600' } });
    expect(screen.getByRole('alert').textContent).toBe(
      `Transport (Term 2) would get ${aed(200)}, but your school takes at least ${aed(500)} towards a fee line paid in part. Pay more, or leave that line out.`,
    );
    expect((payButton() as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(amount, { target: { value: '1500' } });
    expect(screen.getByRole('alert').textContent).toBe(
      `That is more than the chosen fees owe (${aed(1400)}).`,
    );

    fireEvent.change(amount, { target: { value: '900.50' } });
    expect(screen.queryByRole('alert')).toBeNull();
    const panel = screen.getByRole('region', { name: 'Pay fees' });
    expect(within(panel).getByText('Still owed after this payment').closest('div')?.textContent).toContain(
      aed(499.5),
    );
    fireEvent.click(screen.getByRole('button', { name: `Pay ${aed(900.5)}` }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalled());
    const [body] = await paymentBodies(api);
    expect(body).toMatchObject({
      kind: 'fees',
      items: [
        { feeItemId: older.id, amountMinor: 40_000 },
        { feeItemId: newer.id, amountMinor: 50_050 },
      ],
    });
  });

  it('offers no part payment at a school that takes whole lines only', async () => {
    await openFees(feeDetails([feeItem()], { allowsPartialPayment: false, minimumPartialMinor: 0 }));
    fireEvent.click(screen.getByRole('button', { name: 'Choose everything owed' }));
    expect(screen.queryByRole('radio', { name: 'Part of it' })).toBeNull();
    expect(screen.getByText(/each chosen line is paid in full/)).toBeTruthy();
  });

  it('shows earlier years’ arrears first and lets them be added to the payment', async () => {
    const arrear = feeItem({
      academicYear: '2024',
      nameEn: 'Tuition',
      dueOn: '2025-03-01',
      status: 'overdue',
      amountMinor: 75_000,
    });
    const { api } = await openFees(feeDetails([feeItem({ amountMinor: 10_000 })]), {
      previous: previousFees([arrear]),
    });
    const arrears = screen.getByRole('region', { name: 'Fees from earlier years are still owed' });
    expect(arrears.textContent).toContain(`${aed(750)} from earlier academic years has not been paid yet.`);
    fireEvent.click(within(arrears).getByRole('button', { name: 'Add these to my payment' }));
    fireEvent.click(screen.getByRole('button', { name: `Pay ${aed(750)}` }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalled());
    const [body] = await paymentBodies(api);
    expect(body).toMatchObject({ items: [{ feeItemId: arrear.id, amountMinor: 75_000 }] });
  });

  it('says the total still owed, earlier years included, and chooses all of it for the pay step', async () => {
    const arrear = feeItem({ academicYear: '2024', status: 'overdue', amountMinor: 75_000 });
    await openFees(
      feeDetails(
        [
          feeItem({ amountMinor: 10_000, status: 'overdue' }),
          feeItem({ amountMinor: 20_000, term: 2 }),
          feeItem({ amountMinor: 5_000, paidMinor: 5_000, status: 'paid', term: 3 }),
        ],
        undefined,
        [arrear],
      ),
      { previous: previousFees([arrear]) },
    );
    const summary = screen.getByRole('region', { name: 'Fee summary' });
    await waitFor(() => expect(summary.textContent).toContain(`Total still owed${aed(1050)}`));
    expect(summary.textContent).toContain(`Includes ${aed(750)} from earlier years`);
    // The overdue tile adds up every line marked overdue, the earlier year's arrear too.
    expect(summary.textContent).toContain(`Overdue${aed(850)}`);

    fireEvent.click(within(summary).getByRole('button', { name: 'Select all and pay' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Pay fees' }));
    expect(payButton().textContent).toBe(`Pay ${aed(1050)}`);
  });

  it('says so plainly when nothing is owed', async () => {
    await openFees(feeDetails([feeItem({ amountMinor: 5_000, paidMinor: 5_000, status: 'paid' })]));
    const summary = screen.getByRole('region', { name: 'Fee summary' });
    expect(within(summary).getByText('All fees are paid. Nothing is owed.')).toBeTruthy();
    expect(within(summary).queryByRole('button', { name: 'Select all and pay' })).toBeNull();
  });

  it('says why the fees could not be loaded, in the message of its id', async () => {
    fakeApi({});
    const api = fakeApi({
      '/v1/oa/public/school-details': () =>
        jsonResponse(200, { schoolNameLogo: [], swiperText: [], schoolDates: [] }),
      '/v1/ppn/parent/profile': () => jsonResponse(200, loginAnswer.profile),
      '/v1/ppn/fees/fee-details': () =>
        jsonResponse(403, { success: false, messageId: 'A002', message: 'Not your child' }),
    });
    const session = sessionSlice.reducer(undefined, signedInWithCode(loginAnswer));
    await renderApp('/feepayment', { preloadedState: { session } });
    expect(await screen.findByText('You can only see information about your own children.')).toBeTruthy();
    expect(api.to('/v1/ppn/fees/fee-details').length).toBeGreaterThan(0);
  });

  it('writes amounts and headings in Arabic', async () => {
    await openFees(feeDetails([feeItem({ amountMinor: 123_450, nameAr: 'الرسوم الدراسية' })]), { lng: 'ar' });
    expect(screen.getByRole('heading', { level: 2, name: 'رسوم هذا العام' })).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'ملخص الرسوم' });
    const due = within(summary).getByText('مستحقة ولم تتأخر بعد').closest('li')?.textContent ?? '';
    expect(due).toContain(
      new Intl.NumberFormat('ar-AE', { style: 'currency', currency: 'AED' }).format(1234.5),
    );
    expect(due).toContain('د.إ.');
    expect(screen.getByRole('rowheader', { name: /الرسوم الدراسية/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'اختيار كل المستحق' }));
    expect(screen.getByRole('button', { name: /^ادفع/ }).textContent).toContain('د.إ.');
  });
});
