import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, addParent, buildTestApp, postAuth, signIn, type TTestApp } from './helper.ts';
import { readLatestCode } from './outbox.ts';

const profileStatus = async (t: TTestApp, schoolId: string, token: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/v1/ppn/parent/profile',
      headers: { 'client-id': schoolId, authorization: `Bearer ${token}` },
    })
  ).statusCode;

describe('registration: claiming the account the school created', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await addParent(t.database, 'bcd', {
      parentId: 'BD-NEW',
      username: 'new.parent@bcd.demo',
      enrollNumber: 'BD5555',
    });
  });
  afterAll(() => t.close());

  it('refuses to sign in before the account is claimed', async () => {
    const response = await postAuth(t.app, 'bcd', 'login', {
      username: 'new.parent@bcd.demo',
      password: 'x',
    });
    expect(response.statusCode).toBe(401);
  });

  it("mails a code only when the enrolment number is one of the parent's children", async () => {
    const wrong = await postAuth(t.app, 'bcd', 'register', {
      username: 'new.parent@bcd.demo',
      enrollNumber: 'BD4101', // another family's child
      password: 'a garden full of lemons',
    });
    expect(wrong.json()).toEqual({ success: true, messageId: 'L007' });
    await expect(readLatestCode(t.dataDir, 'new.parent@bcd.demo', 500)).rejects.toThrow(/no mail/);
  });

  it('activates the chosen password with the mailed code (verify-otp)', async () => {
    // The earlier attempt started the 30-second cool-down for this username; this school's
    // second new parent registers instead.
    await addParent(t.database, 'bcd', {
      parentId: 'BD-NEW2',
      username: 'second@bcd.demo',
      enrollNumber: 'BD5556',
    });
    const registered = await postAuth(t.app, 'bcd', 'register', {
      username: 'second@bcd.demo',
      enrollNumber: 'bd5556',
      password: 'a garden full of lemons',
    });
    expect(registered.json()).toEqual({ success: true, messageId: 'L007' });
    const code = await readLatestCode(t.dataDir, 'second@bcd.demo');
    const badCode = await postAuth(t.app, 'bcd', 'verify-otp', {
      username: 'second@bcd.demo',
      otp: code === '999999' ? '999998' : '999999',
    });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().messageId).toBe('L008');
    const activated = await postAuth(t.app, 'bcd', 'verify-otp', { username: 'second@bcd.demo', otp: code });
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toEqual({ success: true, messageId: 'L009' });
    const login = await postAuth(t.app, 'bcd', 'login', {
      username: 'second@bcd.demo',
      password: 'a garden full of lemons',
    });
    expect(login.statusCode).toBe(200);
    expect(
      login.json().profile.children.map((c: { sims_enroll_number: string }) => c.sims_enroll_number),
    ).toEqual(['BD5556']);
  });
});

describe('password rules (ASVS 6.2.1, 6.2.4, 6.2.9)', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const register = (password: string) =>
    postAuth(t.app, 'bwa', 'register', { username: 'parent@bwa.demo', enrollNumber: 'BW5101', password });

  it('refuses fewer than 8 characters with P001', async () => {
    const response = await register('short');
    expect(response.statusCode).toBe(400);
    expect(response.json().messageId).toBe('P001');
  });

  it('counts characters, not bytes: eight Arabic letters are enough', async () => {
    expect((await register('كلمةسرّيةجداً')).statusCode).toBe(200);
  });

  it('refuses more than 128 characters with P002', async () => {
    const response = await register('x'.repeat(129));
    expect(response.statusCode).toBe(400);
    expect(response.json().messageId).toBe('P002');
  });

  it('refuses a common password or the username with P003', async () => {
    for (const password of ['password123', 'iloveyou', 'Qwertyuiop', 'PARENT@BWA.DEMO']) {
      const response = await register(password);
      expect(response.statusCode, password).toBe(400);
      expect(response.json().messageId).toBe('P003');
    }
  });
});

describe('forgotten password and reset (ASVS 6.4, 7.4.3)', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('sets the new password with the mailed code and ends every session', async () => {
    const username = 'parent@mogra.demo';
    const before = await signIn(t.app, 'mogra', username);
    const asked = await postAuth(t.app, 'mogra', 'forget-password', { username });
    expect(asked.json()).toEqual({ success: true, messageId: 'L007' });
    const code = await readLatestCode(t.dataDir, username);

    const weak = await postAuth(t.app, 'mogra', 'reset-password', {
      username,
      otp: code,
      password: 'password1',
    });
    expect(weak.json().messageId).toBe('P003');
    const reset = await postAuth(t.app, 'mogra', 'reset-password', {
      username,
      otp: code,
      password: 'new and much longer passphrase',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ success: true, messageId: 'L010' });

    expect(await profileStatus(t, 'mogra', before)).toBe(401);
    expect((await postAuth(t.app, 'mogra', 'login', { username, password: DEMO_PASSWORD })).statusCode).toBe(
      401,
    );
    const after = await postAuth(t.app, 'mogra', 'login', {
      username,
      password: 'new and much longer passphrase',
    });
    expect(after.statusCode).toBe(200);
    const again = await postAuth(t.app, 'mogra', 'reset-password', {
      username,
      otp: code,
      password: 'yet another long one',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().messageId).toBe('L008');
  });
});

describe('the lock after 100 consecutive failures (NIST 800-63B 5.2.2)', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('locks after 100 wrong passwords; the right one is refused until the lock ends; a code still signs in', async () => {
    const username = 'parent@bcaa.demo';
    for (let i = 0; i < 100; i++) {
      const response = await postAuth(t.app, 'bcaa', 'login', { username, password: `wrong-${i}` });
      expect(response.statusCode).toBe(401);
    }
    const locked = await postAuth(t.app, 'bcaa', 'login', { username, password: DEMO_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ success: false, messageId: 'L005' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);

    await postAuth(t.app, 'bcaa', 'auth-otp', { username });
    const code = await readLatestCode(t.dataDir, username);
    expect((await postAuth(t.app, 'bcaa', 'verify-auth-otp', { username, otp: code })).statusCode).toBe(200);
    expect((await postAuth(t.app, 'bcaa', 'login', { username, password: DEMO_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('locks an unknown username the same way, so a lock reveals nothing', async () => {
    for (let i = 0; i < 100; i++)
      await postAuth(t.app, 'bcaa', 'login', { username: 'ghost@bcaa.demo', password: 'x' });
    const locked = await postAuth(t.app, 'bcaa', 'login', { username: 'ghost@bcaa.demo', password: 'x' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().messageId).toBe('L005');
  });

  it('resets the count after a right password', async () => {
    const username = 'parent@bnad.demo';
    for (let i = 0; i < 99; i++) await postAuth(t.app, 'bnad', 'login', { username, password: 'wrong' });
    expect((await postAuth(t.app, 'bnad', 'login', { username, password: DEMO_PASSWORD })).statusCode).toBe(
      200,
    );
    for (let i = 0; i < 99; i++) await postAuth(t.app, 'bnad', 'login', { username, password: 'wrong' });
    expect((await postAuth(t.app, 'bnad', 'login', { username, password: DEMO_PASSWORD })).statusCode).toBe(
      200,
    );
  });
});

describe('rate limits on /auth routes (ASVS 6.1.1, API4)', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '5', AUTH_RATE_LIMIT_PER_ACCOUNT: '3' } });
  });
  afterAll(() => t.close());

  it('limits attempts on one account, and answers 429 L006 with Retry-After', async () => {
    const attempt = () =>
      postAuth(t.app, 'mogra', 'login', { username: 'parent@mogra.demo', password: 'wrong' });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, messageId: 'L006' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits one IP across accounts', async () => {
    const results: number[] = [];
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f']) {
      results.push(
        (await postAuth(t.app, 'bcd', 'verify-auth-otp', { username: `${name}@x.demo`, otp: '123456' }))
          .statusCode,
      );
    }
    expect(results.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(results[5]).toBe(429);
  });
});

describe('signing out of every device', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('revokes every session of the parent and no one else', async () => {
    const phone = await signIn(t.app, 'bcad', 'parent@bcad.demo');
    const laptop = await signIn(t.app, 'bcad', 'parent@bcad.demo');
    const otherParent = await signIn(t.app, 'bcad', 'family.costa@bcad.demo');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/auth/sign-out-all',
      headers: { 'client-id': 'bcad', authorization: `Bearer ${phone}` },
    });
    expect(response.json()).toEqual({ success: true, messageId: 'L011' });
    expect(await profileStatus(t, 'bcad', phone)).toBe(401);
    expect(await profileStatus(t, 'bcad', laptop)).toBe(401);
    expect(await profileStatus(t, 'bcad', otherParent)).toBe(200);
  });
});
