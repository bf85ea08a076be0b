import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZPaymentAnswer } from '@portal/contracts/fees';
import { buildTestApp, signIn, type TTestApp } from '../../helper.ts';
import { startFakeStripe, stripeEvent, type TFakeStripe } from '../../fakes/stripe-api.ts';
import {
  addFeeLine,
  deliver,
  newKey,
  paidOf,
  paymentRow,
  setFeePolicy,
  signed,
} from './payments-fixtures.ts';

const SECRET_KEY = 'sk_test_portal_0123456789';
const WEBHOOK_SECRET = 'whsec_test_portal_0123456789';

// The Stripe Checkout adapter against a local fake of Stripe's API: sessions made with the
// payment's idempotency key, and Stripe-signed webhooks.
describe('the Stripe Checkout provider', () => {
  let t: TTestApp;
  let stripe: TFakeStripe;
  let token: string;
  beforeAll(async () => {
    stripe = await startFakeStripe(SECRET_KEY);
    t = await buildTestApp({
      env: {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_API_URL: `${stripe.url}/`,
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
    });
    token = await signIn(t.app, 'mogra', 'parent@mogra.demo');
    await setFeePolicy(t.database, 'mogra', { allowsPartialPayment: true, minimumPartialMinor: 0 });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });
  beforeEach(() => {
    stripe.setMode('ok');
    stripe.setDelay(0);
  });

  const pay = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/payments',
      headers: { 'client-id': 'mogra', authorization: `Bearer ${token}`, host: 'mogra.portal.test' },
      payload,
    });
  const fees = (line: string, amountMinor: number, idempotencyKey = newKey()) =>
    pay({ kind: 'fees', idempotencyKey, items: [{ feeItemId: line, amountMinor }] });
  const sessionOf = (redirectUrl: string | null) => redirectUrl?.split('/').pop() ?? '';
  const report = (type: string, sessionId: string, paymentStatus = 'paid') => {
    const body = stripeEvent(type, sessionId, paymentStatus);
    return deliver(t.app, 'stripe', body, { 'stripe-signature': signed(WEBHOOK_SECRET, body) });
  };

  it('creates a Checkout Session with the payment as idempotency key and sends the parent there', async () => {
    const line = await addFeeLine(t.database, 'mogra', 'MG1001', { totalMinor: 1_234_50 });
    const before = stripe.requests.length;
    const response = await fees(line, 1_234_50);
    expect(response.statusCode).toBe(201);
    const answer = ZPaymentAnswer.parse(response.json());
    const id = answer.payment.id;
    expect(stripe.requests.length).toBe(before + 1);
    const request = stripe.requests.at(-1);
    expect(request?.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request?.contentType).toBe('application/x-www-form-urlencoded');
    expect(request?.idempotencyKey).toBe(id);
    expect(Object.fromEntries(request?.form ?? [])).toMatchObject({
      mode: 'payment',
      client_reference_id: id,
      'metadata[payment_id]': id,
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'aed',
      'line_items[0][price_data][unit_amount]': '123450',
      success_url: `http://mogra.localhost:3000/payment-return?payment=${id}`,
      cancel_url: `http://mogra.localhost:3000/payment-return?payment=${id}&cancelled=1`,
    });
    expect(answer.payment.provider).toBe('stripe');
    expect(answer.redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    expect((await paymentRow(t.database, id)).providerRef).toBe(sessionOf(answer.redirectUrl));
  });

  it('opens one session for 20 simultaneous requests with one key, while Stripe is slow', async () => {
    stripe.setDelay(300);
    const line = await addFeeLine(t.database, 'mogra', 'MG1002', { totalMinor: 700_00 });
    const key = newKey();
    const sessionsBefore = stripe.sessions.size;
    const requestsBefore = stripe.requests.length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => fees(line, 700_00, key)));
    expect(answers.map((answer) => answer.statusCode).sort((a, b) => a - b)).toEqual([
      ...Array<number>(19).fill(200),
      201,
    ]);
    const parsed = answers.map((answer) => ZPaymentAnswer.parse(answer.json()));
    expect(new Set(parsed.map((answer) => answer.payment.id)).size).toBe(1);
    expect(new Set(parsed.map((answer) => answer.redirectUrl)).size).toBe(1);
    expect(stripe.requests.length - requestsBefore).toBe(1);
    expect(stripe.sessions.size - sessionsBefore).toBe(1);
  });

  it('records Stripe-signed outcomes: completed and paid, async success and failure, expiry', async () => {
    const cases = [
      { type: 'checkout.session.completed', status: 'succeeded', paid: 40_00 },
      { type: 'checkout.session.async_payment_succeeded', status: 'succeeded', paid: 40_00 },
      { type: 'checkout.session.async_payment_failed', status: 'declined', paid: 0 },
      { type: 'checkout.session.expired', status: 'abandoned', paid: 0 },
    ];
    for (const { type, status, paid } of cases) {
      const line = await addFeeLine(t.database, 'mogra', 'MG1003', { totalMinor: 40_00 });
      const answer = ZPaymentAnswer.parse((await fees(line, 40_00)).json());
      const response = await report(
        type,
        sessionOf(answer.redirectUrl),
        type.endsWith('expired') ? 'unpaid' : 'paid',
      );
      expect(response.statusCode).toBe(200);
      expect({ type, status: (await paymentRow(t.database, answer.payment.id)).status }).toEqual({
        type,
        status,
      });
      expect(await paidOf(t.database, line)).toBe(paid);
    }
  });

  it('waits when a session completes unpaid (a delayed method), and ignores unrelated events', async () => {
    const line = await addFeeLine(t.database, 'mogra', 'MG1003', { totalMinor: 55_00 });
    const answer = ZPaymentAnswer.parse((await fees(line, 55_00)).json());
    const session = sessionOf(answer.redirectUrl);
    expect((await report('checkout.session.completed', session, 'unpaid')).statusCode).toBe(200);
    expect((await report('payment_intent.created', session)).statusCode).toBe(200);
    expect((await paymentRow(t.database, answer.payment.id)).status).toBe('pending');
    expect((await report('checkout.session.async_payment_succeeded', session)).statusCode).toBe(200);
    expect(await paidOf(t.database, line)).toBe(55_00);
  });

  it('refuses a wrong Stripe-Signature with 400 F008 and changes nothing', async () => {
    const line = await addFeeLine(t.database, 'mogra', 'MG1001', { totalMinor: 66_00 });
    const answer = ZPaymentAnswer.parse((await fees(line, 66_00)).json());
    const body = stripeEvent('checkout.session.completed', sessionOf(answer.redirectUrl));
    const now = Math.floor(Date.now() / 1000);
    for (const header of [
      signed('whsec_someone_else', body),
      signed(WEBHOOK_SECRET, body, now - 400),
      signed(WEBHOOK_SECRET, `${body} `),
      '',
    ]) {
      const response = await deliver(t.app, 'stripe', body, header ? { 'stripe-signature': header } : {});
      expect({ status: response.statusCode, messageId: response.json().messageId }).toEqual({
        status: 400,
        messageId: 'F008',
      });
    }
    // Stripe may send several v1 signatures (while a secret is rolled): one valid is enough.
    const rolled = `${signed(WEBHOOK_SECRET, body)},v1=${'0'.repeat(64)}`;
    expect((await deliver(t.app, 'stripe', body, { 'stripe-signature': rolled })).statusCode).toBe(200);
    expect(await paidOf(t.database, line)).toBe(66_00);
  });

  it('answers 503 F007 when Stripe fails, charges nothing, and a retry with the key opens no session', async () => {
    for (const mode of ['error', 'garbage'] as const) {
      stripe.setMode(mode);
      const line = await addFeeLine(t.database, 'mogra', 'MG1002', { totalMinor: 30_00 });
      const key = newKey();
      const requestsBefore = stripe.requests.length;
      const response = await fees(line, 30_00, key);
      expect({ status: response.statusCode, messageId: response.json().messageId }).toEqual({
        status: 503,
        messageId: 'F007',
      });
      stripe.setMode('ok');
      const retry = await fees(line, 30_00, key);
      expect(retry.statusCode).toBe(503);
      expect(stripe.requests.length - requestsBefore).toBe(1);
      expect(await paidOf(t.database, line)).toBe(0);
      // A new attempt (a new key) works once Stripe is back.
      expect((await fees(line, 30_00)).statusCode).toBe(201);
    }
  });

  it('has no sandbox page or sandbox webhook while Stripe is the provider', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/sandbox-pay/page.css' })).statusCode).toBe(404);
    const response = await deliver(t.app, 'sandbox', '{}', {});
    expect(response.statusCode).toBe(404);
  });
});
