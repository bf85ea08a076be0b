// Two portal instances behind one address, sharing the PostgreSQL database and Redis (rate
// limits), as a deployment of two (docs/architecture.md, performance budgets). Each read goes
// through the same round-robin proxy (pair-proxy.ts) in front of one instance and then in front
// of both, so the proxy's own cost is in both figures. On one machine the two instances, the
// proxy, PostgreSQL and the load generator share its cores: the pair's figure says what a second
// instance adds there, not what a second machine would.
import { Redis } from 'ioredis';
import { clean, failuresNote, readRoutes } from './api.ts';
import type { TBenchDatabase } from './bench-database.ts';
import { measureLoad, parentHeaders } from './load.ts';
import { options } from './options.ts';
import type { TReport } from './report.ts';
import { startPortal, startProxy } from './servers.ts';

const SECTION = `Two instances (PostgreSQL, Redis, round-robin proxy, ${options.connections} connections)`;
/**
 * The reads measured through the proxy: two of `readRoutes`, to keep the run short. Not the home
 * list: a read of it that is not kept counts against the parent's 60 a minute, and the first
 * second of each run, before an answer is kept, can use those up (429).
 */
const PAIR_READS = new Set(['profile', 'fees']);

/**
 * The Redis database the pair's rate limits go to: one of the bench's own, emptied before each
 * run, so that counters a run left (a parent's reads of the last minute) never refuse the next.
 */
const BENCH_REDIS_DATABASE = 15;

/** The bench's own Redis database on the server of `url`, emptied; null when no Redis answers. */
async function emptyBenchRedis(url: string): Promise<string | null> {
  const benchUrl = new URL(url);
  benchUrl.pathname = `/${BENCH_REDIS_DATABASE}`;
  const client = new Redis(benchUrl.href, {
    lazyConnect: true,
    connectTimeout: 3_000,
    maxRetriesPerRequest: 0,
  });
  try {
    await client.connect();
    await client.flushdb();
    return benchUrl.href;
  } catch {
    return null;
  } finally {
    client.disconnect();
  }
}

/** Measures the reads through the proxy in front of one instance, then of both. */
export async function measurePair(report: TReport, database: TBenchDatabase, webDir: string): Promise<void> {
  const serverUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisUrl = await emptyBenchRedis(serverUrl);
  if (!redisUrl) {
    report.add({
      id: 'pair.rps',
      section: SECTION,
      name: 'two instances',
      value: null,
      unit: 'req/s',
      note: `no Redis answered at ${serverUrl} (TEST_REDIS_URL)`,
    });
    return;
  }
  const env = { WEB_DIST_DIR: webDir, REDIS_URL: redisUrl, TRUST_PROXY: '1' };
  const instances = await Promise.all([startPortal(database, env), startPortal(database, env)]);
  try {
    const { token, enrollNumber } = await instances[0].signIn('mogra', 'parent@mogra.demo');
    const headers = parentHeaders('mogra', token);
    const reads = readRoutes(enrollNumber).filter(([name]) => PAIR_READS.has(name));
    const single: Record<string, number> = {};
    for (const ports of [[instances[0].port], instances.map((instance) => instance.port)]) {
      const proxy = await startProxy(ports);
      try {
        for (const [readName, route] of reads) {
          const result = await measureLoad({ url: `${proxy.baseUrl}${route}`, headers });
          const count = ports.length === 1 ? 'one' : 'two';
          const name = `${readName} read, ${count === 'one' ? 'one instance' : 'two instances'}`;
          report.add({
            id: `pair.${readName}.${count}.rps`,
            section: SECTION,
            name,
            value: result.requestsPerSecond,
            unit: 'req/s',
            note: failuresNote(result),
          });
          report.add({
            id: `pair.${readName}.${count}.p99`,
            section: SECTION,
            name: `${name} p99`,
            value: result.p99Ms,
            unit: 'ms',
          });
          if (count === 'one') single[readName] = clean(result) ? result.requestsPerSecond : 0;
          else if (single[readName]) {
            report.add({
              id: `pair.${readName}.gain`,
              section: SECTION,
              name: `${readName} read, two instances / one`,
              value: (result.requestsPerSecond / single[readName]) * 100,
              unit: '%',
            });
          }
        }
      } finally {
        await proxy.stop();
      }
    }
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()));
  }
}
