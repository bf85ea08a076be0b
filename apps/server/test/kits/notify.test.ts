import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../../src/db/client.ts';
import {
  notificationPreferences,
  notifications,
  parentStudents,
  parents,
} from '../../src/db/schema/index.ts';
import { notify, type TNotice } from '../../src/kits/notify.ts';
import { buildTestApp, type TTestApp } from '../helper.ts';

// The inbox's one way in (docs/notifications.md): a notice per parent of the child, its mail
// state from the parent's preference for the category (safety always instant), written in the
// transaction of the change, and told once per dedupe key.
describe('notify', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    // Omar has a second parent, who wants no attendance mail.
    await t.database.db.insert(parents).values({
      schoolId: 'mogra',
      parentId: 'MG-P003',
      username: 'khalid@mogra.demo',
      nameEn: 'Khalid Al Mansouri',
      nameAr: 'خالد المنصوري',
      email: 'khalid@mogra.demo',
    });
    await t.database.db
      .insert(parentStudents)
      .values({ schoolId: 'mogra', parentId: 'MG-P003', enrollNumber: 'MG1001' });
    await t.database.db.insert(notificationPreferences).values([
      { schoolId: 'mogra', parentId: 'MG-P003', category: 'attendance', mode: 'off' },
      { schoolId: 'mogra', parentId: 'MG-P003', category: 'safety', mode: 'off' },
      { schoolId: 'mogra', parentId: 'MG-P001', category: 'academics', mode: 'instant' },
    ]);
  });
  afterAll(() => t.close());

  const notice = (dedupeKey: string, more: Partial<TNotice> = {}): TNotice => ({
    schoolId: 'mogra',
    enrollNumber: 'MG1001',
    category: 'attendance',
    kind: 'attendance.absent',
    dedupeKey,
    title: { en: 'Omar was absent', ar: 'غياب عمر' },
    body: { en: 'Body', ar: 'النص' },
    path: '/attendance_month',
    ...more,
  });
  const rowsOf = (dedupeKey: string) =>
    t.database.db
      .select({ parentId: notifications.parentId, mailState: notifications.mailState })
      .from(notifications)
      .where(and(eq(notifications.schoolId, 'mogra'), eq(notifications.dedupeKey, dedupeKey)))
      .orderBy(notifications.parentId);

  it("writes one notice per parent of the child, mailed as each parent's preference says", async () => {
    expect(await notify(t.database.db, notice('n1'))).toBe(2);
    expect(await rowsOf('n1')).toEqual([
      { parentId: 'MG-P001', mailState: 'pending' },
      { parentId: 'MG-P003', mailState: 'skipped' },
    ]);
  });

  it('uses the default mode of a category no one chose: digest for academics, instant for fees', async () => {
    await notify(t.database.db, [
      notice('n2', { category: 'academics', kind: 'academics.agenda' }),
      notice('n3', { category: 'fees', kind: 'fees.dueSoon' }),
    ]);
    expect(await rowsOf('n2')).toEqual([
      { parentId: 'MG-P001', mailState: 'pending' },
      { parentId: 'MG-P003', mailState: 'digest' },
    ]);
    expect((await rowsOf('n3')).map((row) => row.mailState)).toEqual(['pending', 'pending']);
  });

  it('always mails a safety notice at once, whatever is stored', async () => {
    await notify(t.database.db, notice('n4', { category: 'safety', kind: 'safety.exitHandover' }));
    expect((await rowsOf('n4')).map((row) => row.mailState)).toEqual(['pending', 'pending']);
  });

  it('tells an event once: the same dedupe key writes nothing more', async () => {
    expect(await notify(t.database.db, notice('n5'))).toBe(2);
    expect(await notify(t.database.db, [notice('n5'), notice('n5')])).toBe(0);
    expect(await rowsOf('n5')).toHaveLength(2);
  });

  it('tells the given parents of a family-wide notice, and needs them', async () => {
    expect(
      await notify(t.database.db, notice('n6', { enrollNumber: null, category: 'announcements' }), [
        'MG-P001',
      ]),
    ).toBe(1);
    await expect(notify(t.database.db, notice('n7', { enrollNumber: null }))).rejects.toThrow(
      /needs its parents/,
    );
  });

  it('writes nothing when the change it tells of is rolled back', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await notify(tx as unknown as TDatabase, notice('n8'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rowsOf('n8')).toHaveLength(0);
  });

  it("writes nothing for a child with no parent, or another school's child", async () => {
    expect(await notify(t.database.db, notice('n9', { enrollNumber: 'NOBODY' }))).toBe(0);
    expect(await notify(t.database.db, notice('n10', { schoolId: 'bcad' }))).toBe(0);
  });
});
