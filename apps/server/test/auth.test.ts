import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ZLoginResponse, ZProfile } from '@portal/contracts/auth';
import { sessions } from '../src/db/schema/index.ts';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../src/access/session.ts';
import { DEMO_PASSWORD, buildTestApp, signIn, type TTestApp } from './helper.ts';

describe('password sign-in, profile and sign-out', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const login = (schoolId: string, payload: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/auth/login',
      headers: { 'client-id': schoolId },
      payload,
    });
  const profile = (schoolId: string, token: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/ppn/parent/profile',
      headers: { 'client-id': schoolId, authorization: `Bearer ${token}` },
    });

  it('signs in with the right password and answers success, messageId, token and profile', async () => {
    const response = await login('mogra', { username: 'parent@mogra.demo', password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = ZLoginResponse.parse(response.json());
    expect(body).toMatchObject({ success: true, messageId: 'L001' });
    expect(body.token.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
    expect(body.profile.parent.parentName).toBe('Sara Al Mansouri');
    expect(body.profile.children).toHaveLength(3);
    expect(body.profile.currentYear?.sims_academic_year_status).toBe('C');
  });

  it('matches the username without regard to case', async () => {
    const response = await login('mogra', { username: 'Parent@MOGRA.demo', password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(200);
  });

  it('never answers with secrets: no hash, no internal counters (API3)', async () => {
    const response = await login('mogra', { username: 'parent@mogra.demo', password: DEMO_PASSWORD });
    expect(response.body).not.toMatch(/argon2|password|failed/i);
  });

  it('gives an unknown user and a wrong password the same status and body (ASVS 6.3.8)', async () => {
    const unknown = await login('mogra', { username: 'nobody@mogra.demo', password: DEMO_PASSWORD });
    const wrong = await login('mogra', { username: 'parent@mogra.demo', password: 'not-the-password' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.json()).toEqual({
      success: false,
      messageId: 'L002',
      message: 'Invalid username or password',
    });
  });

  it("lists only the parent's own children (API1)", async () => {
    const first = ZProfile.parse(
      (await profile('mogra', await signIn(t.app, 'mogra', 'parent@mogra.demo'))).json(),
    );
    const second = ZProfile.parse(
      (await profile('mogra', await signIn(t.app, 'mogra', 'family.haddad@mogra.demo'))).json(),
    );
    const firstChildren = first.children.map((c) => c.sims_student_enroll_number);
    const secondChildren = second.children.map((c) => c.sims_student_enroll_number);
    expect(firstChildren).toEqual(['MG1001', 'MG1002', 'MG1003']);
    expect(secondChildren).toEqual(['MG2001']);
    const bcad = ZProfile.parse(
      (await profile('bcad', await signIn(t.app, 'bcad', 'parent@bcad.demo'))).json(),
    );
    expect(bcad.children.map((c) => c.sims_student_enroll_number)).toEqual(['BC3101', 'BC3102']);
  });

  it('gives each school its granted applications: bcad grants only PP034 and PP008', async () => {
    const bcad = ZProfile.parse(
      (await profile('bcad', await signIn(t.app, 'bcad', 'parent@bcad.demo'))).json(),
    );
    expect(bcad.applicationByRole.map((a) => a.comn_appl_code).sort()).toEqual(['PP008', 'PP034']);
  });

  it('refuses the profile without a token, with a malformed one, or with an unknown one', async () => {
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ppn/parent/profile',
      headers: { 'client-id': 'mogra' },
    });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ success: false, messageId: 'L004' });
    expect((await profile('mogra', 'not a token')).statusCode).toBe(401);
    expect((await profile('mogra', 'A'.repeat(43))).statusCode).toBe(401);
  });

  it('revokes the token at sign-out (ASVS 7.4.1)', async () => {
    const token = await signIn(t.app, 'mogra', 'parent@mogra.demo');
    expect((await profile('mogra', token)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/auth/sign-out',
      headers: { 'client-id': 'mogra', authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, messageId: 'L003' });
    expect((await profile('mogra', token)).statusCode).toBe(401);
  });

  it('gives a new token at each sign-in, and signing out one leaves the other', async () => {
    const a = await signIn(t.app, 'bcad', 'parent@bcad.demo');
    const b = await signIn(t.app, 'bcad', 'parent@bcad.demo');
    expect(a).not.toBe(b);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/auth/sign-out',
      headers: { 'client-id': 'bcad', authorization: `Bearer ${a}` },
    });
    expect((await profile('bcad', a)).statusCode).toBe(401);
    expect((await profile('bcad', b)).statusCode).toBe(200);
  });

  it('ends a session after the idle time-out and after the absolute time-out (ASVS 7.3.1, 7.3.2)', async () => {
    const idle = await signIn(t.app, 'bwa', 'parent@bwa.demo');
    const absolute = await signIn(t.app, 'bwa', 'parent@bwa.demo');
    const db = t.database.db;
    const rows = await db.select().from(sessions).where(eq(sessions.schoolId, 'bwa'));
    expect(rows.length).toBe(2);
    const now = Date.now();
    for (const row of rows) {
      const isFirst = row.createdAt.getTime() === Math.min(...rows.map((r) => r.createdAt.getTime()));
      await db
        .update(sessions)
        .set(
          isFirst
            ? { lastSeenAt: new Date(now - SESSION_IDLE_MS - 1000) }
            : { expiresAt: new Date(now - 1000), createdAt: new Date(now - SESSION_ABSOLUTE_MS) },
        )
        .where(and(eq(sessions.schoolId, 'bwa'), eq(sessions.tokenHash, row.tokenHash)));
    }
    expect((await profile('bwa', idle)).statusCode).toBe(401);
    expect((await profile('bwa', absolute)).statusCode).toBe(401);
  });

  it('stores only a hash of the token', async () => {
    const token = await signIn(t.app, 'bnad', 'parent@bnad.demo');
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.schoolId, 'bnad'));
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    expect(rows.length).toBeGreaterThan(0);
  });
});
