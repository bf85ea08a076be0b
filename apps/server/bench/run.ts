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

type TRequest = { url: string; headers?: Record<string, string>; method?: 'GET' | 'POST'; body?: string };

async function load(request: TRequest, duration: number): Promise<TResult> {
  const result = await autocannon({ ...request, connections: CONNECTIONS, pipelining: 1, duration });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function measure(request: TRequest): Promise<TResult> {
  await load(request, WARMUP_S);
  return load(request, DURATION_S);
}

/** The raw Argon2id verify rate, measured in its own process while nothing else runs. */
async function rawVerifyRate(): Promise<number> {
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'hash-rate.ts'), String(DURATION_S)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise((resolve) => child.on('exit', resolve));
  return Number(/verifies\/s ([\d.]+)/.exec(output)?.[1] ?? 0);
}

function printRow(name: string, r: TResult): void {
  process.stdout.write(
    `  ${name.padEnd(44)} ${r.requestsPerSecond.toFixed(0).padStart(7)} req/s  p99 ${String(r.p99Ms).padStart(4)} ms  errors ${r.errors}  non-2xx ${r.non2xx}\n`,
  );
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
const databaseName = onPostgres ? 'PostgreSQL' : 'PGlite';
const data = createTempDir('portal-bench-');
const postgres = onPostgres ? await createPostgresDatabase() : null;
const portal = await startServer({
  DATA_DIR: data.dir,
  LOG_LEVEL: 'warn',
  // The sign-in figure measures hashing throughput from one address: no throttling here.
  AUTH_RATE_LIMIT_PER_IP: '100000000',
  AUTH_RATE_LIMIT_PER_ACCOUNT: '100000000',
  ...(postgres ? { DATABASE_URL: postgres.url } : {}),
});
const bare = await startBare();
const verdicts: boolean[] = [];
const verdict = (text: string, ok: boolean) => {
  verdicts.push(ok);
  process.stdout.write(`budget: ${text} ${ok ? 'ok' : 'MISSED'}\n`);
};
try {
  const loginRequest: TRequest = {
    url: `${portal.baseUrl}/api/v1/ppn/auth/login`,
    method: 'POST',
    headers: { 'client-id': 'mogra', 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'parent@mogra.demo', password: DEMO_PASSWORD }),
  };
  const { token } = (await (await fetch(loginRequest.url, loginRequest)).json()) as { token: string };

  const bareResult = await measure({ url: bare.url });
  const profile = await measure({
    url: `${portal.baseUrl}/api/v1/ppn/parent/profile`,
    headers: { 'client-id': 'mogra', authorization: `Bearer ${token}` },
  });
  bare.stop();
  const rawRate = await rawVerifyRate();
  const login = await measure(loginRequest);

  process.stdout.write(
    `\n${CONNECTIONS} connections, ${DURATION_S} s after ${WARMUP_S} s warm-up, on ${databaseName}\n`,
  );
  printRow('bare Fastify hello', bareResult);
  printRow('authenticated profile read', profile);
  printRow('password sign-in (Argon2id m=19 MiB, t=2)', login);
  process.stdout.write(
    `  ${'raw Argon2id verify rate'.padEnd(44)} ${rawRate.toFixed(0).padStart(7)} verifies/s\n\n`,
  );

  const readRatio = profile.requestsPerSecond / bareResult.requestsPerSecond;
  verdict(`authenticated read >= 50% of bare: ${(readRatio * 100).toFixed(0)}%`, readRatio >= 0.5);
  if (onPostgres)
    verdict(`authenticated read p99 < 25 ms on PostgreSQL: ${profile.p99Ms} ms`, profile.p99Ms < 25);
  else process.stdout.write('budget: p99 on PostgreSQL not measured: no PostgreSQL answered\n');
  const loginRatio = login.requestsPerSecond / rawRate;
  verdict(`sign-ins >= 80% of the raw verify rate: ${(loginRatio * 100).toFixed(0)}%`, loginRatio >= 0.8);
  verdict(`sign-in p99 < 500 ms at ${CONNECTIONS} concurrent: ${login.p99Ms} ms`, login.p99Ms < 500);
  verdict(
    'no errors and no non-2xx answers',
    [profile, login].every((r) => r.errors === 0 && r.non2xx === 0),
  );
  process.exitCode = verdicts.every(Boolean) ? 0 : 1;
} finally {
  bare.stop();
  await portal.stop();
  await postgres?.drop();
  data.remove();
}
