import { addDays } from '@portal/contracts/kits/dates';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendanceDays, auditLog, notifications } from '../../../src/db/schema/index.ts';
import {
  buildRequestsApp,
  laylasUnexplainedDay,
  parentCall,
  staffCall,
  type TLeave,
  type TRequestsApp,
} from './leave-data.ts';

// The staff API's requests (docs/school-data.md, "Staff API"; docs/modules.md F5): the school lists
// its requests of every kind and decides them through the shared workflow. Approving a leave
// excuses the children's absences on its days and tells the family; a decided request, or a
// decision that lost a race, is 409 R001; another school's request does not exist for the key.
describe('the staff API for requests', () => {
  let t: TRequestsApp;
  type TStaffItem = TLeave & { kind: string; parentId: string; payload: Record<string, unknown> };
  const decide = (id: string, payload: object, schoolId = 'mogra') =>
    staffCall(t, schoolId, 'POST', `/requests/${id}/decide`, payload);
  const askLeave = async (enrollNumbers: string[], from: string, to = from) => {
    const created = await parentCall(t, t.mogra, 'POST', '/leave-requests', {
      enrollNumbers,
      from,
      to,
      reason: 'Fever, both of them',
    });
    expect(created.statusCode, created.body).toBe(201);
    return (created.json() as { request: TLeave }).request;
  };

  beforeAll(async () => {
    t = await buildRequestsApp();
  }, 180_000);
  afterAll(() => t.close());

  it("lists the school's requests of every kind, with children, summary, history and the kind's fields", async () => {
    const answer = await staffCall(t, 'mogra', 'GET', '/requests?kind=leave&pageSize=50');
    expect(answer.statusCode, answer.body).toBe(200);
    const items = answer.json().items as TStaffItem[];
    expect(items.length).toBeGreaterThanOrEqual(5);
    expect(items.every((item) => item.kind === 'leave')).toBe(true);
    const wedding = items.find((item) => item.summary === 'Family wedding in Amman');
    expect(wedding).toMatchObject({ status: 'in_review', parentId: 'MG-P001' });
    expect(wedding?.children.map((child) => child.enrollNumber)).toEqual(['MG1001', 'MG1003']);
    expect(wedding?.payload).toMatchObject({ reason: 'Family wedding in Amman' });
    expect(wedding?.history.map((line) => line.to)).toEqual(['submitted', 'in_review']);
    const submitted = (await staffCall(t, 'mogra', 'GET', '/requests?status=submitted')).json()
      .items as TStaffItem[];
    expect(submitted.every((item) => item.status === 'submitted')).toBe(true);
    const bad = await staffCall(t, 'mogra', 'GET', '/requests?kind=pizza');
    expect(bad.statusCode).toBe(400);
  });

  it('approves a leave: the absences become excused, the family is told, the audit keeps it', async () => {
    const day = await laylasUnexplainedDay(t);
    const leave = await askLeave(['MG1002', 'MG1003'], day);
    const approved = await decide(leave.id, {
      decision: 'approved',
      note: 'Get well soon',
      staffId: 'stf-01',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const request = approved.json().request as TStaffItem;
    expect(request.status).toBe('approved');
    expect(request.history.at(-1)).toMatchObject({
      actor: 'school',
      from: 'submitted',
      to: 'approved',
      note: 'Get well soon',
    });
    const marks = await t.database.db
      .select()
      .from(attendanceDays)
      .where(
        and(
          eq(attendanceDays.schoolId, 'mogra'),
          inArray(attendanceDays.enrollNumber, ['MG1002', 'MG1003']),
          eq(attendanceDays.day, day),
        ),
      );
    expect(marks.map((mark) => mark.status)).toEqual(['excused', 'excused']);
    expect(marks[0]?.note).toBe('Leave: Fever, both of them');
    const notices = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.schoolId, 'mogra'),
          eq(notifications.kind, 'requests.statusChanged'),
          eq(notifications.parentId, 'MG-P001'),
        ),
      )
      .orderBy(desc(notifications.createdAt));
    const told = notices.filter((notice) => notice.dedupeKey.includes(leave.id));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ category: 'requests', path: '/student-leave' });
    expect(told[0]?.titleEn).toContain('Layla');
    expect(told[0]?.titleEn).toContain('Yousef');
    expect(told[0]?.titleEn).toContain('approved');
    expect(told[0]?.titleAr).not.toBe('');
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, 'mogra'), eq(auditLog.action, 'request.decide')))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(audit).toMatchObject({
      staffId: 'stf-01',
      detail: expect.objectContaining({ requestId: leave.id }),
    });
    // The family reads the decision in the hub.
    const mine = (await parentCall(t, t.mogra, 'GET', '/requests?pageSize=50')).json().items as TLeave[];
    expect(mine.find((item) => item.id === leave.id)?.status).toBe('approved');

    // Decided, it is decided: neither the school nor the parent changes it again.
    const again = await decide(leave.id, { decision: 'rejected' });
    expect(again.statusCode).toBe(409);
    expect(again.json().messageId).toBe('R001');
  });

  it('rejects with the reason, excusing nothing', async () => {
    const leave = await askLeave(['MG1001'], addDays(t.today, 23));
    const review = await staffCall(t, 'mogra', 'POST', `/requests/${leave.id}/review`, { note: 'Checking' });
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json().request.status).toBe('in_review');
    const rejected = await decide(leave.id, { decision: 'rejected', note: 'Exams that week' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().request.history.map((line: { to: string }) => line.to)).toEqual([
      'submitted',
      'in_review',
      'rejected',
    ]);
    const [notice] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.schoolId, 'mogra'), eq(notifications.kind, 'requests.statusChanged')))
      .orderBy(desc(notifications.createdAt))
      .limit(1);
    expect(notice?.bodyEn).toContain('Exams that week');
  });

  it('lets one of two decisions made at once win; the other lost the race (409 R001)', async () => {
    const leave = await askLeave(['MG1003'], addDays(t.today, 10));
    const answers = await Promise.all([
      decide(leave.id, { decision: 'approved' }),
      decide(leave.id, { decision: 'rejected' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const lost = answers.find((answer) => answer.statusCode === 409);
    expect(lost?.json().messageId).toBe('R001');
  });

  it("keeps another school's key from a request (404), and refuses an unknown member of staff (422)", async () => {
    const leave = await askLeave(['MG1001'], addDays(t.today, 3));
    const other = await decide(leave.id, { decision: 'approved' }, 'bcd');
    expect(other.statusCode).toBe(404);
    expect(other.json().messageId).toBe('N404');
    const list = (await staffCall(t, 'bcd', 'GET', '/requests')).json().items as TStaffItem[];
    expect(list.map((item) => item.id)).not.toContain(leave.id);
    expect((await decide('not-a-uuid', { decision: 'approved' })).statusCode).toBe(404);
    const unknown = await decide(leave.id, { decision: 'approved', staffId: 'stf-nobody' });
    expect(unknown.statusCode).toBe(422);
    // Nothing moved.
    const mine = (await parentCall(t, t.mogra, 'GET', '/leave-requests?pageSize=50')).json()
      .items as TLeave[];
    expect(mine.find((item) => item.id === leave.id)?.status).toBe('submitted');
    const bad = await decide(leave.id, { decision: 'maybe' });
    expect(bad.statusCode).toBe(400);
  });
});
