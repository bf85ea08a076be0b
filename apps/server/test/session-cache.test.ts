import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../src/db/schema/index.ts';
import { SESSION_CACHE_MS } from '../src/access/session.ts';
import { buildTestApp, signIn, type TTestApp } from './helper.ts';

// Sessions are kept in the process for a few seconds once looked up: revoking here must still
// end them at once, and a revocation made elsewhere (another instance) within the window.
describe('sessions kept in the process', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  const withToken = (token: string, method: 'GET' | 'POST', url: string) =>
    t.app.inject({ method, url, headers: { 'client-id': 'bcd', authorization: `Bearer ${token}` } });
  const profileStatus = async (token: string) =>
    (await withToken(token, 'GET', '/api/v1/ppn/parent/profile')).statusCode;

  it('ends a session at sign-out even right after it was used', async () => {
    const token = await signIn(t.app, 'bcd', 'parent@bcd.demo');
    expect(await profileStatus(token)).toBe(200);
    expect((await withToken(token, 'POST', '/api/v1/ppn/auth/sign-out')).statusCode).toBe(200);
    expect(await profileStatus(token)).toBe(401);
  });

  it('ends every session of the parent at sign-out everywhere, and only theirs', async () => {
    const first = await signIn(t.app, 'bcd', 'parent@bcd.demo');
    const second = await signIn(t.app, 'bcd', 'parent@bcd.demo');
    const other = await signIn(t.app, 'bwa', 'parent@bwa.demo');
    const otherStatus = async () =>
      (
        await t.app.inject({
          url: '/api/v1/ppn/parent/profile',
          headers: { 'client-id': 'bwa', authorization: `Bearer ${other}` },
        })
      ).statusCode;
    expect([await profileStatus(first), await profileStatus(second), await otherStatus()]).toEqual([
      200, 200, 200,
    ]);
    expect((await withToken(first, 'POST', '/api/v1/ppn/auth/sign-out-all')).statusCode).toBe(200);
    expect([await profileStatus(first), await profileStatus(second), await otherStatus()]).toEqual([
      401, 401, 200,
    ]);
  });

  it('sees a session revoked in the database by another instance once the window has passed', async () => {
    const token = await signIn(t.app, 'bcd', 'parent@bcd.demo');
    expect(await profileStatus(token)).toBe(200);
    await t.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.schoolId, 'bcd'));
    const later = Date.now() + SESSION_CACHE_MS + 1;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    expect(await profileStatus(token)).toBe(401);
  });
});
