import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZProfile } from '@portal/contracts/auth';
import { ZFeeDetails, ZInvoices, ZPaidDetails, ZPreviousFees, type TFeeItem } from '@portal/contracts/fees';
import { feeLine, feeStatus, sumMinor } from '@portal/contracts/money';
import type { TDatabase } from '../../../src/db/client.ts';
import { feeItems, invoices, paymentAllocations, payments, schools } from '../../../src/db/schema/index.ts';
import { schoolToday } from '../../../src/access/school.ts';
import { buildTestApp, signIn, type TTestApp } from '../../helper.ts';
import { pdfText } from '../../pdf-text.ts';

const API = '/api/v1/ppn';

/** A fee line of the demo school, with what is paid on it; answers its id. */
async function addFeeItem(
  db: TDatabase,
  input: { enrollNumber: string; amountMinor: number; paidMinor: number; dueOn: string; invoiceId?: string },
): Promise<string> {
  const id = randomUUID();
  const figures = feeLine({ amountMinor: input.amountMinor, discountMinor: 0, vatRateBp: 0 });
  await db.insert(feeItems).values({
    id,
    schoolId: 'mogra',
    enrollNumber: input.enrollNumber,
    academicYear: '2026',
    term: 3,
    feeTypeCode: 'tuition',
    amountMinor: input.amountMinor,
    discountMinor: 0,
    vatRateBp: 0,
    vatMinor: figures.vatMinor,
    totalMinor: figures.totalMinor,
    paidMinor: input.paidMinor,
    dueOn: input.dueOn,
    invoiceId: input.invoiceId ?? null,
  });
  return id;
}

/** An invoice of one line for MG1001; a tax invoice names its fee line by `invoice_id`. */
async function addInvoice(
  db: TDatabase,
  input: { kind: 'tax' | 'proforma'; docNo: string; totalMinor: number; paidMinor: number },
): Promise<string> {
  const id = randomUUID();
  const feeItemId = await addFeeItem(db, {
    enrollNumber: 'MG1001',
    amountMinor: input.totalMinor,
    paidMinor: input.paidMinor,
    dueOn: '2027-09-10',
    invoiceId: input.kind === 'tax' ? id : undefined,
  });
  const line = {
    nameEn: 'Enrichment fee, term 3',
    nameAr: 'رسوم الإثراء، الفصل الثالث',
    amountMinor: input.totalMinor,
    discountMinor: 0,
    vatRateBp: 0,
    vatMinor: 0,
    totalMinor: input.totalMinor,
  };
  await db.insert(invoices).values({
    id,
    schoolId: 'mogra',
    enrollNumber: 'MG1001',
    kind: input.kind,
    docNo: input.docNo,
    issuedOn: '2027-08-20',
    dueOn: '2027-09-10',
    currency: 'AED',
    subtotalMinor: input.totalMinor,
    discountMinor: 0,
    vatMinor: 0,
    totalMinor: input.totalMinor,
    lines: [input.kind === 'proforma' ? { ...line, feeItemId } : line],
  });
  return id;
}

/** A succeeded payment of the demo parent at `completedAt`, with these allocations; answers its id. */
async function addPayment(
  db: TDatabase,
  input: {
    docNo: number;
    completedAt: string;
    allocations: { enrollNumber: string; nameEn: string; nameAr: string; amountMinor: number }[];
  },
): Promise<string> {
  const id = randomUUID();
  await db.insert(payments).values({
    id,
    schoolId: 'mogra',
    parentId: 'MG-P001',
    idempotencyKey: randomUUID(),
    requestHash: 'test',
    kind: 'fees',
    status: 'succeeded',
    docNo: input.docNo,
    amountMinor: sumMinor(input.allocations.map((allocation) => allocation.amountMinor)),
    currency: 'AED',
    provider: 'sandbox',
    receiptNo: `RCT-${input.docNo}`,
    createdAt: new Date(input.completedAt),
    completedAt: new Date(input.completedAt),
  });
  await db
    .insert(paymentAllocations)
    .values(input.allocations.map((allocation, position) => ({ ...allocation, paymentId: id, position })));
  return id;
}

// PDF.js may split a shaped Arabic word where a letter does not join the next: compare
// Arabic without spaces.
const compact = (text: string) => text.replace(/\s+/g, '');

/**
 * Opens the demo app with the demo school in `timeZone`, set before anything reads it (the
 * school's shared data is cached for 30 s).
 */
function appIn(timeZone: string) {
  const state = {} as { t: TTestApp; token: string };
  beforeAll(async () => {
    state.t = await buildTestApp();
    await state.t.database.db.update(schools).set({ timeZone }).where(eq(schools.schoolId, 'mogra'));
    state.token = await signIn(state.t.app, 'mogra', 'parent@mogra.demo');
  });
  afterAll(() => state.t.close());
  const get = (url: string) =>
    state.t.app.inject({
      method: 'GET',
      url: `${API}${url}`,
      headers: { 'client-id': 'mogra', authorization: `Bearer ${state.token}` },
    });
  return { state, get };
}

describe('money labels agree (school in Asia/Dubai)', () => {
  const { state, get } = appIn('Asia/Dubai');
  const ids = {} as Record<
    'paidTax' | 'partTax' | 'unpaidTax' | 'proforma' | 'family' | 'lateEvening',
    string
  >;
  beforeAll(async () => {
    const db = state.t.database.db;
    ids.paidTax = await addInvoice(db, {
      kind: 'tax',
      docNo: 'INV-800001',
      totalMinor: 1_200_00,
      paidMinor: 1_200_00,
    });
    ids.partTax = await addInvoice(db, {
      kind: 'tax',
      docNo: 'INV-800002',
      totalMinor: 1_000_00,
      paidMinor: 250_00,
    });
    ids.unpaidTax = await addInvoice(db, {
      kind: 'tax',
      docNo: 'INV-800003',
      totalMinor: 800_00,
      paidMinor: 0,
    });
    ids.proforma = await addInvoice(db, {
      kind: 'proforma',
      docNo: 'PRO-800001',
      totalMinor: 2_000_00,
      paidMinor: 750_00,
    });
    ids.family = await addPayment(db, {
      docNo: 800_001,
      completedAt: '2026-09-02T06:42:13Z',
      allocations: [
        {
          enrollNumber: 'MG1001',
          nameEn: 'Tuition, term 1',
          nameAr: 'الرسوم الدراسية، الفصل الأول',
          amountMinor: 1_000_00,
        },
        {
          enrollNumber: 'MG1002',
          nameEn: 'Transport, term 1',
          nameAr: 'رسوم النقل، الفصل الأول',
          amountMinor: 300_00,
        },
        { enrollNumber: 'MG1003', nameEn: 'Books, term 1', nameAr: 'الكتب، الفصل الأول', amountMinor: 90_00 },
      ],
    });
    ids.lateEvening = await addPayment(db, {
      docNo: 800_002,
      completedAt: '2026-09-01T23:30:00Z',
      allocations: [
        {
          enrollNumber: 'MG1002',
          nameEn: 'Uniform, term 1',
          nameAr: 'الزي، الفصل الأول',
          amountMinor: 50_00,
        },
      ],
    });
  });

  it("counts earlier years' overdue arrears in the overdue figure, which adds up the lines listed as overdue", async () => {
    const details = ZFeeDetails.parse((await get('/fees/fee-details?enrollNumber=MG1001')).json());
    const previous = ZPreviousFees.parse((await get('/fees/previous-fee?enrollNumber=MG1001')).json());
    const listed = [...previous.items, ...details.items];
    // The demo's first child still owes a line of last year, long past its due date.
    expect(previous.items.some((item) => item.status === 'overdue')).toBe(true);
    const today = schoolToday('Asia/Dubai');
    for (const item of listed) expect(item.status).toBe(feeStatus(item, today));
    const owing = (status: TFeeItem['status']) =>
      sumMinor(listed.filter((item) => item.status === status).map((item) => item.outstandingMinor));
    const { summary } = details;
    expect(summary.overdueMinor).toBe(owing('overdue'));
    expect(summary.dueMinor).toBe(owing('due'));
    expect(summary.earlierMinor).toBe(previous.outstandingMinor);
    expect(summary.overdueMinor).toBeGreaterThanOrEqual(previous.outstandingMinor);
    expect(summary.paidMinor).toBe(sumMinor(details.items.map((item) => item.paidMinor)));
  });

  it('tells the web the school’s time zone in the profile', async () => {
    const profile = ZProfile.parse((await get('/parent/profile')).json());
    expect(profile.timeZone).toBe('Asia/Dubai');
  });

  it('says of each invoice whether it is paid, partly paid or unpaid, with what is paid and left', async () => {
    const tax = ZInvoices.parse((await get('/fees/invoices?enrollNumber=MG1001')).json()).invoices;
    const byId = new Map(tax.map((invoice) => [invoice.id, invoice]));
    expect(byId.get(ids.paidTax)).toMatchObject({
      paymentStatus: 'paid',
      paidMinor: 1_200_00,
      balanceMinor: 0,
    });
    expect(byId.get(ids.partTax)).toMatchObject({
      paymentStatus: 'partly-paid',
      paidMinor: 250_00,
      balanceMinor: 750_00,
    });
    expect(byId.get(ids.unpaidTax)).toMatchObject({
      paymentStatus: 'unpaid',
      paidMinor: 0,
      balanceMinor: 800_00,
    });
    for (const invoice of tax) expect(invoice.paidMinor + invoice.balanceMinor).toBe(invoice.totalMinor);
    const proformas = ZInvoices.parse(
      (await get('/fees/proforma-invoices?enrollNumber=MG1001')).json(),
    ).invoices;
    expect(proformas.find((invoice) => invoice.id === ids.proforma)).toMatchObject({
      paymentStatus: 'partly-paid',
      paidMinor: 750_00,
      balanceMinor: 1_250_00,
    });
  });

  it('prints a paid invoice as paid, with the amount paid and the balance, never "Total due"', async () => {
    const { text } = await pdfText((await get(`/fees/invoices/${ids.paidTax}/pdf?lng=en`)).rawPayload);
    for (const expected of [
      'Tax invoice',
      'INV-800001',
      'Paid',
      'Total',
      'AED 1,200.00',
      'Amount paid',
      'Balance',
      'AED 0.00',
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/Amount paid AED 1,200\.00/);
    expect(text).toMatch(/Balance AED 0\.00/);
    expect(text).not.toContain('Total due');
    const arabic = compact(
      (await pdfText((await get(`/fees/invoices/${ids.paidTax}/pdf?lng=ar`)).rawPayload)).text,
    );
    for (const expected of ['مدفوع', 'المبلغالمدفوع', 'الرصيدالمتبقي']) expect(arabic).toContain(expected);
    expect(arabic).not.toContain('الإجماليالمستحق');
    const part = (await pdfText((await get(`/fees/invoices/${ids.partTax}/pdf?lng=en`)).rawPayload)).text;
    expect(part).toContain('Partly paid');
    expect(part).toMatch(/Balance AED 750\.00/);
  });

  it('prints on a proforma what is already paid', async () => {
    const { text } = await pdfText(
      (await get(`/fees/proforma-invoices/${ids.proforma}/pdf?lng=en`)).rawPayload,
    );
    expect(text).toContain('Proforma invoice');
    expect(text).toContain('Partly paid');
    expect(text).toMatch(/Amount paid AED 750\.00/);
    expect(text).toMatch(/Balance AED 1,250\.00/);
    expect(text).not.toContain('Total due');
  });

  it('names each child and each item a receipt covers, on the receipt and in every child’s history', async () => {
    const { text } = await pdfText((await get(`/payments/${ids.family}/receipt?lng=en`)).rawPayload);
    for (const expected of [
      'Omar Khalid Al Mansouri',
      'Layla Khalid Al Mansouri',
      'Yousef Khalid Al Mansouri',
      'Tuition, term 1',
      'Transport, term 1',
      'Books, term 1',
      'AED 1,390.00',
    ])
      expect(text).toContain(expected);
    const arabic = compact(
      (await pdfText((await get(`/payments/${ids.family}/receipt?lng=ar`)).rawPayload)).text,
    );
    // The grades in Arabic, with each item's Arabic name.
    for (const expected of ['الصف', 'الرسومالدراسية', 'رسومالنقل', 'الكتب'])
      expect(arabic).toContain(expected);
    expect(arabic).not.toContain('Grade');
    for (const child of ['MG1001', 'MG1002', 'MG1003']) {
      const paid = ZPaidDetails.parse((await get(`/fees/paid-details?enrollNumber=${child}`)).json());
      const payment = paid.payments.find((one) => one.id === ids.family);
      expect(payment?.allocations.map((allocation) => allocation.enrollNumber)).toEqual([
        'MG1001',
        'MG1002',
        'MG1003',
      ]);
      expect(sumMinor(payment?.allocations.map((allocation) => allocation.amountMinor) ?? [])).toBe(1_390_00);
      expect(paid.students).toEqual(
        expect.arrayContaining([
          { enrollNumber: 'MG1001', name: 'Omar Khalid Al Mansouri' },
          { enrollNumber: 'MG1002', name: 'Layla Khalid Al Mansouri' },
          { enrollNumber: 'MG1003', name: 'Yousef Khalid Al Mansouri' },
        ]),
      );
    }
  });

  it('dates a payment made at 23:30 UTC on the next day in Dubai', async () => {
    const { text } = await pdfText((await get(`/payments/${ids.lateEvening}/receipt?lng=en`)).rawPayload);
    expect(text).toContain('02-09-2026 3:30 AM');
  });
});

describe('money labels in a school of another time zone (Asia/Kolkata)', () => {
  const { state, get } = appIn('Asia/Kolkata');

  it("prints times in the school's zone and tells the web which it is", async () => {
    const id = await addPayment(state.t.database.db, {
      docNo: 800_003,
      completedAt: '2026-09-01T23:30:00Z',
      allocations: [
        {
          enrollNumber: 'MG1002',
          nameEn: 'Uniform, term 1',
          nameAr: 'الزي، الفصل الأول',
          amountMinor: 50_00,
        },
      ],
    });
    const { text } = await pdfText((await get(`/payments/${id}/receipt?lng=en`)).rawPayload);
    expect(text).toContain('02-09-2026 5:00 AM');
    expect(ZProfile.parse((await get('/parent/profile')).json()).timeZone).toBe('Asia/Kolkata');
  });
});

// A zone whose date differs from UTC's right now: 14 hours ahead from 10:00 UTC, else 11 behind.
const AWAY = new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';

describe(`fee states in a school whose day is not UTC's (${AWAY})`, () => {
  const { state, get } = appIn(AWAY);

  it("counts a line overdue from the school's own today, in the lines and the summary alike", async () => {
    const utcToday = new Date().toISOString().slice(0, 10);
    const today = schoolToday(AWAY);
    expect(today).not.toBe(utcToday);
    // Due on the earlier of the two days: overdue where it is the later one.
    const dueOn = today < utcToday ? today : utcToday;
    const id = await addFeeItem(state.t.database.db, {
      enrollNumber: 'MG1003',
      amountMinor: 123_00,
      paidMinor: 0,
      dueOn,
    });
    const details = ZFeeDetails.parse((await get('/fees/fee-details?enrollNumber=MG1003')).json());
    const item = details.items.find((one) => one.id === id);
    if (!item) throw new Error('line not listed');
    expect(item.status).toBe(feeStatus(item, today));
    expect(item.status).not.toBe(feeStatus(item, utcToday));
    const overdue = details.items.filter((one) => one.status === 'overdue');
    expect(details.summary.overdueMinor).toBe(sumMinor(overdue.map((one) => one.outstandingMinor)));
  });
});
