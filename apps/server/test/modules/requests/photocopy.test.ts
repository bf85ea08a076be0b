import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeItems } from '../../../src/db/schema/index.ts';
import { signIn } from '../../helper.ts';
import { buildRequestsApp, parentCall, staffCall, type TRequestsApp } from './leave-data.ts';

// Photocopy requests (docs/modules.md F5, module `photocopyForm`): copies of a child's document,
// priced per document; approved, a charged one adds the child's fee line once, a free one none;
// a decided request is not cancelled (409 R001); another parent's child is 403 A002; another
// school's parents and keys are kept out.
describe('photocopy requests', () => {
  let t: TRequestsApp;
  type TCopy = {
    id: string;
    status: string;
    document: string;
    copies: number;
    priceMinor: number;
    addedToFees: boolean;
    canCancel: boolean;
  };
  const order = (payload: object, headers = () => t.mogra) =>
    parentCall(t, headers(), 'POST', '/photocopy-requests', payload);
  const linesOf = (enrollNumber: string) =>
    t.database.db
      .select()
      .from(feeItems)
      .where(
        and(
          eq(feeItems.schoolId, 'mogra'),
          eq(feeItems.enrollNumber, enrollNumber),
          eq(feeItems.feeTypeCode, 'PHOTOCOPY'),
        ),
      );
  const list = async () =>
    (await parentCall(t, t.mogra, 'GET', '/photocopy-requests?pageSize=50')).json().items as TCopy[];

  beforeAll(async () => {
    t = await buildRequestsApp();
  }, 180_000);
  afterAll(() => t.close());

  it('orders copies with their price; approval adds the fee line once', async () => {
    const before = (await linesOf('MG1002')).length;
    const created = await order({ enrollNumber: 'MG1002', document: 'bonafideCertificate', copies: 2 });
    expect(created.statusCode, created.body).toBe(201);
    const made = created.json().request as TCopy;
    expect(made).toMatchObject({
      status: 'submitted',
      document: 'bonafideCertificate',
      copies: 2,
      priceMinor: 5000,
      addedToFees: false,
      canCancel: true,
    });
    const approved = await staffCall(t, 'mogra', 'POST', `/requests/${made.id}/decide`, {
      decision: 'approved',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const lines = await linesOf('MG1002');
    expect(lines.length).toBe(before + 1);
    expect(lines.at(-1)).toMatchObject({ totalMinor: 5000, paidMinor: 0 });
    expect((await list()).find((item) => item.id === made.id)).toMatchObject({
      status: 'approved',
      addedToFees: true,
    });
    // Decided once: deciding again changes nothing and adds no second line.
    const again = await staffCall(t, 'mogra', 'POST', `/requests/${made.id}/decide`, {
      decision: 'approved',
    });
    expect(again.statusCode).toBe(409);
    expect((await linesOf('MG1002')).length).toBe(before + 1);
    // Nor does the parent cancel it.
    const cancel = await parentCall(t, t.mogra, 'POST', `/requests/${made.id}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().messageId).toBe('R001');
  });

  it('adds no fee line for a free document, and cancels an undecided request', async () => {
    const before = (await linesOf('MG1001')).length;
    const free = (await order({ enrollNumber: 'MG1001', document: 'feeReceipt', copies: 3 })).json()
      .request as TCopy;
    expect(free.priceMinor).toBe(0);
    await staffCall(t, 'mogra', 'POST', `/requests/${free.id}/decide`, { decision: 'approved' });
    expect((await linesOf('MG1001')).length).toBe(before);
    expect((await list()).find((item) => item.id === free.id)?.addedToFees).toBe(false);

    const open = (await order({ enrollNumber: 'MG1001', document: 'reportCard', copies: 1 })).json()
      .request as TCopy;
    const cancelled = await parentCall(t, t.mogra, 'POST', `/requests/${open.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().request.status).toBe('cancelled');
  });

  it('refuses bad input (400 V001) and another parent’s child (403 A002)', async () => {
    for (const payload of [
      { enrollNumber: 'MG1001', document: 'passport', copies: 1 },
      { enrollNumber: 'MG1001', document: 'reportCard', copies: 0 },
      { enrollNumber: 'MG1001', document: 'reportCard', copies: 11 },
    ]) {
      const refused = await order(payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().messageId).toBe('V001');
    }
    const notMine = await order({ enrollNumber: 'MG2001', document: 'reportCard', copies: 1 });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().messageId).toBe('A002');
    const made = (await order({ enrollNumber: 'MG1001', document: 'reportCard', copies: 1 })).json()
      .request as TCopy;
    const theirs = (await parentCall(t, t.haddad, 'GET', '/photocopy-requests?pageSize=50')).json()
      .items as TCopy[];
    expect(theirs.map((item) => item.id)).not.toContain(made.id);
    const other = await parentCall(t, t.haddad, 'POST', `/requests/${made.id}/cancel`);
    expect(other.statusCode).toBe(403);
    expect(other.json().messageId).toBe('A002');
  });

  it('keeps another school out: its parents (403 A001) and its key (404)', async () => {
    const made = (await order({ enrollNumber: 'MG1001', document: 'reportCard', copies: 1 })).json()
      .request as TCopy;
    const bcd = {
      'client-id': 'bcd',
      authorization: `Bearer ${await signIn(t.app, 'bcd', 'parent@bcd.demo')}`,
    };
    const refused = await parentCall(t, bcd, 'GET', '/photocopy-requests');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().messageId).toBe('A001');
    const decided = await staffCall(t, 'bcd', 'POST', `/requests/${made.id}/decide`, {
      decision: 'approved',
    });
    expect(decided.statusCode).toBe(404);
    expect((await list()).find((item) => item.id === made.id)?.status).toBe('submitted');
  });
});
