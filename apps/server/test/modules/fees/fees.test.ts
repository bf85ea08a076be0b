import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  ZFeeDetails,
  ZInvoices,
  ZPaidDetails,
  ZPaymentLinkAnswer,
  ZPaymentLinks,
  ZPreviousFees,
  ZStoreInvoices,
  ZWallet,
  type TFeeItem,
} from '@portal/contracts/fees';
import { feeLine, feeStatus, sumMinor } from '@portal/contracts/money';
import { feeItems, issuedDocumentNumbers, paymentLinks } from '../../../src/db/schema/index.ts';
import { schoolToday } from '../../../src/access/school.ts';
import { buildTestApp, signIn, type TTestApp } from '../../helper.ts';

const API = '/api/v1/ppn';
// The demo schools' day (Asia/Dubai), as fee states are counted.
const today = () => schoolToday('Asia/Dubai');

describe('fee, invoice, link and wallet answers', () => {
  let t: TTestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp();
    token = await signIn(t.app, 'mogra', 'parent@mogra.demo');
  });
  afterAll(() => t.close());

  const get = (url: string, bearer = token, schoolId = 'mogra') =>
    t.app.inject({
      method: 'GET',
      url: `${API}${url}`,
      headers: { 'client-id': schoolId, authorization: `Bearer ${bearer}` },
    });
  const docNo = (payload: unknown, bearer = token) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/fees/doc-no`,
      headers: { 'client-id': 'mogra', authorization: `Bearer ${bearer}` },
      payload: payload as Record<string, unknown>,
    });

  it("answers a child's year with money.ts figures and a summary that adds up", async () => {
    const response = await get('/fees/fee-details?enrollNumber=MG1002');
    expect(response.statusCode).toBe(200);
    const details = ZFeeDetails.parse(response.json());
    expect(details).toMatchObject({ success: true, currency: 'AED', allowsPartialPayment: true });
    expect(details.minimumPartialMinor).toBe(500_00);
    expect(details.items.length).toBeGreaterThan(0);
    const now = today();
    for (const item of details.items) {
      expect(item.enrollNumber).toBe('MG1002');
      expect(item.academicYear).toBe('2026');
      const figures = feeLine(item);
      expect(item.discountMinor).toBe(figures.discountMinor);
      expect(item.vatMinor).toBe(figures.vatMinor);
      expect(item.totalMinor).toBe(figures.totalMinor);
      expect(item.outstandingMinor).toBe(item.totalMinor - item.paidMinor);
      expect(item.status).toBe(feeStatus(item, now));
    }
    const dueOrder = details.items.map((item) => item.dueOn);
    expect(dueOrder).toEqual([...dueOrder].sort());
    // The demo always has every state, whatever the day it was seeded.
    expect(new Set(details.items.map((item) => item.status))).toEqual(new Set(['paid', 'due', 'overdue']));
    // The second child has the sibling discount on tuition.
    const tuition = details.items.filter((item) => item.feeTypeCode === 'tuition');
    expect(tuition.every((item) => item.discountMinor === item.amountMinor * 0.05)).toBe(true);
    const owing = (status: TFeeItem['status']) =>
      sumMinor(details.items.filter((item) => item.status === status).map((item) => item.outstandingMinor));
    const { summary } = details;
    expect(summary.dueMinor).toBe(owing('due'));
    expect(summary.overdueMinor).toBe(owing('overdue'));
    expect(summary.paidMinor).toBe(sumMinor(details.items.map((item) => item.paidMinor)));
    expect(summary.paidMinor + summary.dueMinor + summary.overdueMinor).toBe(
      sumMinor(details.items.map((item) => item.totalMinor)),
    );
    const ahead = details.items.filter((item) => item.status === 'due');
    const next = ahead.map((item) => item.dueOn).sort()[0];
    expect(summary.nextDueOn).toBe(next);
    expect(summary.nextDueMinor).toBe(
      sumMinor(ahead.filter((item) => item.dueOn === next).map((item) => item.outstandingMinor)),
    );
  });

  it('lets nothing of another child through', async () => {
    const others = await t.database.db
      .select({ id: feeItems.id, enrollNumber: feeItems.enrollNumber })
      .from(feeItems)
      .where(eq(feeItems.schoolId, 'mogra'));
    const foreign = others.filter((row) => row.enrollNumber !== 'MG1002');
    expect(foreign.length).toBeGreaterThan(0);
    for (const url of [
      '/fees/fee-details?enrollNumber=MG1002',
      '/fees/previous-fee?enrollNumber=MG1002',
      '/fees/invoices?enrollNumber=MG1002',
      '/fees/proforma-invoices?enrollNumber=MG1002',
      '/wallet?enrollNumber=MG1002',
      '/wallet/store-invoices?enrollNumber=MG1002',
    ]) {
      const body = (await get(url)).body;
      for (const row of foreign) {
        expect(body).not.toContain(row.id);
        expect(body).not.toContain(row.enrollNumber);
      }
    }
    // A payment lists every item it paid, a brother's or sister's too: only this parent's children.
    const paid = ZPaidDetails.parse((await get('/fees/paid-details?enrollNumber=MG1002')).json());
    for (const payment of paid.payments) {
      expect(payment.allocations.some((allocation) => allocation.enrollNumber === 'MG1002')).toBe(true);
      for (const allocation of payment.allocations)
        expect(['MG1001', 'MG1002', 'MG1003']).toContain(allocation.enrollNumber);
    }
  });

  it('answers earlier years only where something is still owed', async () => {
    const previous = ZPreviousFees.parse((await get('/fees/previous-fee?enrollNumber=MG1001')).json());
    expect(previous.items.length).toBeGreaterThan(0);
    for (const item of previous.items) {
      expect(item.academicYear < '2026').toBe(true);
      expect(item.outstandingMinor).toBeGreaterThan(0);
      expect(item.status).toBe(feeStatus(item, today()));
    }
    expect(previous.outstandingMinor).toBe(sumMinor(previous.items.map((item) => item.outstandingMinor)));
    const none = ZPreviousFees.parse((await get('/fees/previous-fee?enrollNumber=MG1002')).json());
    expect(none).toMatchObject({ items: [], outstandingMinor: 0 });
  });

  it("lists the parent's successful payments for a child, newest first, with every item each paid", async () => {
    const paid = ZPaidDetails.parse((await get('/fees/paid-details?enrollNumber=MG1001')).json());
    expect(paid.payments.length).toBeGreaterThanOrEqual(3);
    const times = paid.payments.map((payment) => payment.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    for (const payment of paid.payments) {
      expect(payment.status).toBe('succeeded');
      expect(payment.receiptNo).toMatch(/^RCT-\d{6}$/);
      expect(payment.allocations.length).toBeGreaterThan(0);
      expect(sumMinor(payment.allocations.map((allocation) => allocation.amountMinor))).toBe(
        payment.amountMinor,
      );
    }
    // The term-1 payment paid all three children's lines: all of them show, as on its receipt.
    const family = paid.payments.find(
      (payment) => payment.kind === 'fees' && payment.allocations.length >= 3,
    );
    expect(new Set(family?.allocations.map((allocation) => allocation.enrollNumber))).toEqual(
      new Set(['MG1001', 'MG1002', 'MG1003']),
    );
    // Another family of the school sees none of these payments.
    const otherToken = await signIn(t.app, 'mogra', 'family.haddad@mogra.demo');
    const theirs = ZPaidDetails.parse(
      (await get('/fees/paid-details?enrollNumber=MG2001', otherToken)).json(),
    );
    const ids = new Set(paid.payments.map((payment) => payment.id));
    expect(theirs.payments.length).toBeGreaterThan(0);
    expect(theirs.payments.some((payment) => ids.has(payment.id))).toBe(false);
  });

  it('answers tax invoices and proformas on their own paths, their totals adding up', async () => {
    const tax = ZInvoices.parse((await get('/fees/invoices?enrollNumber=MG1001')).json());
    const proforma = ZInvoices.parse((await get('/fees/proforma-invoices?enrollNumber=MG1001')).json());
    expect(tax.invoices.length).toBeGreaterThan(0);
    expect(proforma.invoices.length).toBe(1);
    for (const invoice of [...tax.invoices, ...proforma.invoices]) {
      expect(invoice.enrollNumber).toBe('MG1001');
      expect(invoice.docNo).toMatch(invoice.kind === 'tax' ? /^INV-\d{6}$/ : /^PRO-\d{6}$/);
      const sum = (pick: (line: (typeof invoice.lines)[number]) => number) =>
        sumMinor(invoice.lines.map(pick));
      expect(invoice.subtotalMinor).toBe(sum((line) => line.amountMinor));
      expect(invoice.discountMinor).toBe(sum((line) => line.discountMinor));
      expect(invoice.vatMinor).toBe(sum((line) => line.vatMinor));
      expect(invoice.totalMinor).toBe(sum((line) => line.totalMinor));
      for (const line of invoice.lines) expect(line.totalMinor).toBe(feeLine(line).totalMinor);
    }
    expect(tax.invoices.every((invoice) => invoice.kind === 'tax')).toBe(true);
    expect(proforma.invoices[0]?.kind).toBe('proforma');
    expect((await get('/fees/invoices?enrollNumber=MG1001&kind=tax')).statusCode).toBe(200);
    const wrongKind = await get('/fees/invoices?enrollNumber=MG1001&kind=proforma');
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().messageId).toBe('V001');
  });

  it("lists the parent's children's payment links with their states, and opens one", async () => {
    const list = ZPaymentLinks.parse((await get('/payment-links')).json());
    expect(new Set(list.links.map((link) => link.status))).toEqual(new Set(['open', 'paid', 'expired']));
    expect(list.links.every((link) => ['MG1001', 'MG1002', 'MG1003'].includes(link.enrollNumber))).toBe(true);
    for (const link of list.links) {
      expect(link.status === 'paid').toBe(link.paymentId !== null);
      if (link.status === 'expired') expect(link.expiresOn < today()).toBe(true);
      if (link.status === 'open') expect(link.expiresOn >= today()).toBe(true);
    }
    const first = list.links[0];
    if (!first) throw new Error('no links');
    const one = ZPaymentLinkAnswer.parse((await get(`/payment-links/${first.id}`)).json());
    expect(one.link).toEqual(first);
    const [theirs] = await t.database.db
      .select({ id: paymentLinks.id })
      .from(paymentLinks)
      .where(and(eq(paymentLinks.schoolId, 'mogra'), eq(paymentLinks.enrollNumber, 'MG2001')));
    const [elsewhere] = await t.database.db
      .select({ id: paymentLinks.id })
      .from(paymentLinks)
      .where(eq(paymentLinks.schoolId, 'bcad'));
    for (const id of [theirs?.id, elsewhere?.id]) {
      const refused = await get(`/payment-links/${id}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().messageId).toBe('A002');
    }
    const missing = await get('/payment-links/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().messageId).toBe('N404');
    const malformed = await get('/payment-links/not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().messageId).toBe('V001');
  });

  it('answers a wallet whose history adds up to its balance, never below zero', async () => {
    const wallet = ZWallet.parse((await get('/wallet?enrollNumber=MG1003')).json());
    expect(wallet.transactions.length).toBeGreaterThan(1);
    expect(wallet.balanceMinor).toBe(wallet.transactions[0]?.balanceAfterMinor);
    const oldestFirst = [...wallet.transactions].reverse();
    let balance = 0;
    for (const transaction of oldestFirst) {
      balance += transaction.amountMinor;
      expect(balance).toBeGreaterThanOrEqual(0);
      expect(transaction.balanceAfterMinor).toBe(balance);
      expect(transaction.amountMinor > 0).toBe(transaction.kind === 'topup');
    }
    const store = ZStoreInvoices.parse((await get('/wallet/store-invoices?enrollNumber=MG1003')).json());
    expect(store.invoices.length).toBe(
      wallet.transactions.filter((entry) => entry.kind === 'purchase').length,
    );
    for (const invoice of store.invoices) {
      expect(invoice.docNo).toMatch(/^STR-\d{6}$/);
      expect(invoice.totalMinor).toBe(sumMinor(invoice.lines.map((line) => line.totalMinor)));
      for (const line of invoice.lines) expect(line.totalMinor).toBe(line.unitMinor * line.quantity);
    }
  });

  it('hands out 20 distinct, consecutive document numbers to 20 simultaneous calls, and records them', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => docNo({ data: { enrollNumber: 'MG1001' } })),
    );
    const numbers = answers.map((answer) => {
      expect(answer.statusCode).toBe(200);
      return answer.json() as number;
    });
    const sorted = [...numbers].sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    sorted.forEach((value, index) => expect(value).toBe((sorted[0] ?? 0) + index));
    const recorded = await t.database.db
      .select()
      .from(issuedDocumentNumbers)
      .where(and(eq(issuedDocumentNumbers.schoolId, 'mogra'), eq(issuedDocumentNumbers.series, 'payment')));
    expect(recorded.map((row) => row.docNo).sort((a, b) => a - b)).toEqual(sorted);
    expect(recorded.every((row) => row.parentId === 'MG-P001' && row.enrollNumber === 'MG1001')).toBe(true);
    const next = await docNo({ data: { enrollNumber: 'MG1002' } });
    expect(next.json()).toBe((sorted[19] ?? 0) + 1);
  });

  it("refuses a document number for another parent's child (403 A002) and a body not under data (400 V001)", async () => {
    for (const enrollNumber of ['MG2001', 'BC3101', 'NOPE']) {
      const refused = await docNo({ data: { enrollNumber } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().messageId).toBe('A002');
    }
    for (const payload of [{ enrollNumber: 'MG1001' }, { data: 'MG1001' }, {}]) {
      const bad = await docNo(payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().messageId).toBe('V001');
    }
  });

  it('answers 503 L000 when no number can be taken, and gives the number back', async () => {
    const before = (await docNo({ data: { enrollNumber: 'MG1001' } })).json() as number;
    await t.database.db.execute(sql`alter table issued_document_numbers rename to issued_numbers_away`);
    try {
      const failed = await docNo({ data: { enrollNumber: 'MG1001' } });
      expect(failed.statusCode).toBe(503);
      expect(failed.json()).toMatchObject({ success: false, messageId: 'L000' });
    } finally {
      await t.database.db.execute(sql`alter table issued_numbers_away rename to issued_document_numbers`);
    }
    expect((await docNo({ data: { enrollNumber: 'MG1001' } })).json()).toBe(before + 1);
  });
});
