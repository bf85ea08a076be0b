import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_HISTORY_LENGTH, type TSignIn, type TSignIns } from '@portal/contracts/account';
import { signIns } from '../../../src/db/schema/index.ts';
import { DEMO_PASSWORD, postAuth, signIn } from '../../helper.ts';
import { codeOfMail } from '../../mail-reader.ts';
import { answerOf, parentApi } from '../publications/circulars-data.ts';
import { accountApp } from './account-data.ts';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

// The account's sign-in history (every session start, how and from where) and signing out the
// other devices.
describe('sign-in history and signing out the other devices', () => {
  const app = accountApp('HIST', ['history@mogra.demo', 'others@mogra.demo', 'long@mogra.demo']);

  /** Signs in with the password from a browser and an address; the session's token. */
  async function passwordSignIn(username: string, userAgent: string, ip: string): Promise<string> {
    const answer = app.t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/auth/login',
      headers: { 'client-id': 'mogra', 'user-agent': userAgent },
      remoteAddress: ip,
      payload: { username, password: DEMO_PASSWORD },
    });
    return (await answerOf<{ token: string }>(answer)).token;
  }

  /** Signs in with a mailed code from a browser and an address; the session's token. */
  async function codeSignIn(username: string, userAgent: string, ip: string): Promise<string> {
    expect((await postAuth(app.t.app, 'mogra', 'auth-otp', { username })).statusCode).toBe(200);
    const otp = codeOfMail(await app.smtp.waitForMessage(username));
    const answer = app.t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/auth/verify-auth-otp',
      headers: { 'client-id': 'mogra', 'user-agent': userAgent },
      remoteAddress: ip,
      payload: { username, otp },
    });
    return (await answerOf<{ token: string }>(answer)).token;
  }

  const historyOf = async (token: string) =>
    (await answerOf<TSignIns>(parentApi(app.t, 'mogra', token).get('/account/sign-ins'))).items;

  const shape = ({ method, browser, ip, current, active }: TSignIn) => ({
    method,
    browser,
    ip,
    current,
    active,
  });

  it('records password and code sign-ins with how, the browser and the address, this one and which are signed in', async () => {
    const phone = await passwordSignIn('history@mogra.demo', CHROME_ANDROID, '203.0.113.7');
    const iphone = await codeSignIn('history@mogra.demo', SAFARI_IPHONE, '198.51.100.9');
    const seen = await historyOf(iphone);
    expect(seen.map(shape)).toEqual([
      { method: 'code', browser: 'Safari on iPhone', ip: '198.51.100.9', current: true, active: true },
      { method: 'password', browser: 'Chrome on Android', ip: '203.0.113.7', current: false, active: true },
    ]);
    const [newest, older] = seen;
    expect(Date.parse(newest?.at ?? '')).toBeGreaterThanOrEqual(Date.parse(older?.at ?? ''));
    // The same history from the other device, where that one is this one.
    expect((await historyOf(phone)).map((entry) => entry.current)).toEqual([false, true]);
    // Another parent's history has none of these.
    const haddad = await signIn(app.t.app, 'mogra', 'family.haddad@mogra.demo');
    const theirs = (await historyOf(haddad)).map((entry) => entry.id);
    for (const entry of seen) expect(theirs).not.toContain(entry.id);
  });

  it('signs out every other session of the parent and keeps this one (and other parents’)', async () => {
    const first = await passwordSignIn('others@mogra.demo', CHROME_ANDROID, '203.0.113.8');
    const second = await passwordSignIn('others@mogra.demo', SAFARI_IPHONE, '203.0.113.9');
    const kept = parentApi(app.t, 'mogra', await passwordSignIn('others@mogra.demo', '', '203.0.113.10'));
    const bystander = parentApi(app.t, 'mogra', await signIn(app.t.app, 'mogra', 'family.haddad@mogra.demo'));
    // Looked up, so the server keeps them a few seconds: a revocation must end them at once.
    for (const token of [first, second])
      await answerOf(parentApi(app.t, 'mogra', token).get('/account/contact'));

    expect(await answerOf(kept.post('/account/sign-out-others'))).toEqual({
      success: true,
      messageId: 'S200',
    });
    for (const token of [first, second]) {
      const refused = await parentApi(app.t, 'mogra', token).get('/account/contact');
      expect(refused.statusCode).toBe(401);
      expect(refused.json().messageId).toBe('L004');
    }
    await answerOf(kept.get('/account/contact'));
    await answerOf(bystander.get('/account/contact'));
    const history = (await answerOf<TSignIns>(kept.get('/account/sign-ins'))).items;
    expect(history.map((entry) => [entry.ip, entry.current, entry.active, entry.browser])).toEqual([
      ['203.0.113.10', true, true, ''],
      ['203.0.113.9', false, false, 'Safari on iPhone'],
      ['203.0.113.8', false, false, 'Chrome on Android'],
    ]);
  });

  it('keeps the User-Agent to 300 characters, and lists the newest sign-ins only', async () => {
    const token = await passwordSignIn(
      'long@mogra.demo',
      `${CHROME_ANDROID} ${'x'.repeat(500)}`,
      '192.0.2.1',
    );
    const [row] = await app.t.database.db
      .select({ userAgent: signIns.userAgent })
      .from(signIns)
      .where(and(eq(signIns.schoolId, 'mogra'), eq(signIns.parentId, 'MG-HIST2')));
    expect(row?.userAgent).toHaveLength(300);
    // Older sign-ins than the history keeps, a day apart, a year ago.
    const yearAgo = Date.now() - 365 * 86_400_000;
    await app.t.database.db.insert(signIns).values(
      Array.from({ length: SIGN_IN_HISTORY_LENGTH + 5 }, (_, day) => ({
        schoolId: 'mogra',
        signInId: randomUUID(),
        parentId: 'MG-HIST2',
        method: 'password',
        ip: '192.0.2.2',
        tokenHash: randomUUID(),
        at: new Date(yearAgo + day * 86_400_000),
      })),
    );
    const history = await historyOf(token);
    expect(history).toHaveLength(SIGN_IN_HISTORY_LENGTH);
    expect(shape(history[0] as TSignIn)).toEqual({
      method: 'password',
      browser: 'Chrome on Android',
      ip: '192.0.2.1',
      current: true,
      active: true,
    });
    const times = history.map((entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(history.slice(1).every((entry) => !entry.active && !entry.current)).toBe(true);
  });

  it('needs a session (401 L004)', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/ppn/account/sign-ins'],
      ['POST', '/api/v1/ppn/account/sign-out-others'],
    ] as const) {
      const answer = await app.t.app.inject({ method, url, headers: { 'client-id': 'mogra' } });
      expect(answer.statusCode, url).toBe(401);
      expect(answer.json().messageId).toBe('L004');
    }
  });
});
