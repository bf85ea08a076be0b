import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TNotificationPreferences, TNotifications } from '@portal/contracts/kits/inbox';
import { notifications, parentStudents } from '../../../src/db/schema/index.ts';
import { notify } from '../../../src/kits/notify.ts';
import { buildTestApp, signIn, type TTestApp } from '../../helper.ts';
import { outboxMessages } from '../../outbox.ts';
import { subjectOfMail, textOfMail } from '../../mail-reader.ts';
import { parentApi, type TParentApi } from '../schedule/schedule-data.ts';

// The notification inbox (docs/notifications.md; module `notifications`): a parent's notices,
// newest first, a page at a time, each naming its child; marking read; the preferences.
describe('the notification inbox', () => {
  let t: TTestApp;
  let mogra: TParentApi;
  beforeAll(async () => {
    t = await buildTestApp();
    mogra = parentApi(t, 'mogra', await signIn(t.app, 'mogra', 'parent@mogra.demo'));
  });
  afterAll(() => t.close());

  const inbox = async (query = '') => {
    const answer = await mogra.get(`/notifications${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as TNotifications;
  };
  const stored = (where = isNull(notifications.readAt)) =>
    t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.schoolId, 'mogra'), eq(notifications.parentId, 'MG-P001'), where));

  it('lists the demo notices newest first, each naming its child, with the unread count', async () => {
    const all = await stored(eq(notifications.schoolId, 'mogra'));
    expect(all.length).toBeGreaterThanOrEqual(18);
    const page = await inbox('?pageSize=50');
    expect(page.items).toHaveLength(all.length);
    expect(page.unread).toBe((await stored()).length);
    expect(page.unread).toBeGreaterThan(0);
    const times = page.items.map((item) => item.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    for (const item of page.items) {
      if (item.enrollNumber) expect(item.childName, item.kind).toMatch(/Al Mansouri$/);
      else expect(item.childName).toBeNull();
    }
    expect(new Set(page.items.map((item) => item.category)).size).toBeGreaterThanOrEqual(10);
  });

  it('pages with a cursor, every notice once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 20; pages += 1) {
      const page: TNotifications = await inbox(
        `?pageSize=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.items.length).toBeLessThanOrEqual(5);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(cursor).toBeNull();
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual((await inbox('?pageSize=50')).items.map((item) => item.id));
  });

  it('filters by child, category and read state', async () => {
    const layla = await inbox('?enrollNumber=MG1002&pageSize=50');
    expect(layla.items.length).toBeGreaterThan(0);
    expect(layla.items.every((item) => item.enrollNumber === 'MG1002')).toBe(true);
    const academics = await inbox('?category=academics&pageSize=50');
    expect(academics.items.length).toBeGreaterThan(0);
    expect(academics.items.every((item) => item.category === 'academics')).toBe(true);
    const unread = await inbox('?unread=1&pageSize=50');
    expect(unread.items.every((item) => item.readAt === null)).toBe(true);
    expect(unread.items).toHaveLength(unread.unread);
    expect((await inbox('?unread=0&pageSize=50')).items.every((item) => item.readAt !== null)).toBe(true);
  });

  it('refuses a bad cursor or page size (400 V001), and another family’s child (403 A002)', async () => {
    for (const query of ['?cursor=bm90LWEtY3Vyc29y', '?pageSize=7', '?category=gossip']) {
      const answer = await mogra.get(`/notifications${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json()).toMatchObject({ messageId: 'V001' });
    }
    const other = await mogra.get('/notifications?enrollNumber=MG2001');
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ messageId: 'A002' });
  });

  it("marks notices read: the parent's own only, or all", async () => {
    const before = await inbox('?unread=1&pageSize=50');
    const [first] = before.items;
    // Another family cannot mark them.
    const haddad = parentApi(t, 'mogra', await signIn(t.app, 'mogra', 'family.haddad@mogra.demo'));
    const theirs = await haddad.post('/notifications/read', { ids: [first!.id] });
    expect(theirs.statusCode).toBe(200);
    expect((await inbox()).unread).toBe(before.unread);
    const one = await mogra.post('/notifications/read', { ids: [first!.id] });
    expect(one.json()).toMatchObject({ unread: before.unread - 1 });
    expect((await inbox('?pageSize=50')).items.find((item) => item.id === first!.id)?.readAt).not.toBeNull();
    expect((await mogra.post('/notifications/read', { all: true })).json()).toMatchObject({ unread: 0 });
    expect((await mogra.post('/notifications/read', { ids: [] })).statusCode).toBe(400);
  });

  it("hides the notices of a child who is no longer the parent's", async () => {
    await notify(t.database.db, {
      schoolId: 'mogra',
      enrollNumber: 'MG1003',
      category: 'health',
      kind: 'health.clinicVisit',
      dedupeKey: 'test:unlinked',
      title: { en: 'Yousef saw the nurse', ar: 'زار يوسف الممرضة' },
      body: { en: 'Fine.', ar: 'بخير.' },
      path: '/medical',
    });
    expect((await inbox('?pageSize=50')).items.some((item) => item.title === 'Yousef saw the nurse')).toBe(
      true,
    );
    await t.database.db
      .delete(parentStudents)
      .where(and(eq(parentStudents.parentId, 'MG-P001'), eq(parentStudents.enrollNumber, 'MG1003')));
    const after = await inbox('?pageSize=50');
    expect(after.items.some((item) => item.enrollNumber === 'MG1003')).toBe(false);
    await t.database.db
      .insert(parentStudents)
      .values({ schoolId: 'mogra', parentId: 'MG-P001', enrollNumber: 'MG1003', position: 2 });
  });

  it('keeps the preferences: defaults first, then what the parent chose', async () => {
    const defaults = (await mogra.get('/notification-preferences')).json() as {
      preferences: TNotificationPreferences;
    };
    expect(defaults.preferences).toMatchObject({ quietHours: null, digestAt: '18:00', language: 'en' });
    const modes = Object.fromEntries(
      defaults.preferences.categories.map((choice) => [choice.category, choice.mode]),
    );
    expect(modes).toMatchObject({
      attendance: 'instant',
      safety: 'instant',
      requests: 'instant',
      fees: 'instant',
      academics: 'digest',
      calendar: 'digest',
    });
    expect(defaults.preferences.categories).toHaveLength(11);

    const saved = await mogra.put('/notification-preferences', {
      categories: [
        { category: 'attendance', mode: 'digest' },
        { category: 'announcements', mode: 'off' },
      ],
      quietHours: { from: '21:30', to: '06:30' },
      digestAt: '19:15',
      language: 'ar',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = (await mogra.get('/notification-preferences')).json() as {
      preferences: TNotificationPreferences;
    };
    expect(again.preferences).toMatchObject({
      quietHours: { from: '21:30', to: '06:30' },
      digestAt: '19:15',
      language: 'ar',
    });
    const chosen = Object.fromEntries(
      again.preferences.categories.map((choice) => [choice.category, choice.mode]),
    );
    expect(chosen).toMatchObject({
      attendance: 'digest',
      announcements: 'off',
      academics: 'digest',
      safety: 'instant',
    });

    // A notice from now on follows the choice.
    await notify(t.database.db, {
      schoolId: 'mogra',
      enrollNumber: 'MG1001',
      category: 'attendance',
      kind: 'attendance.late',
      dedupeKey: 'test:after-preferences',
      title: { en: 'Late', ar: 'تأخر' },
      body: { en: 'Late.', ar: 'تأخر.' },
      path: '',
    });
    const [row] = await stored(eq(notifications.dedupeKey, 'test:after-preferences'));
    expect(row?.mailState).toBe('digest');
  });

  it('refuses safety off, a category twice and a bad time (400 V001)', async () => {
    const base = { quietHours: null, digestAt: '18:00', language: 'en' };
    for (const body of [
      { ...base, categories: [{ category: 'safety', mode: 'off' }] },
      { ...base, categories: [{ category: 'safety', mode: 'digest' }] },
      {
        ...base,
        categories: [
          { category: 'fees', mode: 'off' },
          { category: 'fees', mode: 'digest' },
        ],
      },
      { ...base, categories: [], digestAt: '25:00' },
    ]) {
      const answer = await mogra.put('/notification-preferences', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json()).toMatchObject({ messageId: 'V001' });
    }
    // Quiet hours from a time to the same time hold nothing: none are kept.
    const empty = await mogra.put('/notification-preferences', {
      ...base,
      categories: [],
      quietHours: { from: '22:00', to: '22:00' },
    });
    expect((empty.json() as { preferences: TNotificationPreferences }).preferences.quietHours).toBeNull();
  });

  it("refuses another school's session (401) and a school without the module (403 A001)", async () => {
    const bcadToken = await signIn(t.app, 'bcad', 'parent@bcad.demo');
    expect((await parentApi(t, 'mogra', bcadToken).get('/notifications')).statusCode).toBe(401);
    for (const answer of [
      await parentApi(t, 'bcad', bcadToken).get('/notifications'),
      await parentApi(t, 'bcad', bcadToken).get('/notification-preferences'),
    ]) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ messageId: 'A001' });
    }
  });

  it('mails a pending notice to the outbox when no SMTP server is set, never on the request', async () => {
    await notify(t.database.db, {
      schoolId: 'mogra',
      enrollNumber: 'MG2001',
      category: 'safety',
      kind: 'safety.exitHandover',
      dedupeKey: 'test:outbox',
      title: { en: 'Nour left school with her aunt', ar: 'غادرت نور المدرسة مع خالتها' },
      body: { en: 'Collected at 13:05.', ar: 'استُلمت الساعة 13:05.' },
      path: '/exit-slip-request',
    });
    const before = outboxMessages(t.dataDir).length;
    const run = await t.app.notificationMail.runOnce();
    expect(run.sent).toBeGreaterThanOrEqual(1);
    const mail = outboxMessages(t.dataDir)
      .slice(before)
      .find((raw) => subjectOfMail(raw) === 'Nour left school with her aunt');
    expect(mail).toBeDefined();
    expect(textOfMail(mail!)).toContain('Nour Rami Haddad');
    expect(textOfMail(mail!)).toContain('http://mogra.localhost:');
  });
});
