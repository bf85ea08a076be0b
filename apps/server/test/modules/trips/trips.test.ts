import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/contracts/kits/dates';
import { ZPaymentAnswer, type TFeeDetails } from '@portal/contracts/fees';
import type { TTripConsentAnswer, TTrips } from '@portal/contracts/families/trips';
import { schoolToday } from '../../../src/access/school.ts';
import { feeItems, tripConsents } from '../../../src/db/schema/index.ts';
import { headerOf } from '../../../src/kits/bundle-file.ts';
import { csvText } from '../../../src/modules/school-data/csv-text.ts';
import { tripsFile } from '../../../src/modules/trips/import.ts';
import { buildTestApp, seededDay, signIn, type TTestApp } from '../../helper.ts';
import { deliver, newKey, paidOf, sandboxEvent, signed, SANDBOX_SECRET } from '../fees/payments-fixtures.ts';
import { answerOf, importFiles, parentApi, type TParentApi } from '../publications/circulars-data.ts';

// School trips (docs/modules.md F5, module `trips`) on the demo data (db/seed/demo-trips.ts): at
// mogra the zoo visit of 6-B waits for Layla's consent (AED 85), the desert camp of grade 9 is
// consented and paid for Omar, the farm visit of grade 2 is free. Consent to a trip that costs
// money adds a fee line, paid through the payments as any fee line (the sandbox provider's
// signed report completes it, as in the fee tests).
describe('trips', () => {
  let t: TTestApp;
  let mogra: TParentApi; // parent@mogra.demo: Omar 9-A, Layla 6-B, Yousef 2-C
  let haddad: TParentApi; // family.haddad@mogra.demo: Nour 4-A
  let bcad: TParentApi; // parent@bcad.demo: a school that does not grant trips
  let token: string;
  const today = schoolToday('Asia/Dubai');
  /** The day the demo seed took as today: the demo trips are dated from it. */
  let seedDay: string;

  const refusal = async (response: Promise<{ statusCode: number; json: () => unknown }>) => {
    const answer = await response;
    return { status: answer.statusCode, messageId: (answer.json() as { messageId: string }).messageId };
  };
  const tripOf = async (id: string, api = mogra) => {
    const { items } = await answerOf<TTrips>(api.get('/trips'));
    return items.find((trip) => trip.id === id);
  };

  beforeAll(async () => {
    t = await buildTestApp({
      env: { SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET, PUBLIC_BASE_URL: 'https://{schoolId}.portal.example/' },
    });
    seedDay = await seededDay(t.database.db, 'mogra');
    token = await signIn(t.app, 'mogra', 'parent@mogra.demo');
    mogra = parentApi(t, 'mogra', token);
    haddad = parentApi(t, 'mogra', await signIn(t.app, 'mogra', 'family.haddad@mogra.demo'));
    bcad = parentApi(t, 'bcad', await signIn(t.app, 'bcad', 'parent@bcad.demo'));
  }, 180_000);
  afterAll(() => t.close());

  it("lists each child's consent, deadline, cost and payment", async () => {
    const { items } = await answerOf<TTrips>(mogra.get('/trips'));
    expect(
      items.map((trip) => [
        trip.id,
        trip.children.map((child) => [child.enrollNumber, child.consent, child.payment]),
      ]),
    ).toEqual([
      ['trip-mg-zoo', [['MG1002', 'awaiting', 'none']]],
      ['trip-mg-desert', [['MG1001', 'given', 'paid']]],
      ['trip-mg-farm', [['MG1003', 'awaiting', 'none']]],
    ]);
    expect(items[0]).toMatchObject({
      costMinor: 85_00,
      currency: 'AED',
      consentBy: addDays(seedDay, 5),
      deadlinePassed: false,
    });
    expect(items[2]?.costMinor).toBe(0);
    const one = await answerOf<TTrips>(mogra.get('/trips?enrollNumber=MG1003'));
    expect(one.items.map((trip) => trip.id)).toEqual(['trip-mg-farm']);
    expect((await answerOf<TTrips>(haddad.get('/trips'))).items.map((trip) => trip.id)).toEqual([
      'trip-mg-science',
    ]);
  });

  it('gives consent, adds the fee line and lets it be paid through the payments', async () => {
    const consent = await answerOf<TTripConsentAnswer>(
      mogra.post('/trips/trip-mg-zoo/consent', {
        enrollNumber: 'MG1002',
        decision: 'give',
        note: 'She has asthma: inhaler in her bag',
      }),
    );
    const feeItemId = consent.feeItemId;
    expect(feeItemId).toEqual(expect.any(String));
    expect(consent.trip.children[0]).toMatchObject({
      consent: 'given',
      payment: 'unpaid',
      outstandingMinor: 85_00,
      feeItemId,
    });
    // Giving again changes nothing: the same line.
    const again = await answerOf<TTripConsentAnswer>(
      mogra.post('/trips/trip-mg-zoo/consent', { enrollNumber: 'MG1002', decision: 'give' }),
    );
    expect(again.feeItemId).toBe(feeItemId);
    // The line is on the child's fees, named as the trip.
    const fees = await answerOf<TFeeDetails>(mogra.get('/fees/fee-details?enrollNumber=MG1002'));
    expect(fees.items.find((item) => item.id === feeItemId)).toMatchObject({
      nameEn: 'Grade 6B visit to Al Ain Zoo',
      totalMinor: 85_00,
      dueOn: addDays(seedDay, 5),
    });
    // Paid as any fee line: the payment starts, the provider reports it succeeded.
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/payments',
      headers: { 'client-id': 'mogra', authorization: `Bearer ${token}` },
      payload: { kind: 'fees', idempotencyKey: newKey(), items: [{ feeItemId, amountMinor: 85_00 }] },
    });
    expect(started.statusCode).toBe(201);
    const ref =
      new URL(ZPaymentAnswer.parse(started.json()).redirectUrl ?? '').pathname.split('/').pop() ?? '';
    const body = sandboxEvent(ref, 'succeeded');
    expect(
      (await deliver(t.app, 'sandbox', body, { 'sandbox-signature': signed(SANDBOX_SECRET, body) }))
        .statusCode,
    ).toBe(200);
    expect(await paidOf(t.database, feeItemId ?? '')).toBe(85_00);
    expect((await tripOf('trip-mg-zoo'))?.children[0]).toMatchObject({
      payment: 'paid',
      outstandingMinor: 0,
    });
    // Refusing a consent already paid: 409 R001.
    expect(
      await refusal(mogra.post('/trips/trip-mg-zoo/consent', { enrollNumber: 'MG1002', decision: 'refuse' })),
    ).toEqual({
      status: 409,
      messageId: 'R001',
    });
    expect(
      await refusal(
        mogra.post('/trips/trip-mg-desert/consent', { enrollNumber: 'MG1001', decision: 'refuse' }),
      ),
    ).toEqual({
      status: 409,
      messageId: 'R001',
    });
  });

  it('takes the fee line back when a consent not yet paid is refused; a free trip adds none', async () => {
    await addTrip({ id: 'trip-test-paid', cost: '40.00', consentIn: 3, grades: '2' });
    const given = await answerOf<TTripConsentAnswer>(
      mogra.post('/trips/trip-test-paid/consent', { enrollNumber: 'MG1003', decision: 'give' }),
    );
    expect(given.feeItemId).toEqual(expect.any(String));
    const refused = await answerOf<TTripConsentAnswer>(
      mogra.post('/trips/trip-test-paid/consent', {
        enrollNumber: 'MG1003',
        decision: 'refuse',
        note: 'Away that week',
      }),
    );
    expect(refused.feeItemId).toBeNull();
    expect(refused.trip.children[0]).toMatchObject({
      consent: 'refused',
      payment: 'none',
      note: 'Away that week',
    });
    const lines = await t.database.db
      .select({ id: feeItems.id })
      .from(feeItems)
      .where(and(eq(feeItems.schoolId, 'mogra'), eq(feeItems.id, given.feeItemId ?? '')));
    expect(lines).toEqual([]);
    const free = await answerOf<TTripConsentAnswer>(
      mogra.post('/trips/trip-mg-farm/consent', { enrollNumber: 'MG1003', decision: 'give' }),
    );
    expect(free.feeItemId).toBeNull();
    expect(free.trip.children[0]).toMatchObject({ consent: 'given', payment: 'none' });
  });

  it('refuses a decision after the deadline (409 R005)', async () => {
    await addTrip({ id: 'trip-test-late', cost: '10.00', consentIn: -1, grades: '9' });
    expect((await tripOf('trip-test-late'))?.deadlinePassed).toBe(true);
    expect(
      await refusal(
        mogra.post('/trips/trip-test-late/consent', { enrollNumber: 'MG1001', decision: 'give' }),
      ),
    ).toEqual({
      status: 409,
      messageId: 'R005',
    });
  });

  it("refuses another parent's child (403 A002), a child the trip is not for, and another school's trip (404)", async () => {
    expect(
      await refusal(haddad.post('/trips/trip-mg-zoo/consent', { enrollNumber: 'MG1002', decision: 'give' })),
    ).toEqual({
      status: 403,
      messageId: 'A002',
    });
    expect(await refusal(haddad.get('/trips?enrollNumber=MG1002'))).toEqual({
      status: 403,
      messageId: 'A002',
    });
    expect(
      await refusal(mogra.post('/trips/trip-mg-zoo/consent', { enrollNumber: 'MG1001', decision: 'give' })),
    ).toEqual({
      status: 404,
      messageId: 'N404',
    });
    expect(
      await refusal(mogra.post('/trips/trip-bc-zoo/consent', { enrollNumber: 'MG1002', decision: 'give' })),
    ).toEqual({
      status: 404,
      messageId: 'N404',
    });
    expect(await refusal(bcad.get('/trips'))).toEqual({ status: 403, messageId: 'A001' });
    expect(
      await refusal(mogra.post('/trips/trip-mg-zoo/consent', { enrollNumber: 'MG1002', decision: 'maybe' })),
    ).toEqual({
      status: 400,
      messageId: 'V001',
    });
    const consents = await t.database.db
      .select()
      .from(tripConsents)
      .where(and(eq(tripConsents.schoolId, 'mogra'), eq(tripConsents.enrollNumber, 'MG2001')));
    expect(consents).toEqual([]);
  });

  it('refuses a trips file whose rows do not make sense (I001)', async () => {
    const { problems } = await importFiles(
      t,
      'mogra',
      new Map([
        [
          'trips.csv',
          csvText(headerOf(tripsFile), [
            {
              sourcedId: 'trip-bad',
              title_en: 'Bad',
              departsAt: `${addDays(today, 5)}T08:00:00+04:00`,
              returnsAt: `${addDays(today, 4)}T08:00:00+04:00`,
              cost: '12.345',
              consentBy: addDays(today, 9),
              enrollNumbers: 'NOPE1',
              publishedAt: '',
            },
          ]),
        ],
      ]),
    );
    expect(problems.map((problem) => problem.column).sort()).toEqual(['consentBy', 'cost', 'returnsAt']);
  });

  async function addTrip(trip: { id: string; cost: string; consentIn: number; grades: string }) {
    const day = addDays(today, Math.max(trip.consentIn, 0) + 3);
    const { problems } = await importFiles(
      t,
      'mogra',
      new Map([
        [
          'trips.csv',
          csvText(headerOf(tripsFile), [
            {
              sourcedId: trip.id,
              status: 'active',
              title_en: `Test trip ${trip.id}`,
              title_ar: 'رحلة تجريبية',
              departsAt: `${day}T08:00:00+04:00`,
              returnsAt: `${day}T13:00:00+04:00`,
              cost: trip.cost,
              consentBy: addDays(today, trip.consentIn),
              grades: trip.grades,
              publishedAt: `${addDays(today, -1)}T08:00:00+04:00`,
            },
          ]),
        ],
      ]),
    );
    expect(problems).toEqual([]);
  }
});
