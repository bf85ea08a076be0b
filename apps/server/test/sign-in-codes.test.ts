import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { oneTimeCodes } from '../src/db/schema/index.ts';
import { consumeCode, issueCode } from '../src/modules/auth/one-time-codes.ts';
import { addParent, buildTestApp, postAuth, type TTestApp } from './helper.ts';
import { codeOfMail, subjectOfMail, textOfMail } from './mail-reader.ts';
import { readLatestCode } from './outbox.ts';
import { startSmtpListener, type TSmtpListener } from './smtp-listener.ts';

describe('one-time-code sign-in over real SMTP (ASVS 6.5.1, 6.5.4, 6.6.2, 6.6.3)', () => {
  let t: TTestApp;
  let smtp: TSmtpListener;
  beforeAll(async () => {
    smtp = await startSmtpListener();
    t = await buildTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  // One code per username per test: the resend cool-down is 30 seconds.
  async function mailedCode(schoolId: string, username: string, headers: Record<string, string> = {}) {
    const response = await postAuth(t.app, schoolId, 'auth-otp', { username }, headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, messageId: 'L007' });
    return smtp.waitForMessage(username);
  }

  it('mails a code that signs the parent in, once', async () => {
    const code = codeOfMail(await mailedCode('mogra', 'parent@mogra.demo'));
    const first = await postAuth(t.app, 'mogra', 'verify-auth-otp', {
      username: 'parent@mogra.demo',
      otp: code,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, messageId: 'L001' });
    expect(first.json().profile.children).toHaveLength(3);
    const reused = await postAuth(t.app, 'mogra', 'verify-auth-otp', {
      username: 'parent@mogra.demo',
      otp: code,
    });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ success: false, messageId: 'L008' });
  });

  it('refuses an expired code', async () => {
    const code = codeOfMail(await mailedCode('mogra', 'family.haddad@mogra.demo'));
    await t.database.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(oneTimeCodes.schoolId, 'mogra'), eq(oneTimeCodes.parentId, 'MG-P002')));
    const response = await postAuth(t.app, 'mogra', 'verify-auth-otp', {
      username: 'family.haddad@mogra.demo',
      otp: code,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().messageId).toBe('L008');
  });

  it('kills a code at its fifth wrong try: the right code on the sixth fails', async () => {
    const username = 'parent@bcad.demo';
    const code = codeOfMail(await mailedCode('bcad', username));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const response = await postAuth(t.app, 'bcad', 'verify-auth-otp', { username, otp: wrong });
      expect(response.statusCode).toBe(401);
    }
    const sixth = await postAuth(t.app, 'bcad', 'verify-auth-otp', { username, otp: code });
    expect(sixth.statusCode).toBe(401);
    expect(sixth.json().messageId).toBe('L008');
  });

  it("refuses a school's code at another school, for the same username", async () => {
    const username = 'shared.family@example.com';
    await addParent(t.database, 'mogra', { parentId: 'MG-SHARED', username, enrollNumber: 'MG9001' });
    await addParent(t.database, 'bcad', { parentId: 'BC-SHARED', username, enrollNumber: 'BC9001' });
    const code = codeOfMail(await mailedCode('mogra', username));
    const elsewhere = await postAuth(t.app, 'bcad', 'verify-auth-otp', { username, otp: code });
    expect(elsewhere.statusCode).toBe(401);
    const home = await postAuth(t.app, 'mogra', 'verify-auth-otp', { username, otp: code });
    expect(home.statusCode).toBe(200);
  });

  it("writes the mail in the parent's language, with the school's name and logo", async () => {
    const raw = await mailedCode('bwa', 'parent@bwa.demo', { 'accept-language': 'ar-AE,ar;q=0.9' });
    expect(subjectOfMail(raw)).toBe('رمز تسجيل الدخول إلى أكاديمية الوادي المشرق');
    expect(textOfMail(raw)).toContain('تنتهي صلاحيته بعد 10 دقائق');
    expect(raw).toMatch(/content-type: image\/svg\+xml/i);
    const english = await mailedCode('bcd', 'parent@bcd.demo');
    expect(subjectOfMail(english)).toBe('Your sign-in code for Blue Cedar School');
  });

  it('sends nothing to a username that is not a parent, and answers the same', async () => {
    const before = smtp.messages.length;
    const response = await postAuth(t.app, 'bcaa', 'auth-otp', { username: 'stranger@example.com' });
    expect(response.json()).toEqual({ success: true, messageId: 'L007' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.length).toBe(before);
  });

  it('retires the earlier code when a new one is issued', async () => {
    const db = t.database.db;
    const first = await issueCode(db, 'bnad', 'BN-P001', 'sign-in');
    const second = await issueCode(db, 'bnad', 'BN-P001', 'sign-in');
    expect((await consumeCode(db, 'bnad', 'BN-P001', 'sign-in', first)).ok).toBe(first === second);
    expect((await consumeCode(db, 'bnad', 'BN-P001', 'sign-in', second)).ok).toBe(first !== second);
  });

  it('binds a code to its purpose: a reset code does not sign in', async () => {
    const db = t.database.db;
    const code = await issueCode(db, 'bnad', 'BN-P001', 'reset');
    expect((await consumeCode(db, 'bnad', 'BN-P001', 'sign-in', code)).ok).toBe(false);
    expect((await consumeCode(db, 'bnad', 'BN-P001', 'reset', code)).ok).toBe(true);
  });
});

describe('no account enumeration (ASVS 6.3.8)', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  // Everything but the date and the request's own rate-limit counters.
  const comparable = (response: { statusCode: number; body: string; headers: Record<string, unknown> }) => ({
    status: response.statusCode,
    body: response.body,
    type: response.headers['content-type'],
    length: response.headers['content-length'],
  });

  it('answers byte-identically for a known and an unknown username', async () => {
    const cases: [string, Record<string, string>, Record<string, string>][] = [
      [
        'login',
        { username: 'parent@mogra.demo', password: 'wrong-password' },
        { username: 'nobody@mogra.demo', password: 'wrong-password' },
      ],
      ['auth-otp', { username: 'parent@mogra.demo' }, { username: 'nobody@mogra.demo' }],
      ['forget-password', { username: 'family.haddad@mogra.demo' }, { username: 'nobody.else@mogra.demo' }],
      [
        'register',
        { username: 'parent@bcad.demo', enrollNumber: 'BC3101', password: 'a long new passphrase' },
        { username: 'nobody@bcad.demo', enrollNumber: 'BC3101', password: 'a long new passphrase' },
      ],
      [
        'verify-auth-otp',
        { username: 'parent@bcd.demo', otp: '123456' },
        { username: 'nobody@bcd.demo', otp: '123456' },
      ],
    ];
    for (const [route, known, unknown] of cases) {
      const school = known.username?.split('@')[1]?.split('.')[0] ?? 'mogra';
      const a = comparable(await postAuth(t.app, school, route, known));
      const b = comparable(await postAuth(t.app, school, route, unknown));
      expect(a, route).toEqual(b);
    }
  });

  it('holds the resend cool-down for unknown usernames as for known ones, with Retry-After', async () => {
    for (const username of ['parent@bcaa.demo', 'nobody@bcaa.demo']) {
      expect((await postAuth(t.app, 'bcaa', 'auth-otp', { username })).statusCode).toBe(200);
      const again = await postAuth(t.app, 'bcaa', 'resend-auth-otp', { username });
      expect(again.statusCode).toBe(429);
      expect(again.json()).toMatchObject({ success: false, messageId: 'L006' });
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('writes mail to DATA_DIR/outbox when there is no SMTP server', async () => {
    expect((await postAuth(t.app, 'bnad', 'auth-otp', { username: 'parent@bnad.demo' })).statusCode).toBe(
      200,
    );
    const code = await readLatestCode(t.dataDir, 'parent@bnad.demo');
    const response = await postAuth(t.app, 'bnad', 'verify-auth-otp', {
      username: 'parent@bnad.demo',
      otp: code,
    });
    expect(response.statusCode).toBe(200);
  });
});
