// `npm run bench`: the API budget of architecture.md section 8, measured in one run beside a
// bare Fastify server on the same machine. Servers run in their own processes; the load
// generator (autocannon, 50 connections, no pipelining) runs here.
import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createPostgresDatabase, createTempDir, DEMO_PASSWORD } from '../test/helper.ts';
import { startServer } from '../test/server-process.ts';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = 3;

type TResult = { requestsPerSecond: number; p99Ms: number; errors: number; non2xx: number };

async function load(url: string, headers: Record<string, string>, duration: number): Promise<TResult> {
  const result = await autocannon({ url, connections: CONNECTIONS, pipelining: 1, duration, headers });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function measure(url: string, headers: Record<string, string> = {}): Promise<TResult> {
  await load(url, headers, WARMUP_S);
  return load(url, headers, DURATION_S);
}

async function startBare(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'bare-server.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /listening on (\d+)/.exec(chunk.toString());
      if (match?.[1]) resolve(Number(match[1]));
    });
  });
  return { url: `http://127.0.0.1:${port}/hello`, stop: () => child.kill('SIGTERM') };
}

async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: process.env.TEST_DATABASE_URL,
    connectionTimeoutMillis: 3_000,
  });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const onPostgres = await postgresAvailable();
const data = createTempDir('portal-bench-');
const postgres = onPostgres ? await createPostgresDatabase() : null;
const portal = await startServer({
  DATA_DIR: data.dir,
  LOG_LEVEL: 'warn',
  ...(postgres ? { DATABASE_URL: postgres.url } : {}),
});
const bare = await startBare();
try {
  const login = await fetch(`${portal.baseUrl}/api/v1/ppn/auth/login`, {
    method: 'POST',
    headers: { 'client-id': 'mogra', 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'parent@mogra.demo', password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };

  const bareResult = await measure(bare.url);
  const profile = await measure(`${portal.baseUrl}/api/v1/ppn/parent/profile`, {
    'client-id': 'mogra',
    authorization: `Bearer ${token}`,
  });

  const ratio = profile.requestsPerSecond / bareResult.requestsPerSecond;
  const rows = [
    ['bare Fastify hello', bareResult],
    [`authenticated profile read (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, profile],
  ] as const;
  process.stdout.write(`\n${CONNECTIONS} connections, ${DURATION_S} s after ${WARMUP_S} s warm-up\n`);
  for (const [name, r] of rows) {
    process.stdout.write(
      `  ${name.padEnd(44)} ${r.requestsPerSecond.toFixed(0).padStart(7)} req/s  p99 ${String(r.p99Ms).padStart(4)} ms  errors ${r.errors}  non-2xx ${r.non2xx}\n`,
    );
  }
  const ratioOk = ratio >= 0.5;
  const p99Ok = !onPostgres || profile.p99Ms < 25;
  const clean = profile.errors === 0 && profile.non2xx === 0;
  process.stdout.write(
    `\nbudget: authenticated read >= 50% of bare: ${(ratio * 100).toFixed(0)}% ${ratioOk ? 'ok' : 'MISSED'}\n` +
      (onPostgres
        ? `budget: p99 < 25 ms on PostgreSQL: ${profile.p99Ms} ms ${p99Ok ? 'ok' : 'MISSED'}\n`
        : 'budget: p99 on PostgreSQL not measured: no PostgreSQL answered\n'),
  );
  process.exitCode = ratioOk && p99Ok && clean ? 0 : 1;
} finally {
  bare.stop();
  await portal.stop();
  await postgres?.drop();
  data.remove();
}
