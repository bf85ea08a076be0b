import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../../../src/db/client.ts';
import {
  invoices,
  paymentAllocations,
  payments,
  schoolFeeSettings,
  storeInvoices,
} from '../../../src/db/schema/index.ts';
import { buildTestApp, signIn, type TTestApp } from '../../helper.ts';
import { pdfText } from '../../pdf-text.ts';

const API = '/api/v1/ppn';

/** A succeeded (or other) payment of a parent, with its allocations; answers its id. */
async function addPayment(
  db: TDatabase,
  input: {
    schoolId: string;
    parentId: string;
    status?: 'succeeded' | 'pending';
    docNo: number;
    receiptNo: string | null;
    allocations: { enrollNumber: string; nameEn: string; nameAr: string; amountMinor: number }[];
  },
): Promise<string> {
  const id = randomUUID();
  const amountMinor = input.allocations.reduce((sum, allocation) => sum + allocation.amountMinor, 0);
  await db.insert(payments).values({
    id,
    schoolId: input.schoolId,
    parentId: input.parentId,
    idempotencyKey: randomUUID(),
    requestHash: 'test',
    kind: 'fees',
    status: input.status ?? 'succeeded',
    docNo: input.docNo,
    amountMinor,
    currency: 'AED',
    provider: 'sandbox',
    receiptNo: input.receiptNo,
    completedAt: input.status === 'pending' ? null : new Date('2026-09-02T06:42:13Z'),
  });
  await db
    .insert(paymentAllocations)
    .values(input.allocations.map((allocation, position) => ({ ...allocation, paymentId: id, position })));
  return id;
}

const invoiceLine = {
  nameEn: 'Tuition fee, term 1',
  nameAr: 'الرسوم الدراسية، الفصل الأول',
  amountMinor: 1_000_000,
  discountMinor: 50_000,
  vatRateBp: 500,
  vatMinor: 47_500,
  totalMinor: 997_500,
};

async function addInvoice(
  db: TDatabase,
  input: { schoolId: string; enrollNumber: string; kind: 'tax' | 'proforma'; docNo: string },
): Promise<string> {
  const id = randomUUID();
  await db.insert(invoices).values({
    id,
    ...input,
    issuedOn: '2026-08-20',
    dueOn: '2026-09-10',
    currency: 'AED',
    subtotalMinor: 1_000_000,
    discountMinor: 50_000,
    vatMinor: 47_500,
    totalMinor: 997_500,
    lines: [invoiceLine],
  });
  return id;
}

async function addStoreInvoice(
  db: TDatabase,
  input: { schoolId: string; enrollNumber: string; docNo: string; lines?: number },
): Promise<string> {
  const id = randomUUID();
  const count = input.lines ?? 2;
  const lines = Array.from({ length: count }, (_, index) => ({
    nameEn: `Canteen meal ${index + 1}`,
    nameAr: `وجبة المقصف ${index + 1}`,
    quantity: 2,
    unitMinor: 1_250,
    totalMinor: 2_500,
  }));
  await db.insert(storeInvoices).values({
    id,
    schoolId: input.schoolId,
    enrollNumber: input.enrollNumber,
    docNo: input.docNo,
    issuedAt: new Date('2026-09-14T07:15:00Z'),
    currency: 'AED',
    totalMinor: count * 2_500,
    lines,
  });
  return id;
}

describe('fee documents as PDF', () => {
  let t: TTestApp;
  let mogra: string;
  let bcad: string;
  const ids = {} as Record<
    | 'receipt'
    | 'pendingPayment'
    | 'otherFamilyReceipt'
    | 'otherSchoolReceipt'
    | 'tax'
    | 'proforma'
    | 'otherFamilyTax'
    | 'otherSchoolTax'
    | 'otherFamilyProforma'
    | 'store'
    | 'longStore'
    | 'otherFamilyStore'
    | 'otherSchoolStore'
    | 'bcadTax',
    string
  >;
  let trn = '';

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    await db
      .insert(schoolFeeSettings)
      .values({ schoolId: 'mogra', vatRegistrationNo: '100234567800003' })
      .onConflictDoNothing();
    const [settings] = await db
      .select()
      .from(schoolFeeSettings)
      .where(eq(schoolFeeSettings.schoolId, 'mogra'));
    trn = settings?.vatRegistrationNo ?? '';

    const tuition = { nameEn: 'Tuition fee, term 1', nameAr: 'الرسوم الدراسية، الفصل الأول' };
    ids.receipt = await addPayment(db, {
      schoolId: 'mogra',
      parentId: 'MG-P001',
      docNo: 900_001,
      receiptNo: 'RCT-900001',
      allocations: [
        { enrollNumber: 'MG1001', ...tuition, amountMinor: 1_234_50 },
        { enrollNumber: 'MG1002', nameEn: 'Transport fee', nameAr: 'رسوم النقل', amountMinor: 200_00 },
      ],
    });
    ids.pendingPayment = await addPayment(db, {
      schoolId: 'mogra',
      parentId: 'MG-P001',
      status: 'pending',
      docNo: 900_002,
      receiptNo: null,
      allocations: [{ enrollNumber: 'MG1001', ...tuition, amountMinor: 100_00 }],
    });
    ids.otherFamilyReceipt = await addPayment(db, {
      schoolId: 'mogra',
      parentId: 'MG-P002',
      docNo: 900_003,
      receiptNo: 'RCT-900003',
      allocations: [{ enrollNumber: 'MG2001', ...tuition, amountMinor: 500_00 }],
    });
    ids.otherSchoolReceipt = await addPayment(db, {
      schoolId: 'bcad',
      parentId: 'BC-P001',
      docNo: 900_004,
      receiptNo: 'RCT-900004',
      allocations: [{ enrollNumber: 'BC3101', ...tuition, amountMinor: 700_00 }],
    });
    ids.tax = await addInvoice(db, {
      schoolId: 'mogra',
      enrollNumber: 'MG1001',
      kind: 'tax',
      docNo: 'INV-900001',
    });
    ids.proforma = await addInvoice(db, {
      schoolId: 'mogra',
      enrollNumber: 'MG1001',
      kind: 'proforma',
      docNo: 'PRO-900001',
    });
    ids.otherFamilyTax = await addInvoice(db, {
      schoolId: 'mogra',
      enrollNumber: 'MG2001',
      kind: 'tax',
      docNo: 'INV-900002',
    });
    ids.otherFamilyProforma = await addInvoice(db, {
      schoolId: 'mogra',
      enrollNumber: 'MG2001',
      kind: 'proforma',
      docNo: 'PRO-900002',
    });
    ids.otherSchoolTax = await addInvoice(db, {
      schoolId: 'bcad',
      enrollNumber: 'BC3101',
      kind: 'tax',
      docNo: 'INV-900003',
    });
    ids.bcadTax = ids.otherSchoolTax;
    ids.store = await addStoreInvoice(db, { schoolId: 'mogra', enrollNumber: 'MG1002', docNo: 'STR-900001' });
    ids.longStore = await addStoreInvoice(db, {
      schoolId: 'mogra',
      enrollNumber: 'MG1002',
      docNo: 'STR-900002',
      lines: 70,
    });
    ids.otherFamilyStore = await addStoreInvoice(db, {
      schoolId: 'mogra',
      enrollNumber: 'MG2001',
      docNo: 'STR-900003',
    });
    ids.otherSchoolStore = await addStoreInvoice(db, {
      schoolId: 'bcad',
      enrollNumber: 'BC3101',
      docNo: 'STR-900004',
    });
    mogra = await signIn(t.app, 'mogra', 'parent@mogra.demo');
    bcad = await signIn(t.app, 'bcad', 'parent@bcad.demo');
  });
  afterAll(() => t.close());

  const get = (url: string, schoolId = 'mogra', token = mogra) =>
    t.app.inject({
      method: 'GET',
      url: `${API}${url}`,
      headers: { 'client-id': schoolId, authorization: `Bearer ${token}` },
    });

  const expectPdf = async (response: Awaited<ReturnType<typeof get>>, filename: string) => {
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${filename}"`);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    return pdfText(response.rawPayload);
  };
  // PDF.js may split a shaped Arabic word where a letter does not join the next: compare
  // Arabic without spaces.
  const compact = (text: string) => text.replace(/\s+/g, '');

  it('answers the receipt of the parent’s own payment, in English', async () => {
    const { text, pages } = await expectPdf(
      await get(`/payments/${ids.receipt}/receipt`),
      'receipt-RCT-900001.pdf',
    );
    expect(pages).toBe(1);
    for (const expected of [
      'Payment receipt',
      'Mogra Demo School',
      'Sara Al Mansouri',
      'Omar Khalid Al Mansouri',
      'Layla Khalid Al Mansouri',
      'MG1001',
      'RCT-900001',
      'PAY-900001',
      'Tuition fee, term 1',
      '1,234.50',
      'AED 1,434.50',
      '02-09-2026 10:42 AM',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('answers the receipt in Arabic, with the Arabic title', async () => {
    const { text } = await expectPdf(
      await get(`/payments/${ids.receipt}/receipt?lng=ar`),
      'receipt-RCT-900001.pdf',
    );
    expect(compact(text)).toContain(compact('إيصال دفع'));
    expect(text).toContain('RCT-900001');
    expect(text).toContain('1,434.50');
    expect(text).toContain('Omar Khalid Al Mansouri');
  });

  it('answers a tax invoice with the school’s VAT registration number, lines and totals', async () => {
    const { text } = await expectPdf(await get(`/fees/invoices/${ids.tax}/pdf`), 'invoice-INV-900001.pdf');
    for (const expected of [
      'Tax invoice',
      'Mogra Demo School',
      'Omar Khalid Al Mansouri',
      'INV-900001',
      `(TRN): ${trn}`,
      '10,000.00',
      '500.00',
      '5%',
      '475.00',
      '9,975.00',
      'AED 9,975.00',
      '20-08-2026',
      '10-09-2026',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('not a tax invoice');
    const arabic = await expectPdf(
      await get(`/fees/invoices/${ids.tax}/pdf?lng=ar`),
      'invoice-INV-900001.pdf',
    );
    expect(compact(arabic.text)).toContain(compact('فاتورة ضريبية'));
  });

  it('answers a proforma invoice titled as one and marked as not a tax invoice', async () => {
    const { text } = await expectPdf(
      await get(`/fees/proforma-invoices/${ids.proforma}/pdf`),
      'proforma-PRO-900001.pdf',
    );
    for (const expected of ['Proforma invoice', 'This is not a tax invoice', 'PRO-900001', 'AED 9,975.00']) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Tax invoice');
    const arabic = await expectPdf(
      await get(`/fees/proforma-invoices/${ids.proforma}/pdf?lng=ar`),
      'proforma-PRO-900001.pdf',
    );
    expect(compact(arabic.text)).toContain(compact('فاتورة مبدئية'));
  });

  it('answers a store invoice, over several pages when it is long', async () => {
    const { text } = await expectPdf(
      await get(`/wallet/store-invoices/${ids.store}/pdf`),
      'store-invoice-STR-900001.pdf',
    );
    for (const expected of [
      'Store invoice',
      'Layla Khalid Al Mansouri',
      'STR-900001',
      'Canteen meal 2',
      'AED 50.00',
    ]) {
      expect(text).toContain(expected);
    }
    const long = await expectPdf(
      await get(`/wallet/store-invoices/${ids.longStore}/pdf`),
      'store-invoice-STR-900002.pdf',
    );
    expect(long.pages).toBeGreaterThan(1);
    expect(long.text).toContain('Canteen meal 70');
    expect(long.text).toContain(`Page ${long.pages} of ${long.pages}`);
    const arabic = await expectPdf(
      await get(`/wallet/store-invoices/${ids.store}/pdf?lng=ar`),
      'store-invoice-STR-900001.pdf',
    );
    expect(compact(arabic.text)).toContain(compact('فاتورة المتجر'));
  });

  it("refuses another family's documents of the same school with 403 A002", async () => {
    for (const url of [
      `/payments/${ids.otherFamilyReceipt}/receipt`,
      `/fees/invoices/${ids.otherFamilyTax}/pdf`,
      `/fees/proforma-invoices/${ids.otherFamilyProforma}/pdf`,
      `/wallet/store-invoices/${ids.otherFamilyStore}/pdf`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().messageId, url).toBe('A002');
    }
  });

  it("refuses another school's documents with 403 A002, and answers that school's parent", async () => {
    for (const url of [
      `/payments/${ids.otherSchoolReceipt}/receipt`,
      `/fees/invoices/${ids.otherSchoolTax}/pdf`,
      `/wallet/store-invoices/${ids.otherSchoolStore}/pdf`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().messageId, url).toBe('A002');
    }
    // Their own parent gets the receipt, in their school's name...
    const own = await expectPdf(
      await get(`/payments/${ids.otherSchoolReceipt}/receipt`, 'bcad', bcad),
      'receipt-RCT-900004.pdf',
    );
    expect(own.text).toContain('Beacon Crest Academy');
    expect(own.text).not.toContain('Mogra');
    // ...and mogra's documents are refused to them in turn.
    const mograReceipt = await get(`/payments/${ids.receipt}/receipt`, 'bcad', bcad);
    expect(mograReceipt.statusCode).toBe(403);
    expect(mograReceipt.json().messageId).toBe('A002');
  });

  it('refuses a module the school does not grant with 403 A001', async () => {
    // bcad grants fee payment but neither fee invoices nor store invoices.
    for (const url of [
      `/fees/invoices/${ids.bcadTax}/pdf`,
      `/wallet/store-invoices/${ids.otherSchoolStore}/pdf`,
    ]) {
      const response = await get(url, 'bcad', bcad);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().messageId, url).toBe('A001');
    }
  });

  it('answers 404 N404 for an id that names no such document', async () => {
    for (const url of [
      `/payments/${randomUUID()}/receipt`,
      `/payments/${ids.pendingPayment}/receipt`,
      `/fees/invoices/${randomUUID()}/pdf`,
      `/fees/invoices/${ids.proforma}/pdf`,
      `/fees/proforma-invoices/${ids.tax}/pdf`,
      `/wallet/store-invoices/${randomUUID()}/pdf`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().messageId, url).toBe('N404');
    }
  });

  it('answers 400 V001 for a language other than en or ar, or an id that is not a UUID', async () => {
    for (const url of [
      `/payments/${ids.receipt}/receipt?lng=fr`,
      `/fees/invoices/${ids.tax}/pdf?lng=`,
      `/wallet/store-invoices/${ids.store}/pdf?lng=AR`,
      '/payments/not-a-uuid/receipt',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().messageId, url).toBe('V001');
    }
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${API}/payments/${ids.receipt}/receipt`,
      headers: { 'client-id': 'mogra' },
    });
    expect(response.statusCode).toBe(401);
  });
});
