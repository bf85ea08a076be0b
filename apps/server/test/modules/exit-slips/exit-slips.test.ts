import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TExitSlip,
  TExitSlipCode,
  TExitSlips,
  TGateExitSlip,
} from '@portal/contracts/families/exit-slips';
import { apiKeys, auditLog, exitSlipCodes, notifications, requests } from '../../../src/db/schema/index.ts';
import { demoSyncKey } from '../../../src/db/seed/seed.ts';
import { moveRequest } from '../../../src/kits/request-workflow.ts';
import { hashApiKey } from '../../../src/plugins/api-key.ts';
import { buildTestApp, signIn, type TTestApp } from '../../helper.ts';

// Exit slips (docs/modules.md F5, "Exit slip"): a parent asks for a child to leave early with a
// named collector; the school approves (here through the workflow kit, as a member of staff);
// the parent then shows a single-use gate code, valid from 30 minutes before leaving to 2 hours
// after; the gate verifies it once and records the handover, which tells the parents.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 86_400_000;
const STAFF = { kind: 'staff', id: 'stf-99' } as const;

describe('exit slips', () => {
  let t: TTestApp;
  let mogra: Record<string, string>;
  let haddad: Record<string, string>;
  let bcd: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    const bearer = async (schoolId: string, username: string) => ({
      'client-id': schoolId,
      authorization: `Bearer ${await signIn(t.app, schoolId, username)}`,
    });
    mogra = await bearer('mogra', 'parent@mogra.demo');
    haddad = await bearer('mogra', 'family.haddad@mogra.demo');
    bcd = await bearer('bcd', 'parent@bcd.demo');
  }, 120_000);
  afterAll(() => t.close());
  /** A slip whose code the gate verified, not yet handed over. */
  let verifiedId = '';

  const collector = { name: 'Khalid Saleh', relation: 'Uncle', phone: '+971 50 555 0101' };
  const at = (ms: number) => new Date(Date.now() + ms).toISOString();
  /**
   * Noon at the school (Dubai, UTC+4) `days` from the school's today, plus `minutes`: never
   * across its midnight (from 20:00 UTC the school's today is the next UTC day).
   */
  const schoolNoonIn = (days: number, minutes = 0) => {
    const schoolToday = new Date(Date.now() + 4 * HOUR).toISOString().slice(0, 10);
    const noon = Date.parse(`${schoolToday}T08:00:00Z`);
    return new Date(noon + days * DAY + minutes * MINUTE).toISOString();
  };
  const create = (body: object, headers = mogra) =>
    t.app.inject({ method: 'POST', url: '/api/v1/ppn/exit-slips', headers, payload: body });
  const createSlip = async (enrollNumber: string, leaveAt: string) => {
    const response = await create({ enrollNumber, leaveAt, collector });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { slip: TExitSlip }).slip;
  };
  const approve = (id: string) =>
    moveRequest(t.database.db, { schoolId: 'mogra', requestId: id }, 'approved', STAFF);
  const code = (id: string, headers = mogra) =>
    t.app.inject({ method: 'GET', url: `/api/v1/ppn/exit-slips/${id}/code`, headers });
  const codeOf = async (id: string) => {
    const response = await code(id);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TExitSlipCode;
  };
  const gate = (
    action: 'verify' | 'handover',
    payload: object,
    schoolId = 'mogra',
    key = demoSyncKey(schoolId),
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/gate/exit-slips/${action}`,
      headers: { 'client-id': schoolId, authorization: `Bearer ${key}` },
      payload,
    });
  const list = async (headers = mogra) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ppn/exit-slips?pageSize=50',
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TExitSlips;
  };
  const expectRefused = (
    response: { statusCode: number; json: () => unknown },
    status: number,
    id: string,
  ) => {
    expect(response.statusCode).toBe(status);
    expect((response.json() as { messageId: string }).messageId).toBe(id);
  };

  it("lists the demo family's slips: Omar's approved for tomorrow with its code, Layla's in review", async () => {
    const { items } = await list();
    const omar = items.find((item) => item.enrollNumber === 'MG1001');
    const layla = items.find((item) => item.enrollNumber === 'MG1002');
    expect(omar).toMatchObject({ status: 'approved', canCancel: false, collector: { relation: 'Uncle' } });
    expect(layla).toMatchObject({ status: 'in_review', canCancel: true });
    expect(omar?.history.map((event) => [event.actor, event.to])).toEqual([
      ['parent', 'submitted'],
      ['school', 'in_review'],
      ['school', 'approved'],
    ]);
    const shown = await codeOf(omar!.id);
    expect(shown.code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/);
    expect(Date.parse(shown.window.until) - Date.parse(shown.window.from)).toBe(150 * MINUTE);
    // The same code every time (a printed copy stays good); only its hash is kept.
    expect((await codeOf(omar!.id)).code).toBe(shown.code);
    const [kept] = await t.database.db
      .select()
      .from(exitSlipCodes)
      .where(eq(exitSlipCodes.requestId, omar!.id));
    expect(kept?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(kept)).not.toContain(shown.code.replaceAll('-', ''));
    // Tomorrow's slip is not valid at the gate yet.
    expectRefused(await gate('verify', { code: shown.code }), 409, 'X003');
    // The other family of the school sees only its own (a slip it cancelled).
    const theirs = (await list(haddad)).items;
    expect(theirs.map((item) => [item.enrollNumber, item.status])).toEqual([['MG2001', 'cancelled']]);
    expect(items.map((item) => item.enrollNumber)).not.toContain('MG2001');
  });

  it('submits a slip through the workflow, and refuses a past time (422 R002), another slip that day (409 R003), another family’s child (403 A002)', async () => {
    const leaveAt = schoolNoonIn(5);
    const slip = await createSlip('MG1003', leaveAt);
    expect(slip).toMatchObject({
      status: 'submitted',
      canCancel: true,
      childName: expect.any(String),
      collector,
    });
    expect(slip.leaveAt).toBe(leaveAt);
    const [stored] = await t.database.db.select().from(requests).where(eq(requests.requestId, slip.id));
    expect(stored).toMatchObject({ kind: 'exitSlip', parentId: 'MG-P001', enrollNumbers: ['MG1003'] });
    expectRefused(
      await create({ enrollNumber: 'MG1003', leaveAt: schoolNoonIn(5, 30), collector }),
      409,
      'R003',
    );
    expectRefused(await create({ enrollNumber: 'MG1003', leaveAt: at(-MINUTE), collector }), 422, 'R002');
    expectRefused(await create({ enrollNumber: 'MG1003', leaveAt: at(40 * DAY), collector }), 422, 'R002');
    expectRefused(await create({ enrollNumber: 'MG2001', leaveAt: at(5 * DAY), collector }), 403, 'A002');
    for (const bad of [
      { enrollNumber: 'MG1003', leaveAt: 'tomorrow', collector },
      { enrollNumber: 'MG1003', leaveAt: at(6 * DAY), collector: { ...collector, phone: 'call me' } },
      { enrollNumber: 'MG1003', leaveAt: at(6 * DAY), collector: { ...collector, name: ' ' } },
    ])
      expectRefused(await create(bad), 400, 'V001');
    // Cancelled, the day is free again; a cancelled slip cannot be cancelled twice (409 R001).
    const cancel = (id: string, headers = mogra) =>
      t.app.inject({ method: 'POST', url: `/api/v1/ppn/exit-slips/${id}/cancel`, headers });
    expectRefused(await cancel(slip.id, haddad), 403, 'A002');
    const cancelled = await cancel(slip.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((cancelled.json() as { slip: TExitSlip }).slip).toMatchObject({
      status: 'cancelled',
      canCancel: false,
    });
    expectRefused(await cancel(slip.id), 409, 'R001');
    const again = await createSlip('MG1003', schoolNoonIn(5, 30));
    await approve(again.id);
    // A decided slip cannot be cancelled.
    expectRefused(await cancel(again.id), 409, 'R001');
    expectRefused(await cancel('00000000-0000-4000-8000-000000000000'), 404, 'N404');
  });

  it('never shows a code before approval (409 R001), nor after a refusal', async () => {
    const slip = await createSlip('MG1003', at(3 * DAY));
    expectRefused(await code(slip.id), 409, 'R001');
    await moveRequest(t.database.db, { schoolId: 'mogra', requestId: slip.id }, 'in_review', STAFF);
    expectRefused(await code(slip.id), 409, 'R001');
    const [none] = await t.database.db
      .select()
      .from(exitSlipCodes)
      .where(eq(exitSlipCodes.requestId, slip.id));
    expect(none).toBeUndefined();
    expectRefused(await code(slip.id, haddad), 403, 'A002');
    await moveRequest(t.database.db, { schoolId: 'mogra', requestId: slip.id }, 'rejected', STAFF);
    expectRefused(await code(slip.id), 409, 'R001');
  });

  it('takes a code once in its window (then 409 X002), refuses it outside (409 X003), and knows no other code (404 X001)', async () => {
    const later = await createSlip('MG1003', at(4 * DAY));
    await approve(later.id);
    const laterCode = (await codeOf(later.id)).code;
    expectRefused(await gate('verify', { code: laterCode }), 409, 'X003');
    expectRefused(await gate('handover', { code: laterCode }), 409, 'X003');

    const now = await createSlip('MG1003', at(10 * MINUTE));
    await approve(now.id);
    const shown = await codeOf(now.id);
    // Another school's gate does not know the code.
    expectRefused(await gate('verify', { code: shown.code }, 'bcd'), 404, 'X001');
    expectRefused(await gate('verify', { code: 'ABCD-EFGH-JKMN-PQRS-TVWX' }), 404, 'X001');
    expectRefused(await gate('verify', { code: 'nonsense' }), 404, 'X001');
    // Typed in lower case without dashes, it is the same code.
    const verified = await gate('verify', { code: shown.code.replaceAll('-', '').toLowerCase() });
    expect(verified.statusCode, verified.body).toBe(200);
    const { slip } = verified.json() as { slip: TGateExitSlip };
    expect(slip).toMatchObject({
      requestId: now.id,
      child: { enrollNumber: 'MG1003', name: expect.any(String), grade: expect.any(String) },
      collector,
      leaveAt: now.leaveAt,
      handedOverAt: null,
    });
    expect(slip.child.photoUrl).toContain('/media/students/');
    expect(slip.verifiedAt).not.toBeNull();
    expectRefused(await gate('verify', { code: shown.code }), 409, 'X002');
    // Used at the gate, the parent's page no longer shows it.
    expectRefused(await code(now.id), 409, 'X002');
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, 'mogra'), eq(auditLog.action, 'exitSlips.verify')))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(audit?.detail).toMatchObject({ requestId: now.id });
    expect((await list()).items.find((item) => item.id === now.id)?.gate.verifiedAt).not.toBeNull();
    verifiedId = now.id;
  });

  it('records the handover and tells the parents at once (safety), naming the collector and the time', async () => {
    const slip = await createSlip('MG1002', at(20 * MINUTE));
    await approve(slip.id);
    const shown = await codeOf(slip.id);
    expectRefused(await gate('handover', { code: shown.code, staffId: 'nobody' }), 422, 'I001');
    const handed = await gate('handover', { code: shown.code, staffId: 'stf-01' });
    expect(handed.statusCode, handed.body).toBe(200);
    const { slip: done } = handed.json() as { slip: TGateExitSlip };
    expect(done.handedOverAt).not.toBeNull();
    expect(done.verifiedAt).not.toBeNull();
    expectRefused(await gate('handover', { requestId: slip.id }), 409, 'X002');
    expectRefused(await gate('verify', { code: shown.code }), 409, 'X002');
    const notices = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.schoolId, 'mogra'),
          eq(notifications.kind, 'safety.exitHandover'),
          eq(notifications.dedupeKey, `exitSlip.handover:${slip.id}`),
        ),
      );
    // Every parent of Layla is told, once.
    expect(new Set(notices.map((one) => one.parentId)).size).toBe(notices.length);
    const notice = notices.find((one) => one.parentId === 'MG-P001');
    expect(notice).toMatchObject({
      parentId: 'MG-P001',
      enrollNumber: 'MG1002',
      category: 'safety',
      mailState: 'pending',
      path: '/exit-slip-request',
    });
    const time = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Dubai',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(done.handedOverAt!));
    expect(notice?.titleEn).toContain('Khalid Saleh');
    expect(notice?.bodyEn).toContain('Khalid Saleh (Uncle)');
    expect(notice?.bodyEn).toContain(`at ${time}`);
    expect(notice?.bodyAr).toContain('Khalid Saleh');
    expect(notice?.bodyAr).toContain(time);
    const row = (await list()).items.find((item) => item.id === slip.id);
    expect(row?.gate.handedOverAt).toBe(done.handedOverAt);
  });

  it('hands over a verified slip by its id, and takes a gate key; a sync-only key is 403 K002', async () => {
    const slip = { id: verifiedId };
    await t.database.db.insert(apiKeys).values([
      { schoolId: 'mogra', label: 'Gate tablet', keyHash: hashApiKey('gate-key-of-mogra'), scopes: ['gate'] },
      { schoolId: 'mogra', label: 'Nightly sync', keyHash: hashApiKey('sync-key-of-mogra'), scopes: ['sis'] },
    ]);
    expectRefused(await gate('handover', { requestId: slip.id }, 'mogra', 'sync-key-of-mogra'), 403, 'K002');
    expectRefused(await gate('handover', { requestId: slip.id }, 'mogra', 'no-such-key-at-all'), 401, 'K001');
    expectRefused(await gate('handover', { requestId: slip.id }, 'bcd'), 404, 'X001');
    expectRefused(await gate('handover', {}), 400, 'V001');
    const handed = await gate('handover', { requestId: slip.id }, 'mogra', 'gate-key-of-mogra');
    expect(handed.statusCode, handed.body).toBe(200);
    expect((handed.json() as { slip: TGateExitSlip }).slip.handedOverAt).not.toBeNull();
  });

  it('is closed to schools that do not grant exit slips (403 A001), and to another family (A002)', async () => {
    for (const response of [
      await t.app.inject({ method: 'GET', url: '/api/v1/ppn/exit-slips', headers: bcd }),
      await create({ enrollNumber: 'BC1001', leaveAt: at(DAY), collector }, bcd),
    ])
      expectRefused(response, 403, 'A001');
    expectRefused(
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/ppn/exit-slips?enrollNumber=MG1001',
        headers: haddad,
      }),
      403,
      'A002',
    );
    const omar = (await list()).items.find(
      (item) => item.enrollNumber === 'MG1001' && item.status === 'approved',
    );
    expectRefused(await code(omar!.id, haddad), 403, 'A002');
    expectRefused(await code(omar!.id, bcd), 403, 'A001');
  });
});
