import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPaymentAnswer } from '@portal/contracts/fees';
import { readConfig } from '../../../src/config.ts';
import { buildTestApp, configProblems, signIn, type TTestApp } from '../../helper.ts';
import { addFeeLine, newKey, paidOf, setFeePolicy } from './payments-fixtures.ts';

// The whole sandbox flow over real HTTP, as a browser does it: start the payment, open the
// hosted page, press a button, follow the redirect back, read the payment.
describe('the sandbox provider, end to end over HTTP', () => {
  let t: TTestApp;
  let origin: string;
  /** The school's own address (`http://mogra.localhost:<port>`): where the provider sends the browser. */
  let school: string;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp();
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    school = origin.replace('127.0.0.1', 'mogra.localhost');
    token = await signIn(t.app, 'mogra', 'parent@mogra.demo');
    await setFeePolicy(t.database, 'mogra', { allowsPartialPayment: true, minimumPartialMinor: 0 });
  });
  afterAll(() => t.close());

  const api = (path: string, init: RequestInit = {}, language = 'en') =>
    fetch(`${origin}/api/v1/ppn${path}`, {
      ...init,
      headers: {
        'client-id': 'mogra',
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'accept-language': language,
      },
    });
  /** Fetched here, outside a browser, where `*.localhost` names do not resolve. */
  const local = (url: string | null) => (url ?? '').replace(school, origin);
  const startFees = async (line: string, amountMinor: number, language = 'en') => {
    const response = await api(
      '/payments',
      {
        method: 'POST',
        body: JSON.stringify({
          kind: 'fees',
          idempotencyKey: newKey(),
          items: [{ feeItemId: line, amountMinor }],
        }),
      },
      language,
    );
    expect(response.status).toBe(201);
    return ZPaymentAnswer.parse(await response.json());
  };
  const readPayment = async (id: string) =>
    ZPaymentAnswer.parse(await (await api(`/payments/${id}`)).json()).payment;
  const actionOf = (html: string, choice: string) => {
    const match = new RegExp(`action="([^"]*/${choice}\\?lng=\\w+)"`).exec(html);
    if (!match?.[1]) throw new Error(`no ${choice} form`);
    return `${origin}${match[1]}`;
  };
  const press = (action: string) =>
    fetch(action, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });

  it('pays: page, Succeed, signed webhook, back to the portal with a receipt; the line is paid', async () => {
    const line = await addFeeLine(t.database, 'mogra', 'MG1001', { totalMinor: 250_00 });
    const started = await startFees(line, 250_00);
    expect(started.redirectUrl?.startsWith(`${school}/sandbox-pay/sbx_`)).toBe(true);

    const page = await fetch(local(started.redirectUrl));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    const html = await page.text();
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain('Mogra Demo School');
    expect(html).toMatch(/AED\s250\.00/);
    expect(html).not.toMatch(/<script|style=|onclick/i);
    for (const choice of ['succeed', 'decline', 'abandon']) expect(html).toContain(`/${choice}?lng=en`);
    const css = await fetch(`${origin}/sandbox-pay/page.css`);
    expect(css.headers.get('content-type')).toContain('text/css');

    const back = await press(actionOf(html, 'succeed'));
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`${school}/payment-return?payment=${started.payment.id}`);

    const payment = await readPayment(started.payment.id);
    expect(payment.status).toBe('succeeded');
    expect(payment.receiptNo).toMatch(/^RCT-\d{6}$/);
    expect(await paidOf(t.database, line)).toBe(250_00);

    // The page is closed now; pressing again changes nothing.
    expect((await fetch(local(started.redirectUrl))).status).toBe(409);
    expect((await press(actionOf(html, 'succeed'))).status).toBe(409);
    expect(await paidOf(t.database, line)).toBe(250_00);
  });

  it('declines: back to the portal, nothing paid', async () => {
    const line = await addFeeLine(t.database, 'mogra', 'MG1002', { totalMinor: 90_00 });
    const started = await startFees(line, 90_00);
    const html = await (await fetch(local(started.redirectUrl))).text();
    const back = await press(actionOf(html, 'decline'));
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`${school}/payment-return?payment=${started.payment.id}`);
    const payment = await readPayment(started.payment.id);
    expect({ status: payment.status, receiptNo: payment.receiptNo }).toEqual({
      status: 'declined',
      receiptNo: null,
    });
    expect(await paidOf(t.database, line)).toBe(0);
  });

  it('abandons: back to the cancel address, nothing paid', async () => {
    const line = await addFeeLine(t.database, 'mogra', 'MG1003', { totalMinor: 90_00 });
    const started = await startFees(line, 90_00);
    const html = await (await fetch(local(started.redirectUrl))).text();
    const back = await press(actionOf(html, 'abandon'));
    expect(back.headers.get('location')).toBe(
      `${school}/payment-return?payment=${started.payment.id}&cancelled=1`,
    );
    expect((await readPayment(started.payment.id)).status).toBe('abandoned');
    expect(await paidOf(t.database, line)).toBe(0);
  });

  it('speaks the language the parent used in the portal, and offers the other', async () => {
    const line = await addFeeLine(t.database, 'mogra', 'MG1003', { totalMinor: 15_00 });
    const started = await startFees(line, 15_00, 'ar');
    // The browser's own preference is English; the portal was in Arabic.
    const html = await (
      await fetch(local(started.redirectUrl), { headers: { 'accept-language': 'en' } })
    ).text();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('مدرسة موغرا التجريبية');
    expect(html).toContain('ادفع (ينجح)');
    expect(html).toMatch(/<dd>رسوم اختبار \(2026، الفصل 1\) PAY-\d+<\/dd>/);
    expect(html).toContain('/succeed?lng=ar');
    expect(html).not.toMatch(/<script|style=|onclick/i);
    const english = await (await fetch(`${local(started.redirectUrl)}?lng=en`)).text();
    expect(english).toContain('<html lang="en" dir="ltr">');
    expect(english).toContain('Mogra Demo School');
  });

  it('answers an unknown page with 404', async () => {
    expect((await fetch(`${origin}/sandbox-pay/sbx_nosuchcheckoutnosuch`)).status).toBe(404);
    const post = await press(`${origin}/sandbox-pay/sbx_nosuchcheckoutnosuch/succeed`);
    expect(post.status).toBe(404);
  });
});

describe('payment provider configuration', () => {
  it('defaults to the sandbox outside production', () => {
    expect(readConfig({}).payments.provider).toBe('sandbox');
    expect(readConfig({}).payments.sandboxWebhookSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(readConfig({}).payments.sandboxWebhookSecret).not.toBe(
      readConfig({}).payments.sandboxWebhookSecret,
    );
  });

  it('refuses the sandbox in production unless allowed, and then wants a fixed secret', () => {
    expect(configProblems({ PORTAL_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' })).toEqual([
      expect.stringContaining('ALLOW_SANDBOX_PAYMENTS'),
      expect.stringContaining('SANDBOX_WEBHOOK_SECRET'),
      expect.stringContaining('PUBLIC_BASE_URL'),
    ]);
    const secret = 'x'.repeat(32);
    expect(
      readConfig({
        PORTAL_ENV: 'production',
        PAYMENT_PROVIDER: 'sandbox',
        ALLOW_SANDBOX_PAYMENTS: '1',
        SANDBOX_WEBHOOK_SECRET: secret,
        PUBLIC_BASE_URL: 'https://{schoolId}.portal.example',
      }).payments,
    ).toMatchObject({ provider: 'sandbox', sandboxWebhookSecret: secret });
    expect(configProblems({ PAYMENT_PROVIDER: 'stripe' })).toEqual([
      expect.stringContaining('STRIPE_SECRET_KEY'),
      expect.stringContaining('STRIPE_WEBHOOK_SECRET'),
    ]);
    expect(configProblems({ PUBLIC_BASE_URL: 'ftp://{schoolId}.portal.example' })).toEqual([
      expect.stringContaining('PUBLIC_BASE_URL'),
    ]);
    expect(readConfig({ PORTAL_ENV: 'production' }).payments.provider).toBe('none');
  });

  it('answers 503 F007 when online payment is off', async () => {
    const off = await buildTestApp({ isProduction: true });
    try {
      const token = await signIn(off.app, 'mogra', 'parent@mogra.demo');
      const response = await off.app.inject({
        method: 'POST',
        url: '/api/v1/ppn/payments',
        headers: { 'client-id': 'mogra', authorization: `Bearer ${token}` },
        payload: { kind: 'topup', idempotencyKey: newKey(), enrollNumber: 'MG1001', amountMinor: 50_00 },
      });
      expect({ status: response.statusCode, messageId: response.json().messageId }).toEqual({
        status: 503,
        messageId: 'F007',
      });
      const webhook = await off.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/payments/sandbox',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(webhook.statusCode).toBe(404);
      expect((await off.app.inject({ method: 'GET', url: '/sandbox-pay/page.css' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
