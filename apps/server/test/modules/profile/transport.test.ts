import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTransport } from '@portal/contracts/families/identity';
import { requestEvents, requests } from '../../../src/db/schema/index.ts';
import { moveRequest } from '../../../src/kits/request-workflow.ts';
import { buildTestApp, signIn, type TTestApp } from '../../helper.ts';

// Transport (docs/modules.md F6): the child's route, stop and bus, `route: null` for a child who
// takes none; the parent's change requests are requests of kind `transportChange`, one open
// per child (another: 409 R003).
describe('transport', () => {
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
  });
  afterAll(() => t.close());

  const get = (enrollNumber: string, headers = mogra) =>
    t.app.inject({ method: 'GET', url: `/api/v1/ppn/transport?enrollNumber=${enrollNumber}`, headers });
  const transport = async (enrollNumber: string) => {
    const response = await get(enrollNumber);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TTransport;
  };
  const change = (payload: Record<string, unknown>, headers = mogra) =>
    t.app.inject({ method: 'POST', url: '/api/v1/ppn/transport/changes', headers, payload });

  it('shows Layla and Yousef on bus route 3, at their stop with its times and the crew', async () => {
    const layla = await transport('MG1002');
    expect(layla.route).toMatchObject({
      id: 'route-3',
      name: 'Route 3 — Al Barsha',
      busNumber: 'MG-03',
      driverName: 'Rajesh Kumar',
      driverPhone: '+971 50 100 0301',
      assistantName: 'Huda Salem',
    });
    expect(layla.route?.nameAr).not.toBe('');
    expect(layla.stop).toMatchObject({ id: 'route-3-stop-2', seq: 2, pickupAt: '06:50', dropAt: '15:00' });
    expect((await transport('MG1003')).route?.id).toBe('route-3');
    expect(layla.stops.map((stop) => stop.id)).toContain('route-1-stop-1');
    expect(layla.changes).toEqual([]);
  });

  it('answers route null for a child who takes no bus (Omar)', async () => {
    const omar = await transport('MG1001');
    expect(omar).toMatchObject({ success: true, route: null, stop: null });
  });

  it("refuses another parent's child (403 A002) and a school that does not grant transport (403 A001)", async () => {
    const other = await get('MG1002', haddad);
    expect(other.statusCode).toBe(403);
    expect(other.json().messageId).toBe('A002');
    const posted = await change({ enrollNumber: 'MG1002', reason: 'other', details: 'x' }, haddad);
    expect(posted.statusCode).toBe(403);
    expect(posted.json().messageId).toBe('A002');
    const ungranted = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ppn/transport?enrollNumber=BD4101',
      headers: bcd,
    });
    expect(ungranted.statusCode).toBe(403);
    expect(ungranted.json().messageId).toBe('A001');
  });

  it('refuses bad input with 400 V001: no stop and no details, an unknown stop, a reason not listed', async () => {
    for (const payload of [
      { enrollNumber: 'MG1002', reason: 'otherStop' },
      { enrollNumber: 'MG1002', reason: 'otherStop', details: '   ' },
      { enrollNumber: 'MG1002', reason: 'otherStop', requestedStopId: 'no-such-stop' },
      { enrollNumber: 'MG1002', reason: 'teleport', details: 'x' },
      { enrollNumber: 'MG1002', reason: 'other', details: 'x'.repeat(1_001) },
    ]) {
      const response = await change(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().messageId).toBe('V001');
    }
  });

  it('submits a change as a request of kind transportChange, and refuses a second while it is open (409 R003)', async () => {
    const created = await change({
      enrollNumber: 'MG1002',
      reason: 'otherStop',
      requestedStopId: 'route-1-stop-2',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { change: made } = created.json() as {
      change: { id: string; status: string; requestedStop: { id: string } };
    };
    expect(made).toMatchObject({ status: 'submitted', requestedStop: { id: 'route-1-stop-2' } });
    const [stored] = await t.database.db
      .select()
      .from(requests)
      .where(and(eq(requests.schoolId, 'mogra'), eq(requests.requestId, made.id)));
    expect(stored).toMatchObject({ kind: 'transportChange', parentId: 'MG-P001', enrollNumbers: ['MG1002'] });
    const history = await t.database.db
      .select()
      .from(requestEvents)
      .where(and(eq(requestEvents.schoolId, 'mogra'), eq(requestEvents.requestId, made.id)));
    expect(history.map((event) => event.toStatus)).toEqual(['submitted']);

    const again = await change({ enrollNumber: 'MG1002', reason: 'other', details: 'Another idea' });
    expect(again.statusCode).toBe(409);
    expect(again.json().messageId).toBe('R003');
    // Yousef is another child: his change is his own.
    expect(
      (await change({ enrollNumber: 'MG1003', reason: 'newAddress', details: 'We move on 1 May' }))
        .statusCode,
    ).toBe(201);
    expect((await transport('MG1002')).changes.map((one) => one.id)).toEqual([made.id]);

    // Once the school decides, another may be asked for.
    await moveRequest(t.database.db, { schoolId: 'mogra', requestId: made.id }, 'rejected', {
      kind: 'key',
      id: 'test',
    });
    const after = await change({ enrollNumber: 'MG1002', reason: 'stopUsing', details: 'We drive her now' });
    expect(after.statusCode, after.body).toBe(201);
    // Omar, who takes no bus, may ask to start.
    expect(
      (await change({ enrollNumber: 'MG1001', reason: 'startUsing', requestedStopId: 'route-3-stop-1' }))
        .statusCode,
    ).toBe(201);
  });
});
