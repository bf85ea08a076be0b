import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, postAuth, type TTestApp } from './helper.ts';

// Runs when a Redis server is given (npm test finds the machine's one, CI requires it).
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('rate limits shared through Redis by two instances', () => {
  let first: TTestApp;
  let second: TTestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl ?? '', AUTH_RATE_LIMIT_PER_ACCOUNT: '3' };
    first = await buildTestApp({ env });
    second = await buildTestApp({ env });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('counts attempts on one account across both instances', async () => {
    // A username of its own, so earlier runs' counters in Redis cannot interfere.
    const username = `limit-${randomBytes(6).toString('hex')}@mogra.demo`;
    const attempt = (t: TTestApp) => postAuth(t.app, 'mogra', 'login', { username, password: 'wrong' });
    expect((await attempt(first)).statusCode).toBe(401);
    expect((await attempt(second)).statusCode).toBe(401);
    expect((await attempt(first)).statusCode).toBe(401);
    const limited = await attempt(second);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().messageId).toBe('L006');
  });
});
