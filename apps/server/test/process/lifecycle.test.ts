import { afterAll, describe, expect, it } from 'vitest';
import { createTempDir, DEMO_PASSWORD } from '../helper.ts';
import { startServer } from '../server-process.ts';

const signInOnce = (baseUrl: string) =>
  fetch(`${baseUrl}/api/v1/ppn/auth/login`, {
    method: 'POST',
    headers: { 'client-id': 'mogra', 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'parent@mogra.demo', password: DEMO_PASSWORD }),
  });

describe('the server process', () => {
  const data = createTempDir('portal-lifecycle-');
  afterAll(() => data.remove());

  it('finishes every accepted request when stopped, and keeps accounts and sessions across a restart', async () => {
    const first = await startServer({ DATA_DIR: data.dir });
    expect(first.output()).toContain('parent@mogra.demo');

    // Sign-ins hash with Argon2id, so forty of them are still in flight when SIGTERM arrives.
    const inFlight = Array.from({ length: 40 }, () => signInOnce(first.baseUrl));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const exitCode = first.stop('SIGTERM');
    const responses = await Promise.all(inFlight);
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
    const tokens = await Promise.all(
      responses.map(async (r) => ((await r.json()) as { token: string }).token),
    );
    expect(await exitCode, first.output()).toBe(0);

    const second = await startServer({ DATA_DIR: data.dir });
    try {
      expect(second.output()).not.toContain('demo schools seeded now');
      for (const token of [tokens[0], tokens[39]]) {
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
  });
});
