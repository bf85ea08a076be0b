import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPaymentAnswer } from '@portal/contracts/fees';
import { buildTestApp, signIn, type TTestApp } from '../../helper.ts';
import {
  addFeeLine,
  addLink,
  agePayment,
  countEvents,
  deliver,
  linkPaymentOf,
  newKey,
  paidOf,
  paymentRow,
  sandboxEvent,
  setFeePolicy,
  signed,
  walletOf,
  walletRowsOf,
  SANDBOX_SECRET,
} from './payments-fixtures.ts';

// The provider's reports, sent here as the sandbox provider signs them, with the secret the
// app was given: signature and timestamp checks, replays, and events in any order.
describe('payment webhooks', () => {
  let t: TTestApp;
  let sara: string;
  beforeAll(async () => {
    t = await buildTestApp({
      env: { SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET, PUBLIC_BASE_URL: 'https://{schoolId}.portal.example/' },
    });
    sara = await signIn(t.app, 'mogra', 'parent@mogra.demo');
    await setFeePolicy(t.database, 'mogra', { allowsPartialPayment: true, minimumPartialMinor: 0 });
  });
  afterAll(() => t.close());

  const start = async (payload: Record<string, unknown>) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/payments',
      headers: { 'client-id': 'mogra', authorization: `Bearer ${sara}` },
      payload: { idempotencyKey: newKey(), ...payload },
    });
    expect(response.statusCode).toBe(201);
    const answer = ZPaymentAnswer.parse(response.json());
    const ref = new URL(answer.redirectUrl ?? '').pathname.split('/').pop() ?? '';
    return { id: answer.payment.id, ref };
  };
  const payLine = async (line: string, amountMinor: number) =>
    start({ kind: 'fees', items: [{ feeItemId: line, amountMinor }] });
  const report = (ref: string, outcome: 'succeeded' | 'declined' | 'abandoned', eventId?: string) => {
    const body = sandboxEvent(ref, outcome, eventId);
    return deliver(t.app, 'sandbox', body, { 'sandbox-signature': signed(SANDBOX_SECRET, body) });
  };
  const read = async (id: string) =>
    ZPaymentAnswer.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/ppn/payments/${id}`,
          headers: { 'client-id': 'mogra', authorization: `Bearer ${sara}` },
        })
      ).json(),
    ).payment;

  it("sends the browser to the school's address from PUBLIC_BASE_URL, whatever the Host header says", async () => {
    const line = await addFeeLine(t.database, 'mogra', 'MG1001', { totalMinor: 10_00 });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/payments',
      headers: { 'client-id': 'mogra', authorization: `Bearer ${sara}`, host: 'evil.example' },
      payload: { kind: 'fees', idempotencyKey: newKey(), items: [{ feeItemId: line, amountMinor: 10_00 }] },
    });
    expect(response.json().redirectUrl).toMatch(/^https:\/\/mogra\.portal\.example\/sandbox-pay\/sbx_/);
  });

  it('records a success: the line grows by exactly the payment, with a receipt number', async () => {
    const line = await addFeeLine(t.database, 'mogra', 'MG1001', { totalMinor: 900_00, paidMinor: 100_00 });
    const { id, ref } = await payLine(line, 350_00);
    const response = await report(ref, 'succeeded');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, messageId: 'S200' });
    expect(await paidOf(t.database, line)).toBe(450_00);
    const payment = await read(id);
    expect(payment.status).toBe('succeeded');
    expect(payment.receiptNo).toMatch(/^RCT-\d{6}$/);
    expect(payment.completedAt).not.toBeNull();
  });

  it('gives consecutive receipt numbers', async () => {
    const numbers: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      const line = await addFeeLine(t.database, 'mogra', 'MG1002', { totalMinor: 10_00 });
      const { id, ref } = await payLine(line, 10_00);
      await report(ref, 'succeeded');
      numbers.push(Number((await read(id)).receiptNo?.slice(4)));
    }
    expect(numbers).toEqual([numbers[0], (numbers[0] ?? 0) + 1, (numbers[0] ?? 0) + 2]);
  });

  it('refuses a bad signature with 400 F008 and changes nothing', async () => {
    const line = await addFeeLine(t.database, 'mogra', 'MG1001', { totalMinor: 200_00 });
    const { id, ref } = await payLine(line, 200_00);
    const body = sandboxEvent(ref, 'succeeded');
    const now = Math.floor(Date.now() / 1000);
    const declined = sandboxEvent(ref, 'declined');
    const attempts: { body: string; header?: string }[] = [
      // A signed "declined" turned into "succeeded", and a body changed by one space.
      {
        body: declined.replace('checkout.declined', 'checkout.succeeded'),
        header: signed(SANDBOX_SECRET, declined),
      },
      { body: body.replace('"created"', '"created" '), header: signed(SANDBOX_SECRET, body) },
      { body, header: signed('another-secret-another-secret-0123456789', body) }, // wrong secret
      { body, header: signed(SANDBOX_SECRET, body, now - 301) }, // too old
      { body, header: signed(SANDBOX_SECRET, body, now + 301) }, // too far ahead
      { body, header: signed(SANDBOX_SECRET, body).replace(/v1=[0-9a-f]+/, 'v1=') }, // no signature
      { body, header: `v1=${signed(SANDBOX_SECRET, body).split('v1=')[1]}` }, // no timestamp
      { body }, // no header
    ];
    for (const attempt of attempts) {
      const headers: Record<string, string> = attempt.header ? { 'sandbox-signature': attempt.header } : {};
      const response = await deliver(t.app, 'sandbox', attempt.body, headers);
      expect({ status: response.statusCode, messageId: response.json().messageId }).toEqual({
        status: 400,
        messageId: 'F008',
      });
    }
    expect(await paidOf(t.database, line)).toBe(0);
    expect((await paymentRow(t.database, id)).status).toBe('pending');
    expect(await countEvents(t.database, id)).toBe(0);
    // A body signed with Stripe's scheme cannot be sent to the sandbox's address either.
    const stripe = await deliver(t.app, 'stripe', body, { 'stripe-signature': signed(SANDBOX_SECRET, body) });
    expect(stripe.statusCode).toBe(404);
  });

  it('accepts a timestamp within 300 s', async () => {
    const line = await addFeeLine(t.database, 'mogra', 'MG1001', { totalMinor: 20_00 });
    const { ref } = await payLine(line, 20_00);
    const body = sandboxEvent(ref, 'succeeded');
    const response = await deliver(t.app, 'sandbox', body, {
      'sandbox-signature': signed(SANDBOX_SECRET, body, Math.floor(Date.now() / 1000) - 290),
    });
    expect(response.statusCode).toBe(200);
    expect(await paidOf(t.database, line)).toBe(20_00);
  });

  it('changes nothing on a replayed event, even delivered many times at once', async () => {
    const line = await addFeeLine(t.database, 'mogra', 'MG1003', { totalMinor: 600_00 });
    const { id, ref } = await payLine(line, 250_00);
    const body = sandboxEvent(ref, 'succeeded');
    const header = { 'sandbox-signature': signed(SANDBOX_SECRET, body) };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => deliver(t.app, 'sandbox', body, header)),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(await paidOf(t.database, line)).toBe(250_00);
    const receipt = (await paymentRow(t.database, id)).receiptNo;
    expect((await deliver(t.app, 'sandbox', body, header)).statusCode).toBe(200);
    expect(await paidOf(t.database, line)).toBe(250_00);
    expect((await paymentRow(t.database, id)).receiptNo).toBe(receipt);
    expect(await countEvents(t.database, id)).toBe(1);
  });

  it('keeps a success whatever arrives after it (declined, abandoned, a second success)', async () => {
    const line = await addFeeLine(t.database, 'mogra', 'MG1001', { totalMinor: 300_00 });
    const { id, ref } = await payLine(line, 300_00);
    await report(ref, 'succeeded');
    const receipt = (await paymentRow(t.database, id)).receiptNo;
    for (const outcome of ['declined', 'abandoned', 'succeeded'] as const) {
      expect((await report(ref, outcome)).statusCode).toBe(200);
    }
    const row = await paymentRow(t.database, id);
    expect({ status: row.status, receiptNo: row.receiptNo }).toEqual({
      status: 'succeeded',
      receiptNo: receipt,
    });
    expect(await paidOf(t.database, line)).toBe(300_00);
  });

  it('records money that arrives after the parent abandoned the page, or after a decline', async () => {
    for (const first of ['abandoned', 'declined'] as const) {
      const line = await addFeeLine(t.database, 'mogra', 'MG1002', { totalMinor: 120_00 });
      const { id, ref } = await payLine(line, 120_00);
      await report(ref, first);
      expect((await read(id)).status).toBe(first);
      expect(await paidOf(t.database, line)).toBe(0);
      await report(ref, 'succeeded');
      expect((await read(id)).status).toBe('succeeded');
      expect(await paidOf(t.database, line)).toBe(120_00);
    }
  });

  it('keeps the first of declined and abandoned', async () => {
    const line = await addFeeLine(t.database, 'mogra', 'MG1002', { totalMinor: 120_00 });
    const { id, ref } = await payLine(line, 120_00);
    await report(ref, 'declined');
    await report(ref, 'abandoned');
    expect((await read(id)).status).toBe('declined');
  });

  it('records a success that comes after the 24-hour abandon', async () => {
    const line = await addFeeLine(t.database, 'mogra', 'MG1003', { totalMinor: 80_00 });
    const { id, ref } = await payLine(line, 80_00);
    await agePayment(t.database, id, 30);
    expect((await read(id)).status).toBe('abandoned');
    await report(ref, 'succeeded');
    expect((await read(id)).status).toBe('succeeded');
    expect(await paidOf(t.database, line)).toBe(80_00);
  });

  it('credits to the wallet what a line could no longer take (paid meanwhile by another payment)', async () => {
    const line = await addFeeLine(t.database, 'mogra', 'MG1003', { totalMinor: 500_00 });
    const first = await payLine(line, 500_00);
    const second = await payLine(line, 300_00);
    const wallet = await walletOf(t.database, 'mogra', 'MG1003');
    await report(first.ref, 'succeeded');
    await report(second.ref, 'succeeded');
    expect(await paidOf(t.database, line)).toBe(500_00);
    expect(await walletOf(t.database, 'mogra', 'MG1003')).toBe(wallet + 300_00);
    expect((await read(second.id)).status).toBe('succeeded');
  });

  it('credits a top-up to the wallet once', async () => {
    const wallet = await walletOf(t.database, 'mogra', 'MG1002');
    const { id, ref } = await start({ kind: 'topup', enrollNumber: 'MG1002', amountMinor: 150_00 });
    await report(ref, 'succeeded');
    await report(ref, 'succeeded');
    expect(await walletOf(t.database, 'mogra', 'MG1002')).toBe(wallet + 150_00);
    const rows = await walletRowsOf(t.database, id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'topup', amountMinor: 150_00, balanceAfterMinor: wallet + 150_00 });
  });

  it('marks a link paid, after which it cannot be paid again (409 F005)', async () => {
    const link = await addLink(t.database, 'mogra', 'MG1001', { amountMinor: 45_00 });
    const { id, ref } = await start({ kind: 'link', linkId: link });
    // A second tab opened while the first one's checkout is open answers that same checkout.
    const sameAgain = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/payments',
      headers: { 'client-id': 'mogra', authorization: `Bearer ${sara}` },
      payload: { kind: 'link', idempotencyKey: newKey(), linkId: link },
    });
    expect({ status: sameAgain.statusCode, id: sameAgain.json().payment.id }).toEqual({ status: 200, id });
    // A second tab opened once the first checkout had expired (24 hours), and the first paid late.
    await agePayment(t.database, id, 25);
    const other = await start({ kind: 'link', linkId: link });
    await report(ref, 'succeeded');
    expect(await linkPaymentOf(t.database, link)).toBe(id);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/payments',
      headers: { 'client-id': 'mogra', authorization: `Bearer ${sara}` },
      payload: { kind: 'link', idempotencyKey: newKey(), linkId: link },
    });
    expect({ status: again.statusCode, messageId: again.json().messageId }).toEqual({
      status: 409,
      messageId: 'F005',
    });
    // If the second tab is paid too, the money is kept as wallet credit and the link stays with the first.
    const wallet = await walletOf(t.database, 'mogra', 'MG1001');
    await report(other.ref, 'succeeded');
    expect(await linkPaymentOf(t.database, link)).toBe(id);
    expect(await walletOf(t.database, 'mogra', 'MG1001')).toBe(wallet + 45_00);
  });

  it('answers 200 for an event about no payment of ours, and records nothing', async () => {
    const response = await report('sbx_unknownunknownunknown', 'succeeded');
    expect(response.statusCode).toBe(200);
  });

  it('refuses a body that is not JSON (415 for another content type, 400 F008 for a bad body)', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/payments/sandbox',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=b',
    });
    expect(form.statusCode).toBe(415);
    const body = '{"id":"evt_1","type":"checkout.succeeded"';
    const response = await deliver(t.app, 'sandbox', body, {
      'sandbox-signature': signed(SANDBOX_SECRET, body),
    });
    expect({ status: response.statusCode, messageId: response.json().messageId }).toEqual({
      status: 400,
      messageId: 'F008',
    });
  });
});
