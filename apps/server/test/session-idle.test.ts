import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_IDLE_MINUTES } from '@portal/contracts/constants';
import { readConfig } from '../src/config.ts';
import { sessions } from '../src/db/schema/index.ts';
import { buildTestApp, DEMO_PASSWORD, postAuth, type TTestApp } from './helper.ts';

/** The idle time-out is one value: the server ends sessions by it and tells the browser in the sign-in answer. */
describe('the session idle time-out', () => {
  let t: TTestApp;
  const idleSeconds = 60;

  beforeAll(async () => {
    t = await buildTestApp({ env: { SESSION_IDLE_SECONDS: String(idleSeconds) } });
  });
  afterAll(async () => {
    await t.close();
  });

  async function signInAnswer(): Promise<{ token: string; idleSeconds: number }> {
    const answer = await postAuth(t.app, 'bcad', 'login', {
      username: 'parent@bcad.demo',
      password: DEMO_PASSWORD,
    });
    expect(answer.statusCode).toBe(200);
    return answer.json();
  }

  const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

  function lastSeen(token: string, at: Date) {
    return t.database.db
      .update(sessions)
      .set({ lastSeenAt: at })
      .where(and(eq(sessions.schoolId, 'bcad'), eq(sessions.tokenHash, tokenHash(token))));
  }

  async function storedLastSeen(token: string): Promise<number> {
    const rows = await t.database.db
      .select({ lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(and(eq(sessions.schoolId, 'bcad'), eq(sessions.tokenHash, tokenHash(token))));
    return rows[0]?.lastSeenAt.getTime() ?? 0;
  }

  const profile = (token: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/ppn/parent/profile',
      headers: { 'client-id': 'bcad', authorization: `Bearer ${token}` },
    });

  it('is 30 minutes unless configured, and the sign-in answer says so', () => {
    expect(SESSION_IDLE_MINUTES).toBe(30);
    expect(readConfig({}).sessionIdleSeconds).toBe(30 * 60);
    expect(() => readConfig({ SESSION_IDLE_SECONDS: '5' })).toThrow(/SESSION_IDLE_SECONDS/);
  });

  it('tells the browser the configured value when a parent signs in', async () => {
    expect((await signInAnswer()).idleSeconds).toBe(idleSeconds);
  });

  it('ends a session unused for the configured time, and not one used within it', async () => {
    const now = Date.now();
    const idle = (await signInAnswer()).token;
    await lastSeen(idle, new Date(now - idleSeconds * 1000 - 1000));
    expect((await profile(idle)).statusCode).toBe(401);

    const used = (await signInAnswer()).token;
    await lastSeen(used, new Date(now - (idleSeconds - 5) * 1000));
    expect((await profile(used)).statusCode).toBe(200);
    // The request restarted the idle clock: a short time-out records each use within seconds.
    expect(await storedLastSeen(used)).toBeGreaterThanOrEqual(now);
  });
});
