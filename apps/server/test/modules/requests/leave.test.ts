import { addDays } from '@portal/contracts/kits/dates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests } from '../../../src/db/schema/index.ts';
import { signIn } from '../../helper.ts';
import {
  buildRequestsApp,
  laylasUnexplainedDay,
  parentCall,
  staffCall,
  type TLeave,
  type TRequestsApp,
} from './leave-data.ts';

// Leave requests and the family's hub (docs/modules.md F5): one request for several siblings, the
// dates checked (422 R002), the children checked (403 A002), overlaps refused (409 R003), a
// decided request not cancelled (409 R001), an absence turned into a filled-in form, and the
// hub of every request of the family, of granted kinds only.
describe('leave requests', () => {
  let t: TRequestsApp;
  const leave = (payload: object, headers = () => t.mogra) =>
    parentCall(t, headers(), 'POST', '/leave-requests', payload);
  const body = (extra: object = {}) => ({
    enrollNumbers: ['MG1001', 'MG1002'],
    from: addDays(t.today, 25),
    to: addDays(t.today, 26),
    reason: 'Family wedding in Beirut',
    ...extra,
  });

  // Building the seeded app takes long while other suites share the machine.
  beforeAll(async () => {
    t = await buildRequestsApp();
  }, 180_000);
  afterAll(() => t.close());

  it('makes one request for two siblings, naming both, with its history', async () => {
    const created = await leave(body({ enrollNumbers: ['MG1001', 'MG1002', 'MG1001'] }));
    expect(created.statusCode, created.body).toBe(201);
    const request = (created.json() as { request: TLeave }).request;
    expect(request).toMatchObject({
      status: 'submitted',
      from: addDays(t.today, 25),
      to: addDays(t.today, 26),
      reason: 'Family wedding in Beirut',
      canCancel: true,
    });
    expect(request.children.map((child) => child.enrollNumber)).toEqual(['MG1001', 'MG1002']);
    expect(request.children[0]?.childName).toContain('Omar');
    expect(request.children[1]?.childName).toContain('Layla');
    expect(request.history).toEqual([
      expect.objectContaining({ seq: 1, actor: 'parent', from: null, to: 'submitted' }),
    ]);
    expect(request.days).toBeGreaterThanOrEqual(0);
    expect(request.days).toBeLessThanOrEqual(2);
    const [stored] = await t.database.db
      .select()
      .from(requests)
      .where(and(eq(requests.schoolId, 'mogra'), eq(requests.requestId, request.id)));
    expect(stored).toMatchObject({ kind: 'leave', parentId: 'MG-P001', enrollNumbers: ['MG1001', 'MG1002'] });

    const list = (await parentCall(t, t.mogra, 'GET', '/leave-requests?pageSize=50')).json() as {
      items: TLeave[];
    };
    expect(list.items[0]?.id).toBe(request.id);
    // The demo family's leave requests stand in every state.
    expect(new Set(list.items.map((item) => item.status))).toEqual(
      new Set(['draft', 'submitted', 'in_review', 'approved', 'rejected', 'cancelled']),
    );
    const layla = (
      await parentCall(t, t.mogra, 'GET', '/leave-requests?enrollNumber=MG1003&pageSize=50')
    ).json().items as TLeave[];
    expect(layla.every((item) => item.children.some((child) => child.enrollNumber === 'MG1003'))).toBe(true);

    // The same days again for one of them overlap it.
    const overlap = await leave(body({ enrollNumbers: ['MG1002'], from: addDays(t.today, 26) }));
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().messageId).toBe('R003');
  });

  it('refuses bad days: the last before the first, or more than 30 days ahead (422 R002)', async () => {
    for (const [extra, why] of [
      [{ from: addDays(t.today, 5), to: addDays(t.today, 4) }, 'to before from'],
      [{ from: addDays(t.today, 29), to: addDays(t.today, 31) }, 'more than 30 days ahead'],
      [{ from: addDays(t.today, -200), to: addDays(t.today, -199) }, 'too far back'],
    ] as const) {
      const refused = await leave(body({ enrollNumbers: ['MG1003'], ...extra }));
      expect(refused.statusCode, why).toBe(422);
      expect(refused.json().messageId, why).toBe('R002');
    }
    const bad = await leave(body({ from: '2026-02-30' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messageId).toBe('V001');
    const none = await leave(body({ enrollNumbers: [] }));
    expect(none.statusCode).toBe(400);
  });

  it("refuses another parent's child, alone or beside one's own, creating nothing (403 A002)", async () => {
    const before = await t.database.db.select().from(requests).where(eq(requests.schoolId, 'mogra'));
    for (const enrollNumbers of [['MG2001'], ['MG1003', 'MG2001'], ['BD4101']]) {
      const refused = await leave(body({ enrollNumbers }));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().messageId).toBe('A002');
    }
    const prefill = await parentCall(
      t,
      t.mogra,
      'GET',
      `/leave-requests/prefill?enrollNumber=MG2001&absentOn=${t.today}`,
    );
    expect(prefill.statusCode).toBe(403);
    const after = await t.database.db.select().from(requests).where(eq(requests.schoolId, 'mogra'));
    expect(after).toHaveLength(before.length);
  });

  it('cancels an undecided request once; a decided one stays (409 R001)', async () => {
    const created = (
      await leave(body({ enrollNumbers: ['MG1003'], from: addDays(t.today, 28), to: addDays(t.today, 28) }))
    ).json() as { request: TLeave };
    const cancel = (id: string, headers = t.mogra) =>
      parentCall(t, headers, 'POST', `/leave-requests/${id}/cancel`);
    // Another family cannot reach it (403 A002, as every object of another family).
    const theirs = await cancel(created.request.id, t.haddad);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().messageId).toBe('A002');
    const cancelled = await cancel(created.request.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const request = (cancelled.json() as { request: TLeave }).request;
    expect(request).toMatchObject({ status: 'cancelled', canCancel: false });
    expect(request.history.map((line) => line.to)).toEqual(['submitted', 'cancelled']);
    const again = await cancel(created.request.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().messageId).toBe('R001');

    const list = (await parentCall(t, t.mogra, 'GET', '/leave-requests?pageSize=50')).json() as {
      items: TLeave[];
    };
    const approved = list.items.find((item) => item.status === 'approved');
    expect(approved?.canCancel).toBe(false);
    const decided = await cancel(approved?.id ?? '');
    expect(decided.statusCode).toBe(409);
    expect(decided.json().messageId).toBe('R001');
    // Through the hub alike.
    const viaHub = await parentCall(t, t.mogra, 'POST', `/requests/${approved?.id ?? ''}/cancel`);
    expect(viaHub.statusCode).toBe(409);
    expect((await parentCall(t, t.mogra, 'POST', '/leave-requests/not-an-id/cancel')).statusCode).toBe(404);
  });

  it('keeps a draft its author rewrites and sends; the school sees it only once sent', async () => {
    const drafted = await leave(
      body({ enrollNumbers: ['MG1003'], from: addDays(t.today, 27), to: addDays(t.today, 27), draft: true }),
    );
    expect(drafted.statusCode, drafted.body).toBe(201);
    const draft = (drafted.json() as { request: TLeave }).request;
    expect(draft).toMatchObject({ status: 'draft', canCancel: true });
    const staffIds = async () =>
      (
        (await staffCall(t, 'mogra', 'GET', '/requests?pageSize=50&kind=leave')).json() as { items: TLeave[] }
      ).items.map((item) => item.id);
    expect(await staffIds()).not.toContain(draft.id);
    const decide = await staffCall(t, 'mogra', 'POST', `/requests/${draft.id}/decide`, {
      decision: 'approved',
    });
    expect(decide.statusCode).toBe(404);

    const edit = (id: string, payload: object, headers = t.mogra) =>
      parentCall(t, headers, 'PATCH', `/leave-requests/${id}`, payload);
    const rewritten = await edit(draft.id, {
      enrollNumbers: ['MG1003', 'MG1002'],
      from: addDays(t.today, 27),
      to: addDays(t.today, 27),
      reason: 'Grandparents visiting from Cairo',
    });
    expect(rewritten.statusCode, rewritten.body).toBe(200);
    expect((rewritten.json() as { request: TLeave }).request).toMatchObject({
      status: 'draft',
      from: addDays(t.today, 27),
      reason: 'Grandparents visiting from Cairo',
    });
    const badDays = await edit(draft.id, { ...body(), from: addDays(t.today, 23), to: addDays(t.today, 22) });
    expect([badDays.statusCode, badDays.json().messageId]).toEqual([422, 'R002']);
    const theirs = await edit(draft.id, body({ enrollNumbers: ['MG2001'] }), t.haddad);
    expect([theirs.statusCode, theirs.json().messageId]).toEqual([403, 'A002']);

    const submit = (id: string) => parentCall(t, t.mogra, 'POST', `/leave-requests/${id}/submit`);
    const sent = await submit(draft.id);
    expect(sent.statusCode, sent.body).toBe(200);
    const request = (sent.json() as { request: TLeave }).request;
    expect(request.status).toBe('submitted');
    expect(request.history.map((line) => [line.from, line.to])).toEqual([
      [null, 'draft'],
      ['draft', 'submitted'],
    ]);
    expect(await staffIds()).toContain(draft.id);
    // Sent, it changes no more, and is sent once.
    const late = await edit(draft.id, body({ enrollNumbers: ['MG1003'] }));
    expect([late.statusCode, late.json().messageId]).toEqual([409, 'R001']);
    const twice = await submit(draft.id);
    expect([twice.statusCode, twice.json().messageId]).toEqual([409, 'R001']);
  });

  it('fills the form from an unexplained absence: the child, the day and the siblings absent that day', async () => {
    const day = await laylasUnexplainedDay(t);
    const answer = await parentCall(
      t,
      t.mogra,
      'GET',
      `/leave-requests/prefill?enrollNumber=MG1002&absentOn=${day}`,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().prefill).toMatchObject({
      enrollNumbers: ['MG1002', 'MG1003'],
      from: day,
      to: day,
      unexplained: true,
    });
    // A day nobody was absent: the child alone.
    const other = (
      await parentCall(t, t.mogra, 'GET', `/leave-requests/prefill?enrollNumber=MG1001&absentOn=${day}`)
    ).json();
    expect(other.prefill.enrollNumbers[0]).toBe('MG1001');
    expect(other.prefill.unexplained).toBe(false);
  });

  it('is offered only where the school grants it (403 A001)', async () => {
    const bcd = {
      'client-id': 'bcd',
      authorization: `Bearer ${await signIn(t.app, 'bcd', 'parent@bcd.demo')}`,
    };
    for (const url of [
      '/leave-requests',
      `/leave-requests/prefill?enrollNumber=BD4101&absentOn=${t.today}`,
    ]) {
      const refused = await parentCall(t, bcd, 'GET', url);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().messageId).toBe('A001');
    }
    expect((await leave(body({ enrollNumbers: ['BD4101'] }), () => bcd)).statusCode).toBe(403);
  });
});

describe('the requests hub', () => {
  let t: TRequestsApp;
  type TItem = { id: string; kind: string; status: string; children: { enrollNumber: string }[] };
  const hub = (headers: Record<string, string>, query = '') =>
    parentCall(t, headers, 'GET', `/requests?pageSize=50${query}`);

  beforeAll(async () => {
    t = await buildRequestsApp();
  }, 180_000);
  afterAll(() => t.close());

  it('lists every request of the family, newest first, each naming its children, kind and history', async () => {
    const answer = await hub(t.mogra);
    expect(answer.statusCode, answer.body).toBe(200);
    const { items } = answer.json() as { items: (TItem & { createdAt: string; history: unknown[] })[] };
    expect(items.filter((item) => item.kind === 'leave').length).toBeGreaterThanOrEqual(5);
    const times = items.map((item) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    for (const item of items) expect(item.history.length).toBeGreaterThan(0);
    const approved = (await hub(t.mogra, '&status=approved')).json().items as TItem[];
    expect(approved.length).toBeGreaterThan(0);
    expect(approved.every((item) => item.status === 'approved')).toBe(true);
    // Pages follow each other without repeating.
    const first = (await parentCall(t, t.mogra, 'GET', '/requests?pageSize=5')).json();
    expect(first.nextCursor).not.toBeNull();
    const second = (
      await parentCall(t, t.mogra, 'GET', `/requests?pageSize=5&cursor=${first.nextCursor as string}`)
    ).json();
    const ids = [...first.items, ...second.items].map((item: TItem) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(items.slice(0, ids.length).map((item) => item.id));
    expect((await parentCall(t, t.mogra, 'GET', '/requests?cursor=nonsense')).statusCode).toBe(400);
  });

  it('shows another family none of them, and a school that grants no request kind an empty hub', async () => {
    const theirs = (await hub(t.haddad)).json().items as TItem[];
    expect(theirs.every((item) => item.children.every((child) => child.enrollNumber === 'MG2001'))).toBe(
      true,
    );
    const mine = (await hub(t.mogra)).json().items as TItem[];
    const cancel = await parentCall(t, t.haddad, 'POST', `/requests/${mine[0]?.id ?? ''}/cancel`);
    expect(cancel.statusCode).toBe(403);
    expect(cancel.json().messageId).toBe('A002');
    const unknown = await parentCall(
      t,
      t.haddad,
      'POST',
      '/requests/00000000-0000-4000-8000-000000000000/cancel',
    );
    expect(unknown.statusCode).toBe(404);
    const bcaa = {
      'client-id': 'bcaa',
      authorization: `Bearer ${await signIn(t.app, 'bcaa', 'parent@bcaa.demo')}`,
    };
    const empty = await hub(bcaa);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toMatchObject({ items: [], nextCursor: null });
  });

  it('cancels an undecided request of any kind from the hub', async () => {
    const waiting = (await hub(t.mogra, '&status=submitted')).json().items as TItem[];
    const target = waiting[0];
    expect(target).toBeDefined();
    const cancelled = await parentCall(t, t.mogra, 'POST', `/requests/${target?.id ?? ''}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().request).toMatchObject({ id: target?.id, status: 'cancelled', canCancel: false });
  });
});
