import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../src/api-error.ts';
import {
  canMove,
  createRequest,
  isSettled,
  moveRequest,
  requestHistory,
  type TActor,
} from '../../src/kits/request-workflow.ts';
import { buildTestApp, type TTestApp } from '../helper.ts';

// The request workflow every request kind shares (docs/decisions/018-module-families.md).
const parent: TActor = { kind: 'parent', id: 'MG-P001' };
const staff: TActor = { kind: 'staff', id: 'stf-01' };

describe('the request workflow (kit)', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const newLeave = (status: 'draft' | 'submitted' = 'submitted') =>
    createRequest(
      t.database.db,
      {
        schoolId: 'mogra',
        kind: 'leave',
        parentId: 'MG-P001',
        enrollNumbers: ['MG1001'],
        payload: { from: '2026-12-01', to: '2026-12-02', reason: 'Family visit' },
        status,
      },
      parent,
    );

  it('allows only the moves of the state machine, each to its actor', () => {
    expect(canMove('draft', 'submitted', 'parent')).toBe(true);
    expect(canMove('draft', 'approved', 'staff')).toBe(false);
    expect(canMove('submitted', 'approved', 'staff')).toBe(true);
    expect(canMove('submitted', 'approved', 'parent')).toBe(false);
    expect(canMove('in_review', 'cancelled', 'parent')).toBe(true);
    expect(canMove('approved', 'cancelled', 'parent')).toBe(false);
    expect(['approved', 'rejected', 'cancelled'].every((s) => isSettled(s as 'approved'))).toBe(true);
    expect(isSettled('submitted')).toBe(false);
  });

  it('keeps every change in the history: who, from, to and the note', async () => {
    const request = await newLeave('draft');
    const key = { schoolId: 'mogra', requestId: request.requestId };
    await moveRequest(t.database.db, key, 'submitted', parent);
    await moveRequest(t.database.db, key, 'in_review', staff);
    const approved = await moveRequest(t.database.db, key, 'approved', staff, { note: 'Enjoy the visit' });
    expect(approved.status).toBe('approved');
    expect(approved.version).toBe(4);
    const history = await requestHistory(t.database.db, key);
    expect(history.map((event) => [event.seq, event.actorKind, event.fromStatus, event.toStatus])).toEqual([
      [1, 'parent', null, 'draft'],
      [2, 'parent', 'draft', 'submitted'],
      [3, 'staff', 'submitted', 'in_review'],
      [4, 'staff', 'in_review', 'approved'],
    ]);
    expect(history[3]?.note).toBe('Enjoy the visit');
  });

  it('answers 409 R001 to a move the state does not allow, and changes nothing', async () => {
    const request = await newLeave();
    const key = { schoolId: 'mogra', requestId: request.requestId };
    await moveRequest(t.database.db, key, 'rejected', staff);
    const refused = await moveRequest(t.database.db, key, 'cancelled', parent).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).statusCode).toBe(409);
    expect((refused as ApiError).messageId).toBe(MessageId.requestWrongState);
    expect((await requestHistory(t.database.db, key)).map((event) => event.toStatus)).toEqual([
      'submitted',
      'rejected',
    ]);
  });

  it('lets one of two racing moves win; the other loses with 409 R001', async () => {
    const request = await newLeave();
    const key = { schoolId: 'mogra', requestId: request.requestId };
    const outcomes = await Promise.allSettled([
      moveRequest(t.database.db, key, 'approved', staff, { expectedVersion: request.version }),
      moveRequest(t.database.db, key, 'cancelled', parent, { expectedVersion: request.version }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const lost = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(((lost as PromiseRejectedResult).reason as ApiError).messageId).toBe(MessageId.requestWrongState);
    expect(await requestHistory(t.database.db, key)).toHaveLength(2);
  });

  it('answers 404 for a request of another school', async () => {
    const request = await newLeave();
    const refused = await moveRequest(
      t.database.db,
      { schoolId: 'bcad', requestId: request.requestId },
      'cancelled',
      parent,
    ).catch((error: unknown) => error);
    expect((refused as ApiError).statusCode).toBe(404);
  });
});
