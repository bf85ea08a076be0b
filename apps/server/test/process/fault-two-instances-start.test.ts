import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, createTempDir } from '../helper.ts';
import { startServer, type TServerProcess } from '../server-process.ts';
import { signInOverHttp } from './portal-load.ts';

// Runs on the PostgreSQL server of the PostgreSQL suite (TEST_DATABASE_URL); CI requires it.
const mustRun = Boolean(process.env.TEST_DATABASE_URL) || process.env.REQUIRE_POSTGRES === '1';

describe.runIf(mustRun)('two instances on one empty PostgreSQL database', () => {
  const data = createTempDir('portal-two-instances-');
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await drop?.();
    data.remove();
  });

  it('start at the same moment (one migrates and seeds, then the other), and share sessions', async () => {
    const database = await createPostgresDatabase();
    drop = database.drop;
    const env = { DATABASE_URL: database.url, DATA_DIR: data.dir };
    const started = await Promise.allSettled([startServer(env), startServer(env)]);
    const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    try {
      expect(
        started.map((result) => (result.status === 'rejected' ? String(result.reason) : 'started')),
      ).toEqual(['started', 'started']);
      const [first, second] = servers as [TServerProcess, TServerProcess];
      expect(
        [first.output(), second.output()].filter((out) => out.includes('demo schools seeded now')),
      ).toHaveLength(1);

      // Stateless instances: a session opened on one is good on the other.
      const token = await signInOverHttp(first.baseUrl);
      const profile = await fetch(`${second.baseUrl}/api/v1/ppn/parent/profile`, {
        headers: { 'client-id': 'mogra', authorization: `Bearer ${token}` },
      });
      expect(profile.status).toBe(200);
    } finally {
      for (const server of servers) await server.stop('SIGTERM');
    }
  }, 90_000);
});
