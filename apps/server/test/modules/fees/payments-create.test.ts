import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ZPaymentAnswer } from '@portal/contracts/fees';
import { schoolRoleApplications } from '../../../src/db/schema/index.ts';
import { buildTestApp, signIn, type TTestApp } from '../../helper.ts';
import {
  addFeeLine,
  addLink,
  agePayment,
  countPayments,
  newKey,
  paidOf,
  paymentRow,
  setFeePolicy,
} from './payments-fixtures.ts';

// Payment creation with the default (sandbox) provider: idempotency, the rules a payment
// must meet, and who may pay what. Two schools: mogra (every module) and bcad (fees only).
describe('starting a payment', () => {
  let t: TTestApp;
  let sara: string; // parent@mogra.demo: MG1001, MG1002, MG1003
  let rami: string; // family.haddad@mogra.demo: MG2001
  let ahmed: string; // parent@bcad.demo: BC3101, BC3102
  beforeAll(async () => {
    t = await buildTestApp();
    // bnad stops granting fee payment before anyone there signs in (grants are cached 30 s).
    await t.database.db
      .delete(schoolRoleApplications)
      .where(
        and(eq(schoolRoleApplications.schoolId, 'bnad'), eq(schoolRoleApplications.applicationCode, 'PP008')),
      );
    [sara, rami, ahmed] = await Promise.all([
      signIn(t.app, 'mogra', 'parent@mogra.demo'),
      signIn(t.app, 'mogra', 'family.haddad@mogra.demo'),
      signIn(t.app, 'bcad', 'parent@bcad.demo'),
    ]);
    await setFeePolicy(t.database, 'mogra', { allowsPartialPayment: true, minimumPartialMinor: 100_00 });
  });
  afterAll(() => t.close());

  const pay = (token: string, payload: unknown, schoolId = 'mogra') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/payments',
      headers: { 'client-id': schoolId, authorization: `Bearer ${token}`, host: `${schoolId}.portal.test` },
      payload: payload as Record<string, unknown>,
    });
  const read = (token: string, id: string, schoolId = 'mogra') =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/ppn/payments/${id}`,
      headers: { 'client-id': schoolId, authorization: `Bearer ${token}` },
    });
  const expectRefusal = (
    response: { statusCode: number; json: () => unknown },
    status: number,
    messageId: string,
  ) => {
    expect({
      status: response.statusCode,
      messageId: (response.json() as { messageId: string }).messageId,
    }).toEqual({
      status,
      messageId,
    });
  };

  it('creates a pending fees payment and sends the parent to the hosted page', async () => {
    const line = await addFeeLine(t.database, 'mogra', 'MG1001', { totalMinor: 500_00 });
    const response = await pay(sara, {
      kind: 'fees',
      idempotencyKey: newKey(),
      items: [{ feeItemId: line, amountMinor: 500_00 }],
    });
    expect(response.statusCode).toBe(201);
    const answer = ZPaymentAnswer.parse(response.json());
    expect(answer.messageId).toBe('F009');
    expect(answer.payment).toMatchObject({
      kind: 'fees',
      status: 'pending',
      amountMinor: 500_00,
      currency: 'AED',
      provider: 'sandbox',
      receiptNo: null,
    });
    expect(answer.payment.allocations).toEqual([
      expect.objectContaining({ feeItemId: line, enrollNumber: 'MG1001', amountMinor: 500_00 }),
    ]);
    // The hosted page and the return address are on the school's own host.
    expect(answer.redirectUrl).toMatch(/^http:\/\/mogra\.localhost:3000\/sandbox-pay\/sbx_/);
    // Nothing is paid until the provider says so.
    expect(await paidOf(t.database, line)).toBe(0);
    const again = ZPaymentAnswer.parse((await read(sara, answer.payment.id)).json());
    expect(again.payment.id).toBe(answer.payment.id);
    expect(again.redirectUrl).toBe(answer.redirectUrl);
  });

  it('makes exactly one payment of 20 simultaneous requests with one key, and all answer it', async () => {
    const line = await addFeeLine(t.database, 'mogra', 'MG1002', { totalMinor: 300_00 });
    const key = newKey();
    const body = { kind: 'fees', idempotencyKey: key, items: [{ feeItemId: line, amountMinor: 300_00 }] };
    const before = ZPaymentAnswer.parse(
      (
        await pay(sara, {
          kind: 'topup',
          idempotencyKey: newKey(),
          enrollNumber: 'MG1001',
          amountMinor: 50_00,
        })
      ).json(),
    ).payment.docNo;
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(sara, body)));
    expect(answers.map((answer) => answer.statusCode).sort((a, b) => a - b)).toEqual([
      ...Array<number>(19).fill(200),
      201,
    ]);
    const parsed = answers.map((answer) => ZPaymentAnswer.parse(answer.json()));
    expect(new Set(parsed.map((answer) => answer.payment.id)).size).toBe(1);
    expect(new Set(parsed.map((answer) => answer.redirectUrl)).size).toBe(1);
    expect(parsed[0]?.redirectUrl).toMatch(/\/sandbox-pay\/sbx_/);
    expect(await countPayments(t.database, 'mogra', key)).toBe(1);
    // The losers gave their document numbers back: the payment series has no gap.
    expect(parsed[0]?.payment.docNo).toBe(before + 1);
    const next = ZPaymentAnswer.parse(
      (
        await pay(sara, {
          kind: 'topup',
          idempotencyKey: newKey(),
          enrollNumber: 'MG1001',
          amountMinor: 51_00,
        })
      ).json(),
    );
    expect(next.payment.docNo).toBe(before + 2);
  });

  it('refuses the same key with a different request with 409 F004, and changes nothing', async () => {
    const line = await addFeeLine(t.database, 'mogra', 'MG1001', { totalMinor: 400_00 });
    const key = newKey();
    const first = await pay(sara, {
      kind: 'fees',
      idempotencyKey: key,
      items: [{ feeItemId: line, amountMinor: 400_00 }],
    });
    expect(first.statusCode).toBe(201);
    for (const other of [
      { kind: 'fees', idempotencyKey: key, items: [{ feeItemId: line, amountMinor: 300_00 }] },
      { kind: 'topup', idempotencyKey: key, enrollNumber: 'MG1001', amountMinor: 400_00 },
    ]) {
      expectRefusal(await pay(sara, other), 409, 'F004');
    }
    expect(await countPayments(t.database, 'mogra', key)).toBe(1);
    // The same request again is still the first payment.
    const repeat = await pay(sara, {
      kind: 'fees',
      idempotencyKey: key,
      items: [{ feeItemId: line, amountMinor: 400_00 }],
    });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().payment.id).toBe(first.json().payment.id);
  });

  it("keeps one parent's key apart from another's", async () => {
    const key = newKey();
    const a = await pay(sara, {
      kind: 'topup',
      idempotencyKey: key,
      enrollNumber: 'MG1001',
      amountMinor: 20_00,
    });
    const b = await pay(rami, {
      kind: 'topup',
      idempotencyKey: key,
      enrollNumber: 'MG2001',
      amountMinor: 20_00,
    });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().payment.id).not.toBe(b.json().payment.id);
  });

  it('checks the amounts against the line and the school policy (422 F001, F002, F003)', async () => {
    const line = await addFeeLine(t.database, 'mogra', 'MG1003', { totalMinor: 1_000_00, paidMinor: 200_00 });
    const fees = (items: { feeItemId: string; amountMinor: number }[]) =>
      pay(sara, { kind: 'fees', idempotencyKey: newKey(), items });
    expectRefusal(await fees([{ feeItemId: line, amountMinor: 800_01 }]), 422, 'F001');
    expectRefusal(
      await fees([
        { feeItemId: line, amountMinor: 100_00 },
        { feeItemId: line, amountMinor: 100_00 },
      ]),
      422,
      'F001',
    );
    expectRefusal(await fees([{ feeItemId: line, amountMinor: 99_99 }]), 422, 'F003');
    expect((await fees([{ feeItemId: line, amountMinor: 100_00 }])).statusCode).toBe(201);
    await setFeePolicy(t.database, 'mogra', { allowsPartialPayment: false, minimumPartialMinor: 0 });
    try {
      expectRefusal(await fees([{ feeItemId: line, amountMinor: 100_00 }]), 422, 'F002');
      expect((await fees([{ feeItemId: line, amountMinor: 800_00 }])).statusCode).toBe(201);
    } finally {
      await setFeePolicy(t.database, 'mogra', { allowsPartialPayment: true, minimumPartialMinor: 100_00 });
    }
    // Not a positive whole number: refused by the schema (400 V001).
    for (const amountMinor of [0, -5, 1.5]) {
      expectRefusal(await fees([{ feeItemId: line, amountMinor }]), 400, 'V001');
    }
  });

  it("refuses another family's or another school's fee line with 403 A002", async () => {
    const ramis = await addFeeLine(t.database, 'mogra', 'MG2001', { totalMinor: 100_00 });
    const bcads = await addFeeLine(t.database, 'bcad', 'BC3101', { totalMinor: 100_00 });
    const own = await addFeeLine(t.database, 'mogra', 'MG1001', { totalMinor: 100_00 });
    for (const foreign of [ramis, bcads, '00000000-0000-4000-8000-000000000000']) {
      const response = await pay(sara, {
        kind: 'fees',
        idempotencyKey: newKey(),
        items: [
          { feeItemId: own, amountMinor: 100_00 },
          { feeItemId: foreign, amountMinor: 100_00 },
        ],
      });
      expectRefusal(response, 403, 'A002');
    }
    // Ahmed, at bcad, may pay his own line there (bcad grants fee payment).
    const response = await pay(
      ahmed,
      { kind: 'fees', idempotencyKey: newKey(), items: [{ feeItemId: bcads, amountMinor: 100_00 }] },
      'bcad',
    );
    expect(response.statusCode).toBe(201);
  });

  it("checks a top-up: one's own child (403 A002) and the allowed range (422 F006)", async () => {
    const topup = (enrollNumber: string, amountMinor: number) =>
      pay(sara, { kind: 'topup', idempotencyKey: newKey(), enrollNumber, amountMinor });
    expectRefusal(await topup('MG2001', 50_00), 403, 'A002');
    expectRefusal(await topup('BC3101', 50_00), 403, 'A002');
    expectRefusal(await topup('MG1001', 9_99), 422, 'F006');
    expectRefusal(await topup('MG1001', 5_000_01), 422, 'F006');
    const ok = await topup('MG1001', 10_00);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().payment.allocations).toEqual([
      {
        feeItemId: null,
        enrollNumber: 'MG1001',
        nameEn: 'Wallet top-up',
        nameAr: 'شحن المحفظة',
        amountMinor: 10_00,
      },
    ]);
  });

  it("checks a link: one's own child's (403 A002), open (409 F005)", async () => {
    const ramis = await addLink(t.database, 'mogra', 'MG2001', { amountMinor: 75_00 });
    const expired = await addLink(t.database, 'mogra', 'MG1002', {
      amountMinor: 75_00,
      expiresOn: '2020-01-31',
    });
    const open = await addLink(t.database, 'mogra', 'MG1002', { amountMinor: 75_00 });
    const link = (linkId: string) => pay(sara, { kind: 'link', idempotencyKey: newKey(), linkId });
    expectRefusal(await link(ramis), 403, 'A002');
    expectRefusal(await link(expired), 409, 'F005');
    const ok = await link(open);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().payment).toMatchObject({ kind: 'link', amountMinor: 75_00 });
  });

  it('refuses a kind of payment the school does not grant with 403 A001', async () => {
    expectRefusal(
      await pay(
        ahmed,
        { kind: 'topup', idempotencyKey: newKey(), enrollNumber: 'BC3101', amountMinor: 50_00 },
        'bcad',
      ),
      403,
      'A001',
    );
    const link = await addLink(t.database, 'bcad', 'BC3101', { amountMinor: 75_00 });
    expectRefusal(
      await pay(ahmed, { kind: 'link', idempotencyKey: newKey(), linkId: link }, 'bcad'),
      403,
      'A001',
    );
    const bnad = await signIn(t.app, 'bnad', 'parent@bnad.demo');
    expectRefusal(
      await pay(
        bnad,
        { kind: 'fees', idempotencyKey: newKey(), items: [{ feeItemId: link, amountMinor: 1 }] },
        'bnad',
      ),
      403,
      'A001',
    );
  });

  it("answers another parent's payment, and no payment, alike: 404 N404", async () => {
    const mine = await pay(sara, {
      kind: 'topup',
      idempotencyKey: newKey(),
      enrollNumber: 'MG1001',
      amountMinor: 30_00,
    });
    const id = mine.json().payment.id as string;
    expect((await read(sara, id)).statusCode).toBe(200);
    expectRefusal(await read(rami, id), 404, 'N404');
    expectRefusal(await read(sara, '00000000-0000-4000-8000-000000000000'), 404, 'N404');
    // The same id asked at another school, with that school's session.
    expectRefusal(await read(ahmed, id, 'bcad'), 404, 'N404');
    expectRefusal(await read(sara, 'not-a-uuid'), 400, 'V001');
  });

  it('needs a session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/payments',
      headers: { 'client-id': 'mogra' },
      payload: { kind: 'topup', idempotencyKey: newKey(), enrollNumber: 'MG1001', amountMinor: 50_00 },
    });
    expectRefusal(response, 401, 'L004');
  });

  it('shows a payment still pending after 24 hours as abandoned, without the page address', async () => {
    const response = await pay(sara, {
      kind: 'topup',
      idempotencyKey: newKey(),
      enrollNumber: 'MG1001',
      amountMinor: 60_00,
    });
    const id = response.json().payment.id as string;
    await agePayment(t.database, id, 25);
    const answer = ZPaymentAnswer.parse((await read(sara, id)).json());
    expect(answer.payment.status).toBe('abandoned');
    expect(answer.redirectUrl).toBeNull();
    expect((await paymentRow(t.database, id)).status).toBe('pending');
  });
});
