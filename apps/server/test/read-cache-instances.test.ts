import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ZPaymentAnswer } from '@portal/contracts/fees';
import { schoolRoleApplications } from '../src/db/schema/index.ts';
import { buildTestApp, signIn, type TTestApp } from './helper.ts';
import type { TCirculars, TFees, TProfile } from './kept-answer-shapes.ts';
import {
  addFeeLine,
  deliver,
  newKey,
  sandboxEvent,
  setFeePolicy,
  signed,
  SANDBOX_SECRET,
} from './modules/fees/payments-fixtures.ts';
import { csvOf, demoFiles, importReport } from './modules/school-data/bundles.ts';

/** How soon a write on one instance is seen by a read on the other (docs/decisions/029-read-cache.md). */
const SEEN_WITHIN_MS = 100;

// Two instances on one PostgreSQL database (PGlite is one process's own; vitest.config.ts runs
// this file on PostgreSQL only): each keeps answers, and a write on either is seen by a read on
// the other, through the cache bus.
describe('kept answers across two instances', () => {
  let first: TTestApp;
  let second: TTestApp;
  let token: string;
  beforeAll(async () => {
    // As in production: a kept answer is served without waiting for notices.
    const env = { READ_CACHE_AWAITS_NOTICES: '0', SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET };
    first = await buildTestApp({ env });
    second = await buildTestApp({ env, sameDatabaseAs: first });
    token = await signIn(first.app, 'mogra', 'parent@mogra.demo');
    await setFeePolicy(first.database, 'mogra', { allowsPartialPayment: true, minimumPartialMinor: 0 });
    await Promise.all([first.app.cacheSettled(), second.app.cacheSettled()]);
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  const call = (t: TTestApp, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({
      method,
      url: `/api/v1/ppn${url}`,
      headers: { 'client-id': 'mogra', authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  const circulars = async (t: TTestApp) =>
    (await call(t, 'GET', '/circulars?unacknowledged=1')).json() as TCirculars;

  /** Waits the time a write has to reach the other instance, then reads once. */
  const readAfter = async <T>(ms: number, read: () => Promise<T>): Promise<T> => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return read();
  };

  it('sees an acknowledgement made on one instance in a read on the other', async () => {
    const before = await circulars(second);
    const waiting = before.items[0];
    if (!waiting) throw new Error('nothing waits for an acknowledgement');
    // Kept by the second instance now.
    expect((await circulars(second)).toAcknowledge).toBe(before.toAcknowledge);
    const children = waiting.children.filter((c) => !c.acknowledgedAt).map((c) => c.enrollNumber);
    const acknowledged = await call(first, 'POST', `/circulars/${waiting.id}/acknowledge`, {
      enrollNumbers: children,
    });
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    const after = await readAfter(SEEN_WITHIN_MS, () => circulars(second));
    expect(after.toAcknowledge).toBeLessThan(before.toAcknowledge);
  });

  it('sees a payment made through one instance in a read of the fee details on the other', async () => {
    const line = await addFeeLine(first.database, 'mogra', 'MG1002', { totalMinor: 80_00 });
    const paidOn = async (t: TTestApp) => {
      const fees = (await call(t, 'GET', '/fees/fee-details?enrollNumber=MG1002')).json() as TFees;
      return fees.items.find((item) => item.id === line)?.paidMinor;
    };
    expect(await readAfter(SEEN_WITHIN_MS, () => paidOn(second))).toBe(0);
    // Kept by the second instance now.
    expect(await paidOn(second)).toBe(0);
    const started = await call(first, 'POST', '/payments', {
      idempotencyKey: newKey(),
      kind: 'fees',
      items: [{ feeItemId: line, amountMinor: 80_00 }],
    });
    expect(started.statusCode, started.body).toBe(201);
    const ref =
      new URL(ZPaymentAnswer.parse(started.json()).redirectUrl ?? '').pathname.split('/').pop() ?? '';
    const body = sandboxEvent(ref, 'succeeded');
    const delivered = await deliver(first.app, 'sandbox', body, {
      'sandbox-signature': signed(SANDBOX_SECRET, body),
    });
    expect(delivered.statusCode).toBe(200);
    expect(await readAfter(SEEN_WITHIN_MS, () => paidOn(second))).toBe(80_00);
  });

  it("sees a child's name changed by an import into one instance in a read of the profile on the other", async () => {
    const profileOn = async (t: TTestApp) => (await call(t, 'GET', '/parent/profile')).json() as TProfile;
    const [child] = (await profileOn(second)).children;
    if (!child) throw new Error('the demo parent has no child');
    await profileOn(second);
    const files = demoFiles('mogra');
    const users = csvOf(files, 'users.csv').split('\r\n');
    const header = (users[0] ?? '').split(',');
    const renamed = users.map((line) => {
      const cells = line.split(',');
      if (cells[header.indexOf('identifier')] !== child.sims_student_enroll_number) return line;
      cells[header.indexOf('givenName')] = 'Elsewhere';
      return cells.join(',');
    });
    files.set('users.csv', renamed.join('\r\n'));
    await importReport(first.app, 'mogra', files);
    const after = await readAfter(SEEN_WITHIN_MS, () => profileOn(second));
    const renamedChild = after.children.find(
      (c) => c.sims_student_enroll_number === child.sims_student_enroll_number,
    );
    expect(renamedChild?.sims_student_full_name).toContain('Elsewhere');
  }, 120_000);

  it('refuses a read on one instance once the school stops granting its module, and answers once granted', async () => {
    // bcad grants fee payment (the demo school mogra is open to every module whatever it grants).
    const parent = await signIn(first.app, 'bcad', 'parent@bcad.demo');
    const asParent = (t: TTestApp, url: string) =>
      t.app.inject({
        url: `/api/v1/ppn${url}`,
        headers: { 'client-id': 'bcad', authorization: `Bearer ${parent}` },
      });
    const children = ((await asParent(second, '/parent/profile')).json() as TProfile).children;
    const feesUrl = `/fees/fee-details?enrollNumber=${children[0]?.sims_student_enroll_number ?? ''}`;
    expect((await asParent(second, feesUrl)).statusCode).toBe(200);
    const granted = and(
      eq(schoolRoleApplications.schoolId, 'bcad'),
      eq(schoolRoleApplications.role, 'parent'),
    );
    const grants = await first.database.db.select().from(schoolRoleApplications).where(granted);
    await first.database.db.delete(schoolRoleApplications).where(granted);
    expect((await readAfter(SEEN_WITHIN_MS, () => asParent(second, feesUrl))).statusCode).toBe(403);
    await first.database.db.insert(schoolRoleApplications).values(grants);
    expect((await readAfter(SEEN_WITHIN_MS, () => asParent(second, feesUrl))).statusCode).toBe(200);
  });

  it('ends a session signed out on one instance at once on the other', async () => {
    const other = await signIn(second.app, 'mogra', 'parent@mogra.demo');
    const profileOn = (t: TTestApp) =>
      t.app.inject({
        url: '/api/v1/ppn/parent/profile',
        headers: { 'client-id': 'mogra', authorization: `Bearer ${other}` },
      });
    expect((await profileOn(second)).statusCode).toBe(200);
    const signedOut = await first.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/auth/sign-out',
      headers: { 'client-id': 'mogra', authorization: `Bearer ${other}` },
    });
    expect(signedOut.statusCode).toBe(200);
    expect((await readAfter(SEEN_WITHIN_MS, () => profileOn(second))).statusCode).toBe(401);
  });

  it('keeps nothing while its listening connection is lost, and keeps again once it listens', async () => {
    const profile = async () => (await call(second, 'GET', '/parent/profile')).body;
    const before = await profile();
    // End the second instance's listening connection (the database restarting, say).
    const listeners = sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`;
    await first.database.db.execute(listeners);
    // A change nobody hears of (no triggers): the second instance, deaf now, must read it.
    await first.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update parents set name_en = 'Deaf Listener' where school_id = 'mogra'
        and username = 'parent@mogra.demo'`);
    });
    // The lost connection is noticed as soon as the database says so; then nothing is kept.
    const after = await readAfter(SEEN_WITHIN_MS, profile);
    expect(after).not.toBe(before);
    expect(after).toContain('Deaf Listener');
  });
});
