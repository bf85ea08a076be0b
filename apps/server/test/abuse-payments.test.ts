import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ZPaymentAnswer } from '@portal/contracts/fees';
import { payments } from '../src/db/schema/index.ts';

import { createSandboxProvider } from '../src/modules/payments/sandbox-provider.ts';
import { buildTestApp, configProblems, signIn, type TTestApp } from './helper.ts';
import { addFeeLine, newKey, setFeePolicy } from './modules/fees/payments-fixtures.ts';

const OPEN_LIMIT = 5;
const CREATE_PER_MINUTE = 40;
const PORT = 3947;

// OWASP API Security Top 10 (API4 unrestricted resource consumption, and an open redirect):
// one parent flooding payment creation, a hostile Host header choosing where the provider
// sends the browser back, and a part payment below the school's minimum hidden in a total.
describe('payment creation under abuse', () => {
  let t: TTestApp;
  let sara: string; // mogra, floods
  let rami: string; // mogra, pays meanwhile
  let ahmed: string; // bcad
  let maria: string; // bcad
  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        PORT: String(PORT),
        TRUST_PROXY: '1',
        PAYMENT_OPEN_CHECKOUTS_PER_PARENT: String(OPEN_LIMIT),
        PAYMENT_CREATE_PER_MINUTE: String(CREATE_PER_MINUTE),
      },
    });
    [sara, rami, ahmed, maria] = await Promise.all([
      signIn(t.app, 'mogra', 'parent@mogra.demo'),
      signIn(t.app, 'mogra', 'family.haddad@mogra.demo'),
      signIn(t.app, 'bcad', 'parent@bcad.demo'),
      signIn(t.app, 'bcad', 'family.costa@bcad.demo'),
    ]);
    await setFeePolicy(t.database, 'bcad', { allowsPartialPayment: true, minimumPartialMinor: 100_00 });
  });
  afterAll(() => t.close());

  const pay = (token: string, schoolId: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/payments',
      headers: { 'client-id': schoolId, authorization: `Bearer ${token}`, ...headers },
      payload: payload as Record<string, unknown>,
    });
  const topUp = (token: string, enrollNumber: string, amountMinor: number) =>
    pay(token, 'mogra', { kind: 'topup', idempotencyKey: newKey(), enrollNumber, amountMinor });
  const pendingOf = async (schoolId: string, parentId: string) =>
    (
      await t.database.db
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.schoolId, schoolId),
            eq(payments.parentId, parentId),
            eq(payments.status, 'pending'),
          ),
        )
    ).length;
  const pathOf = (url: string | null) => new URL(url ?? '').pathname;
  /** Presses a button on the sandbox's page; the address the browser is sent back to. */
  const press = async (redirectUrl: string | null, choice: 'succeed' | 'abandon') => {
    const answer = await t.app.inject({
      method: 'POST',
      url: `${pathOf(redirectUrl)}/${choice}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(answer.statusCode).toBe(303);
    return answer.headers.location;
  };

  it("keeps a flooding parent to the open-checkout limit and the rate limit, and leaves another parent's checkout payable", async () => {
    const other = await topUp(rami, 'MG2001', 75_00);
    expect(other.statusCode).toBe(201);
    const waiting = ZPaymentAnswer.parse(other.json());

    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof topUp>> | null = null;
    for (let i = 0; i < CREATE_PER_MINUTE + 5; i += 1) {
      const answer = await topUp(sara, 'MG1001', 10_00 + i);
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429) refused ??= answer;
    }
    expect(statuses.slice(0, CREATE_PER_MINUTE).every((status) => status === 201)).toBe(true);
    expect(statuses.slice(CREATE_PER_MINUTE)).toEqual(Array<number>(5).fill(429));
    expect(refused?.json().messageId).toBe('L006');
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(await pendingOf('mogra', 'MG-P001')).toBeLessThanOrEqual(OPEN_LIMIT);

    // The other parent's checkout is still open at the provider and can be paid.
    const page = await t.app.inject({ method: 'GET', url: pathOf(waiting.redirectUrl) });
    expect(page.statusCode).toBe(200);
    await press(waiting.redirectUrl, 'succeed');
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/ppn/payments/${waiting.payment.id}`,
      headers: { 'client-id': 'mogra', authorization: `Bearer ${rami}` },
    });
    expect(read.json().payment.status).toBe('succeeded');
    // The limit counts each parent apart.
    expect((await topUp(rami, 'MG2001', 76_00)).statusCode).toBe(201);
  });

  it('answers the open checkout when the same selection is asked for again under a new key', async () => {
    const line = await addFeeLine(t.database, 'bcad', 'BC3101', { totalMinor: 420_00 });
    const body = () => ({
      kind: 'fees',
      idempotencyKey: newKey(),
      items: [{ feeItemId: line, amountMinor: 420_00 }],
    });
    const first = await pay(ahmed, 'bcad', body());
    const second = await pay(ahmed, 'bcad', body());
    expect([first.statusCode, second.statusCode]).toEqual([201, 200]);
    expect(second.json().payment.id).toBe(first.json().payment.id);
    expect(second.json().redirectUrl).toBe(first.json().redirectUrl);
  });

  it('never leaves a parent stuck: a new selection past the limit ends the oldest open checkout', async () => {
    const started: string[] = [];
    for (let i = 0; i < OPEN_LIMIT + 2; i += 1) {
      const line = await addFeeLine(t.database, 'bcad', 'BC3201', { totalMinor: 30_00 + i });
      const answer = await pay(maria, 'bcad', {
        kind: 'fees',
        idempotencyKey: newKey(),
        items: [{ feeItemId: line, amountMinor: 30_00 + i }],
      });
      expect(answer.statusCode).toBe(201);
      started.push(answer.json().payment.id);
    }
    expect(await pendingOf('bcad', 'BC-P002')).toBe(OPEN_LIMIT);
    const statusOf = async (id: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/ppn/payments/${id}`,
          headers: { 'client-id': 'bcad', authorization: `Bearer ${maria}` },
        })
      ).json().payment.status;
    expect(await statusOf(started[0] ?? '')).toBe('abandoned');
    expect(await statusOf(started[1] ?? '')).toBe('abandoned');
    expect(await statusOf(started.at(-1) ?? '')).toBe('pending');
  });

  it('builds the return and cancel addresses from the school, never from Host or X-Forwarded-Host', async () => {
    const line = await addFeeLine(t.database, 'bcad', 'BC3102', { totalMinor: 60_00 });
    const hostile = {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    };
    const answer = ZPaymentAnswer.parse(
      (
        await pay(
          ahmed,
          'bcad',
          { kind: 'fees', idempotencyKey: newKey(), items: [{ feeItemId: line, amountMinor: 60_00 }] },
          hostile,
        )
      ).json(),
    );
    const school = `http://bcad.localhost:${PORT}`;
    expect(answer.redirectUrl?.startsWith(`${school}/sandbox-pay/sbx_`)).toBe(true);
    expect(await press(answer.redirectUrl, 'abandon')).toBe(
      `${school}/payment-return?payment=${answer.payment.id}&cancelled=1`,
    );

    const line2 = await addFeeLine(t.database, 'bcad', 'BC3102', { totalMinor: 61_00 });
    const paid = ZPaymentAnswer.parse(
      (
        await pay(
          ahmed,
          'bcad',
          { kind: 'fees', idempotencyKey: newKey(), items: [{ feeItemId: line2, amountMinor: 61_00 }] },
          hostile,
        )
      ).json(),
    );
    expect(await press(paid.redirectUrl, 'succeed')).toBe(
      `${school}/payment-return?payment=${paid.payment.id}`,
    );
  });

  it('refuses a part payment of a line below the minimum even when the total is above it (422 F003)', async () => {
    const whole = await addFeeLine(t.database, 'bcad', 'BC3101', { totalMinor: 500_00, dueOn: '2026-08-01' });
    const part = await addFeeLine(t.database, 'bcad', 'BC3102', { totalMinor: 300_00 });
    const answer = await pay(ahmed, 'bcad', {
      kind: 'fees',
      idempotencyKey: newKey(),
      items: [
        { feeItemId: whole, amountMinor: 500_00 },
        { feeItemId: part, amountMinor: 50_00 },
      ],
    });
    expect({ status: answer.statusCode, messageId: answer.json().messageId }).toEqual({
      status: 422,
      messageId: 'F003',
    });
    const enough = await pay(ahmed, 'bcad', {
      kind: 'fees',
      idempotencyKey: newKey(),
      items: [
        { feeItemId: whole, amountMinor: 500_00 },
        { feeItemId: part, amountMinor: 100_00 },
      ],
    });
    expect(enough.statusCode).toBe(201);
  });
});

describe('the sandbox provider under a flood', () => {
  it("never forgets one parent's open checkout for another parent's", async () => {
    const sandbox = createSandboxProvider({ webhookSecret: 'x'.repeat(32) });
    const checkout = (payer: string, i: number) => ({
      paymentId: `${payer}-${i}`,
      amountMinor: 10_00,
      currency: 'AED',
      description: 'Top-up',
      descriptionAr: 'شحن',
      returnUrl: 'http://mogra.localhost:3000/payment-return?payment=1',
      cancelUrl: 'http://mogra.localhost:3000/payment-return?payment=1&cancelled=1',
      idempotencyKey: `${payer}-${i}`,
      merchant: { nameEn: 'Mogra', nameAr: 'موغرا' },
      customer: `mogra:${payer}`,
      language: 'en' as const,
    });
    const waiting = await sandbox.createCheckout(checkout('MG-P002', 0));
    for (let i = 0; i < 10_050; i += 1) await sandbox.createCheckout(checkout('MG-P001', i));
    expect(sandbox.findCheckout(waiting.providerRef)).not.toBeNull();
  });
});

describe('the return address in production', () => {
  it('is required with online payment, and checked at start', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(configProblems({ PORTAL_ENV: 'production', PAYMENT_PROVIDER: 'stripe', ...stripe })).toEqual([
      expect.stringContaining('PUBLIC_BASE_URL'),
    ]);
    expect(
      configProblems({
        PORTAL_ENV: 'production',
        PAYMENT_PROVIDER: 'stripe',
        PUBLIC_BASE_URL: 'https://{schoolId}.portal.example',
        ...stripe,
      }),
    ).toEqual([]);
    expect(configProblems({ PORTAL_ENV: 'production' })).toEqual([]);
  });
});
