import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoWeekdayOf } from '@portal/contracts/kits/dates';
import type { TNotifications } from '@portal/contracts/kits/inbox';
import { apiKeys, attendanceDays, auditLog, notifications } from '../../../src/db/schema/index.ts';
import { hashApiKey, newApiKey } from '../../../src/plugins/api-key.ts';
import { demoSyncKey } from '../../../src/db/seed/seed.ts';
import { signIn } from '../../helper.ts';
import { buildScheduleApp, parentApi, type TScheduleApp } from './schedule-data.ts';

// POST /api/v1/staff/attendance (docs/school-data.md, "Staff API"): a register app pushes
// marks with a school key of the `staff` scope; a call with any problem applies nothing
// (422 I001); an applied call is audited, and a newly unexplained absence reaches the parents.
describe('the staff API: attendance', () => {
  let t: TScheduleApp;
  let schoolDay: string;
  beforeAll(async () => {
    t = await buildScheduleApp();
    // A recent school day the demo recorded (it did up to its seed day's yesterday), not a
    // holiday of the demo calendar (those are ahead or weeks back).
    schoolDay = [1, 2, 3, 4, 5, 6, 7]
      .map((back) => addDays(t.seedDay, -back))
      .find((day) => isoWeekdayOf(day) <= 5)!;
  });
  afterAll(() => t.close());

  const post = (schoolId: string, key: string | null, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/attendance',
      headers: { 'client-id': schoolId, ...(key ? { authorization: `Bearer ${key}` } : {}) },
      payload,
    });
  const keyWith = async (schoolId: string, scopes: ('sis' | 'staff' | 'gate')[]) => {
    const key = newApiKey();
    await t.database.db.insert(apiKeys).values({ schoolId, label: 'test', keyHash: hashApiKey(key), scopes });
    return key;
  };

  it('refuses a call without a valid key of the school (401 K001), or with a key of another scope (403 K002)', async () => {
    const body = { records: [{ enrollNumber: 'MG1001', date: schoolDay, status: 'present', note: '' }] };
    for (const key of [null, 'not-a-key-of-anyone-at-all', demoSyncKey('bcad')]) {
      const answer = await post('mogra', key, body);
      expect(answer.statusCode, String(key)).toBe(401);
      expect(answer.json()).toMatchObject({ messageId: 'K001' });
    }
    const parentToken = await signIn(t.app, 'mogra', 'parent@mogra.demo');
    expect((await post('mogra', parentToken, body)).json()).toMatchObject({ messageId: 'K001' });
    const sisOnly = await post('mogra', await keyWith('mogra', ['sis']), body);
    expect(sisOnly.statusCode).toBe(403);
    expect(sisOnly.json()).toMatchObject({ messageId: 'K002' });
  });

  it("applies nothing when a child or the acting staff member is not the school's (422 I001)", async () => {
    const key = await keyWith('mogra', ['staff']);
    const before = await t.database.db
      .select()
      .from(attendanceDays)
      .where(eq(attendanceDays.enrollNumber, 'MG1002'));
    const answer = await post('mogra', key, {
      staffId: 'stf-404',
      records: [
        { enrollNumber: 'MG1002', date: schoolDay, status: 'late', note: 'Bus' },
        { enrollNumber: 'BC3101', date: schoolDay, status: 'absent', note: '' },
        { enrollNumber: 'MG1003', date: addDays(t.today, 2), status: 'absent', note: '' },
      ],
    });
    expect(answer.statusCode).toBe(422);
    const refusal = answer.json() as {
      messageId: string;
      errors: { record: number | null; field: string }[];
    };
    expect(refusal.messageId).toBe('I001');
    expect(refusal.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ record: null, field: 'staffId' }),
        expect.objectContaining({ record: 1, field: 'enrollNumber' }),
        expect.objectContaining({ record: 2, field: 'date' }),
      ]),
    );
    const after = await t.database.db
      .select()
      .from(attendanceDays)
      .where(eq(attendanceDays.enrollNumber, 'MG1002'));
    expect(after).toEqual(before);
    const badBody = await post('mogra', key, {
      records: [{ enrollNumber: 'MG1002', date: 'yesterday', status: 'late' }],
    });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json()).toMatchObject({ messageId: 'V001' });
  });

  it('records the marks, audits the call with its acting staff member, and tells the parents of a new absence once', async () => {
    const key = demoSyncKey('mogra');
    const parent = parentApi(t, 'mogra', await signIn(t.app, 'mogra', 'parent@mogra.demo'));
    const inbox = async () => (await parent.get('/notifications?pageSize=50')).json() as TNotifications;
    const unreadBefore = (await inbox()).unread;
    const body = {
      staffId: 'stf-03',
      records: [
        { enrollNumber: 'MG1001', date: schoolDay, status: 'absent', note: '' },
        { enrollNumber: 'MG1002', date: schoolDay, status: 'late', note: 'Arrived 08:15' },
      ],
    };
    const answer = await post('mogra', key, body);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ success: true, added: 0, changed: 2, unchanged: 0 });
    const [omar] = await t.database.db
      .select()
      .from(attendanceDays)
      .where(and(eq(attendanceDays.enrollNumber, 'MG1001'), eq(attendanceDays.day, schoolDay)));
    expect(omar).toMatchObject({ status: 'absent', note: '' });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.schoolId, 'mogra'))
      .orderBy(desc(auditLog.at));
    expect(audit).toMatchObject({ staffId: 'stf-03', action: 'attendance.record' });
    expect(audit?.keyId).not.toBeNull();
    expect(audit?.detail).toMatchObject({ records: 2, changed: 2 });

    const after = await inbox();
    expect(after.unread).toBe(unreadBefore + 1);
    const notice = after.items.find(
      (item) => item.kind === 'attendance.absent' && item.enrollNumber === 'MG1001',
    );
    expect(notice).toMatchObject({ category: 'attendance', childName: 'Omar Khalid Al Mansouri' });
    expect(notice?.title).toContain('Omar');
    expect(notice?.titleAr).toContain('غياب');
    expect(notice?.path).toBe(`/attendance_month?enrollNumber=MG1001&month=${schoolDay.slice(0, 7)}`);

    // The same call again changes nothing and tells no one.
    const again = await post('mogra', key, body);
    expect(again.json()).toMatchObject({ added: 0, changed: 0, unchanged: 2 });
    const notices = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'attendance.absent'), eq(notifications.enrollNumber, 'MG1001')));
    expect(notices).toHaveLength(1);
    // Without a staff member named, the key is the actor.
    await post('mogra', key, {
      records: [{ enrollNumber: 'MG1001', date: schoolDay, status: 'present', note: '' }],
    });
    const [byKey] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.schoolId, 'mogra'))
      .orderBy(desc(auditLog.at));
    expect(byKey?.staffId).toBeNull();
    expect(byKey?.keyId).toBe(audit?.keyId);
  });

  it('tells no one of an absence more than a week old, or one with a reason', async () => {
    const key = demoSyncKey('mogra');
    const old = addDays(t.today, -9);
    const answer = await post('mogra', key, {
      records: [
        { enrollNumber: 'MG1003', date: old, status: 'absent', note: '' },
        { enrollNumber: 'MG1002', date: schoolDay, status: 'absent', note: 'Sick, the school was called' },
      ],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.kind, 'attendance.absent'),
          eq(notifications.dedupeKey, `attendance.absent:MG1003:${old}`),
        ),
      );
    expect(told).toHaveLength(0);
    const laylaToday = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, `attendance.absent:MG1002:${schoolDay}`));
    expect(laylaToday).toHaveLength(0);
  });
});
