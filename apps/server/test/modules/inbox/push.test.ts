import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { and, eq } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MAX_PUSH_SUBSCRIPTIONS, type TPushMessage } from '@portal/contracts/push';
import { buildApp } from '../../../src/app.ts';
import { readConfig } from '../../../src/config.ts';
import { openDatabase, type TDatabase, type TDatabaseHandle } from '../../../src/db/client.ts';
import * as schema from '../../../src/db/schema/index.ts';
import {
  notifications,
  notificationPreferences,
  parentSettings,
  parents,
  portalSecrets,
  pushSubscriptions,
} from '../../../src/db/schema/index.ts';
import { notify } from '../../../src/kits/notify.ts';
import { lateNotice } from './late-notice.ts';
import { PUSH_ATTEMPTS } from '../../../src/modules/inbox/push-queue.ts';
import { isPushServiceAddress } from '../../../src/modules/inbox/push-routes.ts';
import { pushMessageOf } from '../../../src/modules/inbox/push-sender.ts';
import { vapidKeys } from '../../../src/modules/inbox/vapid-keys.ts';
import {
  fakeBrowser,
  startFakePushService,
  type TFakeBrowser,
  type TFakePushService,
} from '../../fakes/push-service.ts';
import {
  buildTestApp,
  createPostgresDatabase,
  createSeededDataDir,
  createTempDir,
  signIn,
  type TTestApp,
} from '../../helper.ts';

// Web Push (docs/notifications.md, "Notifications on a device"): a parent's browser subscribes
// with the portal's VAPID key; the push job sends each instant notice, outside quiet hours, to
// every browser of its parent, encrypted for the browser and signed with the portal's key.
describe('Web Push', () => {
  let t: TTestApp;
  let service: TFakePushService;
  const tokens = new Map<string, string>();

  /** An instant in school time (Dubai, +04:00); only the time of day matters to quiet hours. */
  const at = (time: string) => new Date(`2026-03-02T${time}:00+04:00`);
  const tokenOf = async (username: string, schoolId = 'mogra') => {
    const key = `${schoolId}:${username}`;
    if (!tokens.has(key)) tokens.set(key, await signIn(t.app, schoolId, username));
    return tokens.get(key)!;
  };
  const call = async (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    username: string,
    payload?: unknown,
    schoolId = 'mogra',
  ) =>
    t.app.inject({
      method,
      url: `/api/v1/ppn/push/${url}`,
      headers: {
        'client-id': schoolId,
        authorization: `Bearer ${await tokenOf(username, schoolId)}`,
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36',
      },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const subscribe = async (username: string, path: string, schoolId = 'mogra') => {
    const browser = fakeBrowser(`${service.origin}${path}`);
    const answer = await call('POST', 'subscriptions', username, browser.subscription, schoolId);
    expect(answer.statusCode, answer.body).toBe(200);
    return browser;
  };
  const pushStateOf = async (dedupeKey: string) =>
    (
      await t.database.db
        .select({ pushState: notifications.pushState })
        .from(notifications)
        .where(eq(notifications.dedupeKey, dedupeKey))
    ).map((row) => row.pushState);
  const pushAttemptsOf = async (dedupeKey: string) =>
    (
      await t.database.db
        .select({ attempts: notifications.pushAttempts })
        .from(notifications)
        .where(eq(notifications.dedupeKey, dedupeKey))
    ).map((row) => row.attempts);
  const endpointsOf = async (parentId: string) =>
    (
      await t.database.db
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.schoolId, 'mogra'), eq(pushSubscriptions.parentId, parentId)))
    )
      .map((row) => row.endpoint.replace(service.origin, ''))
      .sort();
  let haddad: string;
  let sara: string;
  /** The browser Haddad subscribed first. */
  let laptop: TFakeBrowser;

  beforeAll(async () => {
    service = await startFakePushService();
    t = await buildTestApp();
    const idOf = async (username: string) =>
      (await t.database.db.select().from(parents).where(eq(parents.username, username)))[0]!.parentId;
    haddad = await idOf('family.haddad@mogra.demo');
    sara = await idOf('parent@mogra.demo');
    // The demo's own notices: no browser is subscribed yet, so none is pushed.
    const first = await t.app.notificationPush.runOnce(at('12:00'));
    expect(first.sent).toBe(0);
    expect(service.received).toHaveLength(0);
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });

  it('pushes an instant notice to the subscribed browser, encrypted for it and signed with the VAPID key', async () => {
    const keyAnswer = await call('GET', 'key', 'family.haddad@mogra.demo');
    expect(keyAnswer.statusCode).toBe(200);
    const { publicKey } = keyAnswer.json() as { publicKey: string };
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const browser = await subscribe('family.haddad@mogra.demo', '/push/haddad-laptop');
    laptop = browser;

    await notify(t.database.db, lateNotice('push:late'));
    expect(await pushStateOf('push:late')).toEqual(['pending']);
    // Nothing is pushed on the way in: the job does it.
    expect(service.received).toHaveLength(0);
    const run = await t.app.notificationPush.runOnce(at('10:00'));
    expect(run).toMatchObject({ sent: 1, failed: 0 });
    expect(await pushStateOf('push:late')).toEqual(['sent']);

    const [push] = service.to('/push/haddad-laptop');
    expect(push).toBeDefined();
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers.ttl).toMatch(/^[1-9]\d*$/);
    expect(push!.headers.urgency).toBe('high');
    // The VAPID header: a JWT signed with the key the browser subscribed with (RFC 8292).
    const authorization = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(
      push!.headers.authorization ?? '',
    );
    expect(authorization, push!.headers.authorization).not.toBeNull();
    const [, jwt, k] = authorization!;
    expect(k).toBe(publicKey);
    const point = Buffer.from(publicKey, 'base64url');
    const verifyKey = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      'ES256',
    );
    expect(decodeProtectedHeader(jwt!).alg).toBe('ES256');
    const { payload } = await jwtVerify(jwt!, verifyKey, {
      algorithms: ['ES256'],
      audience: service.origin,
    });
    expect(payload.sub).toBe('mailto:no-reply@portal.localhost');
    const now = Date.now() / 1000;
    expect(payload.exp).toBeGreaterThan(now);
    expect(payload.exp).toBeLessThanOrEqual(now + 24 * 60 * 60);
    // What the browser reads once it decrypts the push (RFC 8291).
    const message = JSON.parse(browser.decrypt(push!.body)) as TPushMessage;
    expect(message).toMatchObject({
      lang: 'en',
      title: 'Nour arrived late',
      body: 'Nour arrived at 08:20.',
      path: '/attendance_month?enrollNumber=MG2001',
    });
    expect(message.tag).toMatch(/^notice:[0-9a-f-]{36}$/);
    // Another browser's keys cannot read it.
    expect(() => fakeBrowser(browser.endpoint).decrypt(push!.body)).toThrow();
    const [subscription] = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, browser.endpoint));
    expect(subscription?.lastSentAt).toBeInstanceOf(Date);
    expect(subscription?.userAgent).toContain('Chrome');

    // A run with nothing waiting pushes nothing more.
    expect((await t.app.notificationPush.runOnce(at('10:01'))).sent).toBe(0);
    expect(service.to('/push/haddad-laptop')).toHaveLength(1);
  });

  it("writes in the parent's language, with normal urgency outside safety and attendance", async () => {
    await t.database.db
      .insert(parentSettings)
      .values({ schoolId: 'mogra', parentId: haddad, language: 'ar' })
      .onConflictDoUpdate({
        target: [parentSettings.schoolId, parentSettings.parentId],
        set: { language: 'ar' },
      });
    await notify(
      t.database.db,
      lateNotice('push:fees', {
        category: 'fees',
        kind: 'fees.dueSoon',
        title: { en: 'A fee is due soon', ar: 'رسوم مستحقة قريباً' },
        body: { en: 'Pay by Friday.', ar: 'ادفع قبل الجمعة.' },
        path: '/feepayment',
      }),
    );
    await t.app.notificationPush.runOnce(at('11:00'));
    const push = service.to('/push/haddad-laptop').at(-1)!;
    expect(push.headers.urgency).toBe('normal');
    expect(JSON.parse(laptop.decrypt(push.body))).toMatchObject({
      lang: 'ar',
      title: 'رسوم مستحقة قريباً',
      body: 'ادفع قبل الجمعة.',
      path: '/feepayment',
    });
    expect(await pushStateOf('push:fees')).toEqual(['sent']);
    await t.database.db
      .update(parentSettings)
      .set({ language: 'en' })
      .where(and(eq(parentSettings.schoolId, 'mogra'), eq(parentSettings.parentId, haddad)));
  });

  it('does not push a digest or "off" notice, nor one already read', async () => {
    await t.database.db
      .insert(notificationPreferences)
      .values({ schoolId: 'mogra', parentId: haddad, category: 'requests', mode: 'off' });
    const before = service.received.length;
    await notify(t.database.db, [
      lateNotice('push:digest', { category: 'academics', kind: 'academics.agenda' }),
      lateNotice('push:off', { category: 'requests', kind: 'requests.statusChanged' }),
      lateNotice('push:read'),
    ]);
    expect(await pushStateOf('push:digest')).toEqual(['none']);
    expect(await pushStateOf('push:off')).toEqual(['none']);
    await t.database.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(eq(notifications.dedupeKey, 'push:read'));
    await t.app.notificationPush.runOnce(at('12:00'));
    expect(service.received.length).toBe(before);
    expect(await pushStateOf('push:read')).toEqual(['none']);
  });

  it('holds a push in quiet hours, except a safety notice, and sends it when they end', async () => {
    await t.database.db
      .update(parentSettings)
      .set({ quietFrom: '21:00', quietTo: '07:00' })
      .where(and(eq(parentSettings.schoolId, 'mogra'), eq(parentSettings.parentId, haddad)));
    const before = service.received.length;
    await notify(t.database.db, [
      lateNotice('push:quiet'),
      lateNotice('push:safety', {
        category: 'safety',
        kind: 'safety.exitHandover',
        title: { en: 'Nour left school with her aunt', ar: 'غادرت نور المدرسة مع خالتها' },
      }),
    ]);
    await t.app.notificationPush.runOnce(at('23:30'));
    expect(await pushStateOf('push:safety')).toEqual(['sent']);
    expect(await pushStateOf('push:quiet')).toEqual(['pending']);
    await t.app.notificationPush.runOnce(at('06:59'));
    expect(await pushStateOf('push:quiet')).toEqual(['pending']);
    expect(service.received.length).toBe(before + 1);
    await t.app.notificationPush.runOnce(at('07:00'));
    expect(await pushStateOf('push:quiet')).toEqual(['sent']);
    expect(service.received.length).toBe(before + 2);
    await t.database.db
      .update(parentSettings)
      .set({ quietFrom: null, quietTo: null })
      .where(and(eq(parentSettings.schoolId, 'mogra'), eq(parentSettings.parentId, haddad)));
  });

  it("pushes to every browser of the notice's parent and to no other parent's", async () => {
    const phone = await subscribe('family.haddad@mogra.demo', '/push/haddad-phone');
    await subscribe('parent@mogra.demo', '/push/sara-laptop');
    await subscribe('parent@bcad.demo', '/push/bcad-laptop', 'bcad');
    await notify(t.database.db, lateNotice('push:both'));
    await t.app.notificationPush.runOnce(at('12:00'));
    expect(service.to('/push/haddad-phone')).toHaveLength(1);
    expect(JSON.parse(phone.decrypt(service.to('/push/haddad-phone')[0]!.body))).toMatchObject({
      title: 'Nour arrived late',
    });
    expect(service.to('/push/sara-laptop')).toHaveLength(0);
    expect(service.to('/push/bcad-laptop')).toHaveLength(0);
    // Sara's own child's notice reaches Sara only.
    await notify(
      t.database.db,
      lateNotice('push:omar', { enrollNumber: 'MG1001', title: { en: 'Omar', ar: 'عمر' } }),
    );
    const haddadBefore = service.to('/push/haddad-phone').length;
    await t.app.notificationPush.runOnce(at('12:00'));
    expect(service.to('/push/sara-laptop')).toHaveLength(1);
    expect(service.to('/push/haddad-phone')).toHaveLength(haddadBefore);
  });

  it('removes a subscription its push service says is gone; a notice no browser took is not pushed', async () => {
    service.answer('/push/haddad-phone', 410);
    await notify(t.database.db, lateNotice('push:gone-one'));
    const run = await t.app.notificationPush.runOnce(at('12:00'));
    expect(run.removed).toBe(1);
    // The laptop still took it.
    expect(await pushStateOf('push:gone-one')).toEqual(['sent']);
    expect(await endpointsOf(haddad)).toEqual(['/push/haddad-laptop']);
    service.answer('/push/haddad-laptop', 404);
    await notify(t.database.db, lateNotice('push:gone-all'));
    expect((await t.app.notificationPush.runOnce(at('12:00'))).removed).toBe(1);
    expect(await pushStateOf('push:gone-all')).toEqual(['none']);
    expect(await endpointsOf(haddad)).toEqual([]);
  });

  it('tries a failed push again on later runs, a bounded number of times', async () => {
    await subscribe('family.haddad@mogra.demo', '/push/haddad-flaky');
    service.answer('/push/haddad-flaky', 503);
    await notify(t.database.db, lateNotice('push:flaky'));
    for (let attempt = 1; attempt < PUSH_ATTEMPTS; attempt += 1) {
      expect((await t.app.notificationPush.runOnce(at('12:00'))).failed).toBe(1);
      expect(await pushStateOf('push:flaky')).toEqual(['pending']);
      expect(await pushAttemptsOf('push:flaky')).toEqual([attempt]);
      // One attempt per run, not one per batch.
      expect(service.to('/push/haddad-flaky')).toHaveLength(attempt);
    }
    await t.app.notificationPush.runOnce(at('12:00'));
    expect(await pushStateOf('push:flaky')).toEqual(['failed']);
    await t.app.notificationPush.runOnce(at('12:00'));
    expect(service.to('/push/haddad-flaky')).toHaveLength(PUSH_ATTEMPTS);
    // The subscription stays: the push service may answer again.
    expect(await endpointsOf(haddad)).toEqual(['/push/haddad-flaky']);

    // A push that succeeds on a later run is sent.
    await notify(t.database.db, lateNotice('push:recovers'));
    await t.app.notificationPush.runOnce(at('12:00'));
    expect(await pushStateOf('push:recovers')).toEqual(['pending']);
    expect(await pushAttemptsOf('push:recovers')).toEqual([1]);
    service.answer('/push/haddad-flaky', 201);
    await t.app.notificationPush.runOnce(at('12:00'));
    expect(await pushStateOf('push:recovers')).toEqual(['sent']);
  });

  it('frees a claim left by a stopped server, counting it as an attempt', async () => {
    await notify(t.database.db, lateNotice('push:stale'));
    await t.database.db
      .update(notifications)
      .set({ pushState: 'sending', pushClaimedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(notifications.dedupeKey, 'push:stale'));
    const before = service.to('/push/haddad-flaky').length;
    await t.app.notificationPush.runOnce(at('12:00'));
    expect(await pushStateOf('push:stale')).toEqual(['sent']);
    expect(await pushAttemptsOf('push:stale')).toEqual([1]);
    expect(service.to('/push/haddad-flaky')).toHaveLength(before + 1);
    // A fresh claim (another server pushing it now) is left alone.
    await notify(t.database.db, lateNotice('push:claimed'));
    await t.database.db
      .update(notifications)
      .set({ pushState: 'sending', pushClaimedAt: new Date() })
      .where(eq(notifications.dedupeKey, 'push:claimed'));
    await t.app.notificationPush.runOnce(at('12:00'));
    expect(await pushStateOf('push:claimed')).toEqual(['sending']);
  });

  it('refuses a subscription that is not a push service, or whose keys are not a browser’s', async () => {
    const valid = fakeBrowser(`${service.origin}/push/valid`).subscription;
    const refused = [
      { ...valid, endpoint: 'https://example.com/push/1' },
      { ...valid, endpoint: 'http://fcm.googleapis.com/fcm/send/1' },
      { ...valid, endpoint: 'https://fcm.googleapis.com.example.com/fcm/send/1' },
      { ...valid, endpoint: 'http://10.0.0.7/push' },
      { ...valid, endpoint: 'ftp://127.0.0.1/push' },
      { ...valid, endpoint: 'not a url' },
      { ...valid, endpoint: `https://fcm.googleapis.com/${'x'.repeat(1100)}` },
      // A point that is not on the curve.
      { ...valid, keys: { ...valid.keys, p256dh: Buffer.alloc(65, 4).toString('base64url') } },
      { ...valid, keys: { ...valid.keys, p256dh: valid.keys.p256dh.slice(0, 40) } },
      { ...valid, keys: { ...valid.keys, auth: Buffer.alloc(8).toString('base64url') } },
      { endpoint: valid.endpoint },
      {},
    ];
    for (const body of refused) {
      const answer = await call('POST', 'subscriptions', 'parent@bcad.demo', body, 'bcad');
      expect(answer.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
      // Refused by the schema (V001), or as no browser push service's address or key (V030).
      expect(['V001', 'V030']).toContain(answer.json().messageId);
    }
    for (const body of [refused[0], refused[7]]) {
      const answer = await call('POST', 'subscriptions', 'parent@bcad.demo', body, 'bcad');
      expect(answer.json()).toMatchObject({ success: false, messageId: 'V030' });
    }
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/push/subscriptions',
      headers: { 'client-id': 'mogra' },
      payload: valid,
    });
    expect(unsigned.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/ppn/push/key', headers: { 'client-id': 'mogra' } }))
        .statusCode,
    ).toBe(401);
  });

  it("takes the browsers' push services, and this machine only outside production", () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
    ])
      expect(isPushServiceAddress(endpoint, true), endpoint).toBe(true);
    expect(isPushServiceAddress('http://127.0.0.1:4000/push', false)).toBe(true);
    expect(isPushServiceAddress('http://localhost:4000/push', false)).toBe(true);
    expect(isPushServiceAddress('http://127.0.0.1:4000/push', true)).toBe(false);
    expect(isPushServiceAddress('https://fcm.googleapis.com:8443/fcm/send/1', true)).toBe(false);
    expect(isPushServiceAddress('https://user:pw@fcm.googleapis.com/fcm/send/1', true)).toBe(false);
    expect(isPushServiceAddress('https://evilfcm.googleapis.com.attacker.net/x', true)).toBe(false);
  });

  it('carries a short text and only a path of the portal', () => {
    const message = pushMessageOf({
      id: '00000000-0000-4000-8000-000000000001',
      titleEn: 'T'.repeat(500),
      titleAr: '',
      bodyEn: 'B'.repeat(5000),
      bodyAr: '',
      path: '//attacker.example/phish',
      language: 'ar',
    });
    // No Arabic text: the English one, said to be English.
    expect(message.lang).toBe('en');
    expect([...message.title].length).toBeLessThanOrEqual(100);
    expect(message.title.endsWith('…')).toBe(true);
    expect([...message.body].length).toBeLessThanOrEqual(300);
    expect(message.path).toBe('/');
    expect(
      pushMessageOf({
        ...message,
        id: 'x',
        titleEn: 'a',
        titleAr: 'ب',
        bodyEn: 'c',
        bodyAr: 'د',
        path: 'https://x.example/',
        language: 'ar',
      }),
    ).toMatchObject({ lang: 'ar', title: 'ب', body: 'د', path: '/' });
  });

  it("removes only the parent's own subscription", async () => {
    const bcad = await subscribe('parent@bcad.demo', '/push/bcad-phone', 'bcad');
    const sara2 = await subscribe('parent@mogra.demo', '/push/sara-phone');
    // Another parent (of the same school or another) names it: nothing changes, with the same answer.
    for (const [username, schoolId] of [
      ['family.haddad@mogra.demo', 'mogra'],
      ['parent@bcad.demo', 'bcad'],
    ] as const) {
      const answer = await call('DELETE', 'subscriptions', username, { endpoint: sara2.endpoint }, schoolId);
      expect(answer.statusCode).toBe(200);
    }
    expect(await endpointsOf(sara)).toEqual(['/push/sara-laptop', '/push/sara-phone']);
    const own = await call('DELETE', 'subscriptions', 'parent@mogra.demo', { endpoint: sara2.endpoint });
    expect(own.statusCode).toBe(200);
    expect(await endpointsOf(sara)).toEqual(['/push/sara-laptop']);
    const bad = await call('DELETE', 'subscriptions', 'parent@mogra.demo', { endpoint: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(
      await t.database.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, bcad.endpoint)),
    ).toHaveLength(1);
  });

  it('keeps one row per browser, and the newest browsers of a parent up to the cap', async () => {
    const again = fakeBrowser(`${service.origin}/push/sara-laptop`).subscription;
    expect((await call('POST', 'subscriptions', 'parent@mogra.demo', again)).statusCode).toBe(200);
    expect(await endpointsOf(sara)).toEqual(['/push/sara-laptop']);
    for (let device = 1; device <= MAX_PUSH_SUBSCRIPTIONS; device += 1)
      await subscribe('parent@mogra.demo', `/push/sara-device-${String(device).padStart(2, '0')}`);
    const kept = await endpointsOf(sara);
    expect(kept).toHaveLength(MAX_PUSH_SUBSCRIPTIONS);
    // The first one subscribed made room.
    expect(kept).not.toContain('/push/sara-laptop');
    // The browser another parent subscribed before is now this parent's.
    await subscribe('family.haddad@mogra.demo', '/push/sara-device-01');
    expect(await endpointsOf(haddad)).toContain('/push/sara-device-01');
    expect(await endpointsOf(sara)).not.toContain('/push/sara-device-01');
  });

  it('limits the subscriptions one parent may change an hour', async () => {
    const answers = [];
    for (let index = 0; index < 31; index += 1)
      answers.push(
        (
          await call(
            'DELETE',
            'subscriptions',
            'parent@bcad.demo',
            { endpoint: `${service.origin}/x/${index}` },
            'bcad',
          )
        ).statusCode,
      );
    expect(answers).toContain(429);
    const limited = await call(
      'POST',
      'subscriptions',
      'parent@bcad.demo',
      fakeBrowser(`${service.origin}/y`).subscription,
      'bcad',
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ messageId: 'L006' });
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

// The portal's VAPID key pair (docs/notifications.md, "Notifications on a device"): made at the
// first start and kept in the database, so a restart signs with the key the browsers subscribed
// with, and every instance on the database signs with the same one.
describe('the VAPID keys', () => {
  const vapidRow = async (db: TDatabase) =>
    (await db.select().from(portalSecrets).where(eq(portalSecrets.name, 'vapid')))[0];

  /** A copy of the run's seeded database that can be opened again (a restart). */
  async function seededCopy() {
    const template = inject('seededTemplate');
    if (template.kind === 'postgres') {
      const copy = await createPostgresDatabase(template.database);
      return { dataDir: createTempDir('portal-push-').dir, url: copy.url, remove: copy.drop };
    }
    const copy = createSeededDataDir('portal-push-');
    return { dataDir: copy.dir, url: undefined, remove: async () => copy.remove() };
  }

  /** The portal started on the database: its app, and the public key it hands to browsers. */
  async function start(database: TDatabaseHandle, dataDir: string) {
    const app = await buildApp({
      config: readConfig({
        DATA_DIR: dataDir,
        PORTAL_ENV: 'test',
        WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
        LOG_LEVEL: 'silent',
      }),
      database,
    });
    await app.ready();
    const token = await signIn(app, 'mogra', 'parent@mogra.demo');
    const answer = await app.inject({
      method: 'GET',
      url: '/api/v1/ppn/push/key',
      headers: { 'client-id': 'mogra', authorization: `Bearer ${token}` },
    });
    expect(answer.statusCode).toBe(200);
    return { app, publicKey: (answer.json() as { publicKey: string }).publicKey };
  }

  it('are made at the first start and the same after a restart', async () => {
    const copy = await seededCopy();
    try {
      const first = await openDatabase({ databaseUrl: copy.url, dataDir: copy.dataDir });
      expect(await vapidRow(first.db)).toBeUndefined();
      const before = await start(first, copy.dataDir);
      const row = await vapidRow(first.db);
      expect(row).toBeDefined();
      expect(JSON.parse(row!.value)).toMatchObject({ publicKey: before.publicKey });
      await before.app.close();
      await first.close();

      const second = await openDatabase({ databaseUrl: copy.url, dataDir: copy.dataDir });
      const after = await start(second, copy.dataDir);
      expect(after.publicKey).toBe(before.publicKey);
      await after.app.close();
      await second.close();
    } finally {
      await copy.remove();
    }
  });

  it('are shared by instances that start at once: one makes them, the others read them', async () => {
    const copy = await seededCopy();
    const database = await openDatabase({ databaseUrl: copy.url, dataDir: copy.dataDir });
    try {
      // Each instance has its own database object, so its own cache: both try to insert a pair.
      const client = (database.db as unknown as { $client: unknown }).$client;
      const instance = (): TDatabase =>
        (database.kind === 'postgres'
          ? drizzlePostgres({ client: client as pg.Pool, schema })
          : drizzlePglite({ client: client as PGlite, schema })) as unknown as TDatabase;
      const [a, b, c] = await Promise.all([
        vapidKeys(instance()),
        vapidKeys(instance()),
        vapidKeys(instance()),
      ]);
      expect(b).toEqual(a);
      expect(c).toEqual(a);
      expect(JSON.parse((await vapidRow(database.db))!.value)).toEqual(a);
      expect(await vapidKeys(instance())).toEqual(a);
    } finally {
      await database.close();
      await copy.remove();
    }
  });
});
