import { addDays } from '@portal/contracts/kits/dates';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, circulars } from '../../../src/db/schema/index.ts';
import { noticeDueCirculars } from '../../../src/modules/publications/circular-notices.ts';
import {
  addGrade10Family,
  allCirculars,
  answerOf,
  buildCircularsApp,
  noticesOf,
  staffCall,
  type TCircularsApp,
  type TParentApi,
} from './circulars-data.ts';

// The staff API's circulars (docs/school-data.md): a school app publishes a circular to an
// audience now (told at once) or at a later time (told by the job when it comes), and reads
// who acknowledged it. Another school's circular does not exist for its key.
describe('the staff API for circulars', () => {
  let t: TCircularsApp;
  let huda: TParentApi;
  type TAnswer = { circular: { id: string; publishedAt: string; recipients: number } };
  const post = (payload: object) => staffCall(t, 'mogra', 'POST', '/circulars', payload);
  const circular = (extra: object = {}) => ({
    title_en: 'Grade 10 geography fieldwork',
    title_ar: 'العمل الميداني في الجغرافيا للصف العاشر',
    body_en: 'Grade 10 goes to the mangroves on Sunday.',
    body_ar: 'يزور الصف العاشر غابات القرم يوم الأحد.',
    audience: { grades: ['10'] },
    ...extra,
  });

  // Building the seeded app takes long while other suites share the machine.
  beforeAll(async () => {
    t = await buildCircularsApp();
    huda = await addGrade10Family(t);
  }, 180_000);
  afterAll(() => t.close());

  it('publishes a circular to grade 10 now, telling its parents at once', async () => {
    const answer = await answerOf<TAnswer>(
      post(circular({ requiresAck: true, ackBy: addDays(t.today, 5), staffId: 'stf-01' })),
      201,
    );
    expect(answer.circular.recipients).toBe(1);
    const { id } = answer.circular;
    const hers = (await allCirculars(huda)).all.find((item) => item.id === id);
    expect(hers).toMatchObject({
      title: 'Grade 10 geography fieldwork',
      requiresAck: true,
      ackBy: addDays(t.today, 5),
    });
    expect(hers?.children.map((child) => child.enrollNumber)).toEqual(['MG3100']);
    expect((await allCirculars(t.mogra)).all.map((item) => item.id)).not.toContain(id);
    const notices = await noticesOf(t, 'mogra', id);
    expect(notices).toEqual([expect.objectContaining({ parentId: 'MG-P010', enrollNumber: 'MG3100' })]);
    expect(notices[0]?.titleEn).toContain('Salem');
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, 'mogra'), eq(auditLog.action, 'circulars.publish')))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(audit).toMatchObject({
      staffId: 'stf-01',
      detail: expect.objectContaining({ circularId: id, recipients: 1 }),
    });
  });

  it('refuses a deadline before today (400), and an unknown member of staff or child (422)', async () => {
    const before = await post(circular({ requiresAck: true, ackBy: addDays(t.today, -1) }));
    expect(before.statusCode).toBe(400);
    expect(before.json()).toMatchObject({ messageId: 'V001' });
    const noAck = await post(circular({ ackBy: addDays(t.today, 3) }));
    expect(noAck.statusCode).toBe(400);
    const unknown = await post(
      circular({ staffId: 'stf-nobody', audience: { enrollNumbers: ['MG1001', 'ZZ0001'] } }),
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      messageId: 'I001',
      errors: [
        expect.objectContaining({ field: 'staffId' }),
        expect.objectContaining({
          field: 'audience.enrollNumbers',
          message: expect.stringContaining('ZZ0001'),
        }),
      ],
    });
    const nobody = await post(circular({ audience: { grades: ['12'] } }));
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json()).toMatchObject({ errors: [expect.objectContaining({ field: 'audience' })] });
    const written = await t.database.db
      .select({ id: circulars.circularId })
      .from(circulars)
      .where(and(eq(circulars.schoolId, 'mogra'), eq(circulars.source, 'staff')));
    expect(written).toHaveLength(1);
    expect((await post({ title_en: '' })).statusCode).toBe(400);
  });

  it('schedules a circular: not visible nor told before its time, told by the job after', async () => {
    const at = new Date(Date.now() + 2 * 3_600_000);
    const answer = await answerOf<TAnswer>(
      post(
        circular({
          title_en: 'Uniform shop hours',
          audience: { sections: ['9-A'] },
          publishAt: at.toISOString(),
        }),
      ),
      201,
    );
    const { id } = answer.circular;
    expect(answer.circular).toMatchObject({ publishedAt: at.toISOString(), recipients: 1 });
    expect((await allCirculars(t.mogra)).all.map((item) => item.id)).not.toContain(id);
    expect(
      (await t.mogra.post(`/circulars/${id}/acknowledge`, { enrollNumbers: ['MG1001'] })).statusCode,
    ).toBe(404);
    await noticeDueCirculars(t.database.db);
    expect(await noticesOf(t, 'mogra', id)).toEqual([]);
    // Its time comes.
    await t.database.db
      .update(circulars)
      .set({ publishedAt: sql`now() - interval '1 minute'` })
      .where(and(eq(circulars.schoolId, 'mogra'), eq(circulars.circularId, id)));
    expect((await allCirculars(t.mogra)).all.map((item) => item.id)).toContain(id);
    await noticeDueCirculars(t.database.db);
    const notices = await noticesOf(t, 'mogra', id);
    expect(notices).toEqual([expect.objectContaining({ parentId: 'MG-P001', enrollNumber: 'MG1001' })]);
    expect(notices[0]?.titleEn).toBe('Circular for Omar: Uniform shop hours');
    // Told once.
    await noticeDueCirculars(t.database.db);
    expect(await noticesOf(t, 'mogra', id)).toHaveLength(1);
  });

  it('lists who acknowledged, for its own school only', async () => {
    const answer = await answerOf<TAnswer>(
      post(circular({ title_en: 'Exam seating', audience: { grades: ['9', '10'] }, requiresAck: true })),
      201,
    );
    const { id } = answer.circular;
    await answerOf(t.mogra.post(`/circulars/${id}/acknowledge`, { enrollNumbers: ['MG1001'] }));
    const list = await answerOf<{
      recipients: number;
      acknowledged: number;
      requiresAck: boolean;
      items: { enrollNumber: string; acknowledgedAt: string | null; parentId: string | null }[];
    }>(staffCall(t, 'mogra', 'GET', `/circulars/${id}/acknowledgements`));
    expect(list).toMatchObject({ circularId: id, requiresAck: true, recipients: 2, acknowledged: 1 });
    expect(list.items).toEqual([
      expect.objectContaining({
        enrollNumber: 'MG1001',
        childName: 'Omar Khalid Al Mansouri',
        parentId: 'MG-P001',
      }),
      expect.objectContaining({ enrollNumber: 'MG3100', acknowledgedAt: null, parentId: null }),
    ]);
    expect(list.items[0]?.acknowledgedAt).not.toBeNull();
    const demo = await answerOf<{ acknowledged: number }>(
      staffCall(t, 'mogra', 'GET', '/circulars/circ-mg-winter-uniform/acknowledgements'),
    );
    expect(demo.acknowledged).toBe(3);
    const elsewhere = await staffCall(t, 'bcd', 'GET', `/circulars/${id}/acknowledgements`);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toMatchObject({ messageId: 'N404' });
    const noKey = await t.app.inject({
      method: 'GET',
      url: `/api/v1/staff/circulars/${id}/acknowledgements`,
      headers: { 'client-id': 'mogra' },
    });
    expect(noKey.statusCode).toBe(401);
  });
});
