import { afterAll, describe, expect, it } from 'vitest';
import { createTempDir, DEMO_PASSWORD } from '../helper.ts';
import { SIGN_IN_UNTHROTTLED, startServer } from '../server-process.ts';

const signInOnce = (baseUrl: string) =>
  fetch(`${baseUrl}/api/v1/ppn/auth/login`, {
    method: 'POST',
    headers: { 'client-id': 'mogra', 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'parent@mogra.demo', password: DEMO_PASSWORD }),
  });

const logLines = (log: string, ...parts: string[]) =>
  log.split('\n').filter((line) => parts.every((part) => line.includes(part))).length;
const countReceivedSignIns = (log: string) =>
  logLines(log, '"msg":"incoming request"', '"url":"/api/v1/ppn/auth/login"');
/** Requests the server finished after it logged that it was shutting down: its own order of events. */
const countCompletedAfterStop = (log: string) => {
  const stop = log.indexOf('shutting down: finishing requests in flight');
  return stop < 0 ? 0 : logLines(log.slice(stop), '"msg":"request completed"');
};

async function waitUntil(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const SIGN_INS = 80;

describe('the server process', () => {
  const data = createTempDir('portal-lifecycle-');
  afterAll(() => data.remove());

  it('finishes every accepted request when stopped, and keeps accounts and sessions across a restart', async () => {
    // Request logs (info) tell when the server has received each request.
    const first = await startServer({ DATA_DIR: data.dir, LOG_LEVEL: 'info', ...SIGN_IN_UNTHROTTLED });
    expect(first.output()).toContain('parent@mogra.demo');

    // Sign-ins hash with Argon2id (about a second for eighty on two cores), so most are still
    // in flight when SIGTERM arrives.
    const inFlight = Array.from({ length: SIGN_INS }, () => signInOnce(first.baseUrl));
    await waitUntil(() => countReceivedSignIns(first.output()) === SIGN_INS);
    const exitCode = first.stop('SIGTERM');
    const responses = await Promise.all(inFlight);
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
    const tokens = await Promise.all(
      responses.map(async (r) => ((await r.json()) as { token: string }).token),
    );
    expect(await exitCode, first.output()).toBe(0);
    expect(countCompletedAfterStop(first.output())).toBeGreaterThan(0); // the stop overlapped requests

    const second = await startServer({ DATA_DIR: data.dir, ...SIGN_IN_UNTHROTTLED });
    try {
      expect(second.output()).not.toContain('demo schools seeded now');
      for (const token of [tokens[0], tokens[SIGN_INS - 1]]) {
        const profile = await fetch(`${second.baseUrl}/api/v1/ppn/parent/profile`, {
          headers: { 'client-id': 'mogra', authorization: `Bearer ${token}` },
        });
        expect(profile.status).toBe(200);
        expect(((await profile.json()) as { children: unknown[] }).children).toHaveLength(3);
      }
      expect((await signInOnce(second.baseUrl)).status).toBe(200);
    } finally {
      expect(await second.stop('SIGINT')).toBe(0);
    }
  }, 90_000); // two server starts (seed, then migrations checked), as in the other process suites
});
