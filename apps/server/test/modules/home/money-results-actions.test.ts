import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoWeekdayOf } from '@portal/contracts/kits/dates';
import type { TAttendanceMonth } from '@portal/contracts/families/schedule';
import {
  ZPaymentAnswer,
  type TFeeDetails,
  type TFeeItem,
  type TPaymentLink,
  type TPreviousFees,
} from '@portal/contracts/fees';
import type { THomeAction, THomeActionKind, THomeActions } from '@portal/contracts/home';
import type { TTripConsentAnswer } from '@portal/contracts/families/trips';
import { schoolToday } from '../../../src/access/school.ts';
import { attendanceDays, schoolRoleApplications } from '../../../src/db/schema/index.ts';
import { FEE_DUE_AHEAD_DAYS } from '../../../src/modules/fees/home-actions.ts';
import { ABSENCE_ACTION_SCHOOL_DAYS } from '../../../src/modules/schedule/home-actions.ts';
import { buildTestApp, seededDay, signIn, type TTestApp } from '../../helper.ts';
import {
  addFeeLine,
  addLink,
  deliver,
  newKey,
  sandboxEvent,
  signed,
  SANDBOX_SECRET,
} from '../fees/payments-fixtures.ts';
import { answerOf, parentApi, type TParentApi } from '../publications/circulars-data.ts';

const MOGRA_CHILDREN = ['MG1001', 'MG1002', 'MG1003'];

// "Needs your action" (docs/modules.md section 5) as the fees, results, trips and schedule
// families supply it, on the demo data: mogra's demo parent (Omar MG1001, Layla MG1002, Yousef
// MG1003) has fee lines due and overdue, open payment links, Layla's report card unopened, the
// zoo trip awaiting Layla's consent and the free farm visit Yousef's, and Layla's and Yousef's
// unexplained absence of this week. Each item leaves once done through the real API.
describe('home actions: fees, payment links, report cards, trips, absences', () => {
  let t: TTestApp;
  let mogra: TParentApi;
  let haddad: TParentApi; // family.haddad@mogra.demo: Nour MG2001
  let bcad: TParentApi; // grants fee payment only (and the agenda)
  let bnad: TParentApi; // made to grant none of these modules (the agenda only)
  let token: string;
  const today = schoolToday('Asia/Dubai');
  /** The day the demo seed took as today: the demo trips and absences are dated from it. */
  let seedDay: string;

  const actionsOf = async (api: TParentApi) => (await answerOf<THomeActions>(api.get('/home/actions'))).items;
  const ofKind = (items: THomeAction[], kind: THomeActionKind) => items.filter((item) => item.kind === kind);
  const idsOf = (items: THomeAction[]) => items.map((item) => item.id).sort();

  /** Pays through the payments API; the sandbox provider's signed report completes it. */
  const pay = async (payload: object) => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/payments',
      headers: { 'client-id': 'mogra', authorization: `Bearer ${token}` },
      payload: { idempotencyKey: newKey(), ...payload },
    });
    expect(started.statusCode, started.body).toBe(201);
    const ref =
      new URL(ZPaymentAnswer.parse(started.json()).redirectUrl ?? '').pathname.split('/').pop() ?? '';
    const body = sandboxEvent(ref, 'succeeded');
    const delivered = await deliver(t.app, 'sandbox', body, {
      'sandbox-signature': signed(SANDBOX_SECRET, body),
    });
    expect(delivered.statusCode).toBe(200);
  };

  /** A fee line of a mogra child due `days` after today (before it when negative). */
  const lineDueIn = (enrollNumber: string, totalMinor: number, days: number) =>
    addFeeLine(t.database, 'mogra', enrollNumber, { totalMinor, dueOn: addDays(today, days) });
  /** A payment link of Layla's whose last day is `days` after today. */
  const laylaLinkUntil = (amountMinor: number, days: number) =>
    addLink(t.database, 'mogra', 'MG1002', { amountMinor, expiresOn: addDays(today, days) });

  /** Marks a child absent without a reason on a day (replacing the day's mark). */
  const markAbsent = async (schoolId: string, enrollNumber: string, day: string) => {
    await t.database.db
      .insert(attendanceDays)
      .values({ schoolId, enrollNumber, day, status: 'absent', note: '' })
      .onConflictDoUpdate({
        target: [attendanceDays.schoolId, attendanceDays.enrollNumber, attendanceDays.day],
        set: { status: 'absent', note: '' },
      });
  };

  /** The last weekday before today (the demo schools' weekend is Saturday and Sunday). */
  const lastWeekday = (from: string) => {
    let day = addDays(from, -1);
    while (isoWeekdayOf(day) > 5) day = addDays(day, -1);
    return day;
  };

  beforeAll(async () => {
    t = await buildTestApp({
      env: { SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET, PUBLIC_BASE_URL: 'https://{schoolId}.portal.example/' },
    });
    seedDay = await seededDay(t.database.db, 'mogra');
    // bnad stops granting fee payment and attendance before anyone there signs in (grants are cached 30 s).
    await t.database.db
      .delete(schoolRoleApplications)
      .where(
        and(
          eq(schoolRoleApplications.schoolId, 'bnad'),
          inArray(schoolRoleApplications.applicationCode, ['PP008', 'PP010']),
        ),
      );
    token = await signIn(t.app, 'mogra', 'parent@mogra.demo');
    mogra = parentApi(t, 'mogra', token);
    haddad = parentApi(t, 'mogra', await signIn(t.app, 'mogra', 'family.haddad@mogra.demo'));
    bcad = parentApi(t, 'bcad', await signIn(t.app, 'bcad', 'parent@bcad.demo'));
    bnad = parentApi(t, 'bnad', await signIn(t.app, 'bnad', 'parent@bnad.demo'));
  }, 180_000);
  afterAll(() => t.close());

  describe('feeDue', () => {
    /** The fee page's lines of a child still owed and due by the last day Home looks ahead to. */
    const dueLinesOf = async (enrollNumber: string): Promise<TFeeItem[]> => {
      const [details, previous] = await Promise.all([
        answerOf<TFeeDetails>(mogra.get(`/fees/fee-details?enrollNumber=${enrollNumber}`)),
        answerOf<TPreviousFees>(mogra.get(`/fees/previous-fee?enrollNumber=${enrollNumber}`)),
      ]);
      const lastDay = addDays(today, FEE_DUE_AHEAD_DAYS);
      return [...previous.items, ...details.items].filter(
        (line) => line.status !== 'paid' && line.dueOn <= lastDay,
      );
    };

    it("lists each child's lines owed, overdue or due within 30 days, as the fee page states them", async () => {
      const soon = await lineDueIn('MG1003', 50_00, 10);
      const later = await lineDueIn('MG1003', 60_00, FEE_DUE_AHEAD_DAYS + 30);
      const lines = (await Promise.all(MOGRA_CHILDREN.map(dueLinesOf))).flat();
      expect(lines.some((line) => line.status === 'overdue')).toBe(true);
      expect(lines.map((line) => line.id)).toContain(soon);
      const items = ofKind(await actionsOf(mogra), 'feeDue');
      expect(idsOf(items)).toEqual(lines.map((line) => `feeDue:${line.id}:${line.enrollNumber}`).sort());
      for (const line of lines)
        expect(items.find((item) => item.id === `feeDue:${line.id}:${line.enrollNumber}`)).toMatchObject({
          module: 'feePayment',
          enrollNumber: line.enrollNumber,
          title: `${line.nameEn}, term ${line.term}`,
          titleAr: expect.stringContaining(line.nameAr),
          dueOn: line.dueOn,
          overdue: line.status === 'overdue',
          amount: { minor: line.outstandingMinor, currency: 'AED' },
          path: `/feepayment?enrollNumber=${line.enrollNumber}`,
        });
      expect(items.find((item) => item.id === `feeDue:${soon}:MG1003`)).toMatchObject({
        overdue: false,
        amount: { minor: 50_00, currency: 'AED' },
      });
      expect(items.some((item) => item.id.includes(later))).toBe(false);
    });

    it('drops a line once it is paid', async () => {
      const line = await lineDueIn('MG1002', 30_00, -3);
      const before = ofKind(await actionsOf(mogra), 'feeDue');
      expect(before.find((item) => item.id === `feeDue:${line}:MG1002`)).toMatchObject({ overdue: true });
      await pay({ kind: 'fees', items: [{ feeItemId: line, amountMinor: 30_00 }] });
      const after = ofKind(await actionsOf(mogra), 'feeDue');
      expect(after.some((item) => item.id === `feeDue:${line}:MG1002`)).toBe(false);
      expect(after.length).toBe(before.length - 1);
    });

    it("never shows another family's lines", async () => {
      const mine = ofKind(await actionsOf(haddad), 'feeDue');
      expect(mine.length).toBeGreaterThan(0);
      expect(new Set(mine.map((item) => item.enrollNumber))).toEqual(new Set(['MG2001']));
      const theirs = new Set(idsOf(ofKind(await actionsOf(mogra), 'feeDue')));
      expect(mine.some((item) => theirs.has(item.id))).toBe(false);
    });
  });

  describe('paymentLink', () => {
    it('lists the open links, each opening the payment links page at it, and drops one once paid', async () => {
      const link = await laylaLinkUntil(120_00, 7);
      const expired = await laylaLinkUntil(20_00, -1);
      const { links } = await answerOf<{ links: TPaymentLink[] }>(mogra.get('/payment-links'));
      const open = links.filter((one) => one.status === 'open');
      expect(open.map((one) => one.id)).toContain(link);
      const items = ofKind(await actionsOf(mogra), 'paymentLink');
      expect(idsOf(items)).toEqual(open.map((one) => `paymentLink:${one.id}:${one.enrollNumber}`).sort());
      expect(items.find((item) => item.id === `paymentLink:${link}:MG1002`)).toEqual({
        id: `paymentLink:${link}:MG1002`,
        kind: 'paymentLink',
        module: 'paymentLink',
        enrollNumber: 'MG1002',
        childName: expect.stringContaining('Layla'),
        title: 'Museum trip',
        titleAr: 'رحلة المتحف',
        dueOn: addDays(today, 7),
        overdue: false,
        amount: { minor: 120_00, currency: 'AED' },
        path: `/payment-link?enrollNumber=MG1002&id=${link}`,
      });
      expect(items.some((item) => item.id.includes(expired))).toBe(false);

      await pay({ kind: 'link', linkId: link });
      const after = ofKind(await actionsOf(mogra), 'paymentLink');
      expect(after.some((item) => item.id.includes(link))).toBe(false);
      expect(after.length).toBe(items.length - 1);
    });

    it("never shows another family's links", async () => {
      const mine = ofKind(await actionsOf(haddad), 'paymentLink');
      expect(mine.every((item) => item.enrollNumber === 'MG2001')).toBe(true);
    });
  });

  describe('reportCardNew', () => {
    it("lists Layla's unopened card, not Omar's opened one nor Yousef's unpublished one, until it is opened", async () => {
      const items = ofKind(await actionsOf(mogra), 'reportCardNew');
      expect(items).toEqual([
        expect.objectContaining({
          id: 'reportCardNew:rc-MG1002-t1:MG1002',
          module: 'reportCard',
          enrollNumber: 'MG1002',
          dueOn: null,
          overdue: false,
          amount: null,
          path: '/report?enrollNumber=MG1002',
        }),
      ]);
      expect(items[0]?.title).not.toBe('');
      expect((await haddad.get('/report-cards/rc-MG1002-t1/pdf?lng=en')).statusCode).toBe(403);
      expect(
        ofKind(await actionsOf(haddad), 'reportCardNew').every((item) => item.enrollNumber === 'MG2001'),
      ).toBe(true);

      const opened = await mogra.get('/report-cards/rc-MG1002-t1/pdf?lng=en');
      expect(opened.statusCode).toBe(200);
      expect(ofKind(await actionsOf(mogra), 'reportCardNew')).toEqual([]);
    });
  });

  describe('tripConsent and tripPayment', () => {
    it('asks for the consents awaited, then for the payment of a trip consented to, until paid', async () => {
      const items = await actionsOf(mogra);
      expect(ofKind(items, 'tripPayment')).toEqual([]);
      const consents = ofKind(items, 'tripConsent');
      expect(idsOf(consents)).toEqual(['tripConsent:trip-mg-farm:MG1003', 'tripConsent:trip-mg-zoo:MG1002']);
      expect(consents.find((item) => item.enrollNumber === 'MG1002')).toMatchObject({
        module: 'trips',
        title: 'Grade 6B visit to Al Ain Zoo',
        dueOn: addDays(seedDay, 5),
        overdue: false,
        amount: null,
        path: '/trips?enrollNumber=MG1002',
      });

      const given = await answerOf<TTripConsentAnswer>(
        mogra.post('/trips/trip-mg-zoo/consent', { enrollNumber: 'MG1002', decision: 'give' }),
      );
      const afterConsent = await actionsOf(mogra);
      expect(idsOf(ofKind(afterConsent, 'tripConsent'))).toEqual(['tripConsent:trip-mg-farm:MG1003']);
      expect(ofKind(afterConsent, 'tripPayment')).toEqual([
        expect.objectContaining({
          id: 'tripPayment:trip-mg-zoo:MG1002',
          module: 'trips',
          enrollNumber: 'MG1002',
          dueOn: addDays(seedDay, 5),
          overdue: false,
          amount: { minor: 85_00, currency: 'AED' },
          path: '/trips?enrollNumber=MG1002',
        }),
      ]);

      await pay({ kind: 'fees', items: [{ feeItemId: given.feeItemId, amountMinor: 85_00 }] });
      await answerOf(
        mogra.post('/trips/trip-mg-farm/consent', { enrollNumber: 'MG1003', decision: 'refuse' }),
      );
      const done = await actionsOf(mogra);
      expect(ofKind(done, 'tripPayment')).toEqual([]);
      expect(ofKind(done, 'tripConsent')).toEqual([]);
    });

    it("never shows another family's trips", async () => {
      const items = await actionsOf(haddad);
      const mine = [...ofKind(items, 'tripConsent'), ...ofKind(items, 'tripPayment')];
      expect(mine.every((item) => item.enrollNumber === 'MG2001')).toBe(true);
      expect(mine.some((item) => item.id.includes('trip-mg-zoo') || item.id.includes('trip-mg-farm'))).toBe(
        false,
      );
    });
  });

  describe('absenceToExplain', () => {
    /** The day of the attendance page for a child, with its state. */
    const dayOnPage = async (enrollNumber: string, day: string) => {
      const month = await answerOf<TAttendanceMonth>(
        mogra.get(`/attendance/month?enrollNumber=${enrollNumber}&month=${day.slice(0, 7)}`),
      );
      return month.days.find((one) => one.date === day);
    };
    /** A mogra child's recorded absences (with the school's note). */
    const absencesOf = async (enrollNumber: string) => {
      const marks = await t.database.db
        .select()
        .from(attendanceDays)
        .where(and(eq(attendanceDays.schoolId, 'mogra'), eq(attendanceDays.enrollNumber, enrollNumber)));
      return marks.filter((mark) => mark.status === 'absent');
    };

    it('lists the recent absences the attendance page offers to explain, not older or explained ones', async () => {
      const [layla] = await absencesOf('MG1002');
      const omar = await absencesOf('MG1001');
      const shared = layla?.day ?? '';
      const omarUnexplained = omar.find((absence) => absence.note === '')?.day ?? '';
      const omarExplained = omar.find((absence) => absence.note !== '')?.day ?? '';
      expect([shared, omarUnexplained, omarExplained].every(Boolean)).toBe(true);
      // An absence of about two months ago, on a day the page offers to explain (not a holiday).
      let old = addDays(today, -45);
      do {
        old = lastWeekday(old);
        await markAbsent('mogra', 'MG1003', old);
      } while (!(await dayOnPage('MG1003', old))?.unexplained && old > addDays(today, -60));
      expect(await dayOnPage('MG1003', old)).toMatchObject({ status: 'absent', unexplained: true });

      // Omar's unexplained absence is the 14th school day before the seed day: the first of
      // Home's window on the seed day, out of it once the school's midnight has passed since.
      let windowStart = today;
      for (let left = ABSENCE_ACTION_SCHOOL_DAYS; left > 0; left -= 1) windowStart = lastWeekday(windowStart);
      if (today === seedDay) expect(omarUnexplained).toBe(windowStart);
      const items = ofKind(await actionsOf(mogra), 'absenceToExplain');
      expect(idsOf(items)).toEqual(
        [
          ...(omarUnexplained >= windowStart ? [`absenceToExplain:${omarUnexplained}:MG1001`] : []),
          `absenceToExplain:${shared}:MG1002`,
          `absenceToExplain:${shared}:MG1003`,
        ].sort(),
      );
      expect(items.find((item) => item.enrollNumber === 'MG1002')).toEqual({
        id: `absenceToExplain:${shared}:MG1002`,
        kind: 'absenceToExplain',
        module: 'attendance',
        enrollNumber: 'MG1002',
        childName: expect.stringContaining('Layla'),
        title: shared,
        titleAr: shared,
        dueOn: null,
        overdue: false,
        amount: null,
        path: '/attendance_month?enrollNumber=MG1002',
      });
      for (const item of items)
        expect(await dayOnPage(item.enrollNumber ?? '', item.title)).toMatchObject({ unexplained: true });
    });

    it('drops an absence once a leave request explains it', async () => {
      const [layla] = await absencesOf('MG1002');
      const day = layla?.day ?? '';
      const sent = await mogra.post('/leave-requests', {
        enrollNumbers: ['MG1002'],
        from: day,
        to: day,
        reason: 'Fever',
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const ids = idsOf(ofKind(await actionsOf(mogra), 'absenceToExplain'));
      expect(ids).not.toContain(`absenceToExplain:${day}:MG1002`);
      expect(ids).toContain(`absenceToExplain:${day}:MG1003`);
    });

    it("never shows another family's absences", async () => {
      const mine = ofKind(await actionsOf(haddad), 'absenceToExplain');
      expect(mine.every((item) => item.enrollNumber === 'MG2001')).toBe(true);
    });
  });

  it('asks nothing of a module the school does not grant', async () => {
    // Both schools have fee lines, open links and (now) an unexplained absence of yesterday.
    await markAbsent('bcad', 'BC3101', lastWeekday(today));
    await markAbsent('bnad', 'BN7101', lastWeekday(today));
    const atBcad = await actionsOf(bcad);
    expect(atBcad.length).toBeGreaterThan(0);
    expect(new Set(atBcad.map((item) => item.kind))).toEqual(new Set(['feeDue']));
    expect(await actionsOf(bnad)).toEqual([]);
  });
});
