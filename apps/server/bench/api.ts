// The API figures of the performance budgets (README, Performance): authenticated reads
// beside a bare Fastify server, and password sign-ins beside the raw Argon2id verify rate.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { DEMO_PASSWORD } from '../test/helper.ts';
import type { TDatabaseKind } from './bench-database.ts';
import { measureLoad, parentHeaders, type TLoadRequest, type TLoadResult } from './load.ts';
import { options } from './options.ts';
import type { TReport } from './report.ts';
import type { TPortal } from './servers.ts';

const DATABASE_NAMES: Record<TDatabaseKind, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };
const READ_SHARE_BUDGET = 0.5;
const READ_P99_BUDGET_MS = 25;
const SIGN_IN_SHARE_BUDGET = 0.9;
const SIGN_IN_P99_BUDGET_MS = 500;
const SECTION = `API (${options.connections} connections)`;

/** Every request answered 2xx without a connection error. */
export const clean = (result: TLoadResult) => result.errors === 0 && result.non2xx === 0;
export const failuresNote = (result: TLoadResult) =>
  clean(result) ? undefined : `${result.errors} errors, ${result.non2xx} non-2xx`;

/** The bare server's figures: the yardstick of the reads. */
export function reportBare(report: TReport, bare: TLoadResult): void {
  report.add({
    id: 'bare.rps',
    section: SECTION,
    name: 'bare Fastify hello',
    value: bare.requestsPerSecond,
    unit: 'req/s',
  });
  report.add({
    id: 'bare.p99',
    section: SECTION,
    name: 'bare Fastify hello p99',
    value: bare.p99Ms,
    unit: 'ms',
  });
}

/**
 * The reads every parent makes (docs/architecture.md section 8), by name: the profile, a child's
 * fee details, attendance month and timetable week, the home action list and the circular list.
 */
export function readRoutes(enrollNumber: string): [string, string][] {
  const child = encodeURIComponent(enrollNumber);
  const today = new Date().toISOString().slice(0, 10);
  return [
    ['profile', '/api/v1/ppn/parent/profile'],
    ['fees', `/api/v1/ppn/fees/fee-details?enrollNumber=${child}`],
    ['attendance', `/api/v1/ppn/attendance/month?enrollNumber=${child}&month=${today.slice(0, 7)}`],
    ['timetable', `/api/v1/ppn/timetable/week?enrollNumber=${child}&date=${today}`],
    ['home', '/api/v1/ppn/home/actions'],
    ['circulars', '/api/v1/ppn/circulars'],
  ];
}

/**
 * Each of the reads (`readRoutes`) of the demo parent's first child under load, beside the bare
 * server's rate measured just before it (`measureBare`).
 */
export async function measureReads(
  report: TReport,
  portal: TPortal,
  kind: TDatabaseKind,
  measureBare: () => Promise<TLoadResult>,
): Promise<void> {
  const { token, enrollNumber } = await portal.signIn('mogra', 'parent@mogra.demo');
  const headers = parentHeaders('mogra', token);
  for (const [readName, route] of readRoutes(enrollNumber)) {
    const bare = await measureBare();
    const result = await measureLoad({ url: `${portal.baseUrl}${route}`, headers });
    const id = `read.${readName}.${kind}`;
    const name = `${readName} read on ${DATABASE_NAMES[kind]}`;
    const share = result.requestsPerSecond / bare.requestsPerSecond;
    const note = failuresNote(result);
    report.add({
      id: `${id}.rps`,
      section: SECTION,
      name,
      value: result.requestsPerSecond,
      unit: 'req/s',
      note,
    });
    report.add({ id: `${id}.p50`, section: SECTION, name: `${name} p50`, value: result.p50Ms, unit: 'ms' });
    report.add({
      id: `${id}.p99`,
      section: SECTION,
      name: `${name} p99`,
      value: result.p99Ms,
      unit: 'ms',
      ...(kind === 'postgres'
        ? {
            budget: {
              text: `< ${READ_P99_BUDGET_MS} ms`,
              pass: result.p99Ms < READ_P99_BUDGET_MS && clean(result),
            },
          }
        : {}),
    });
    report.add({
      id: `${id}.share`,
      section: SECTION,
      name: `${name} / bare`,
      value: share * 100,
      unit: '%',
      note: `of ${Math.round(bare.requestsPerSecond)} req/s, the bare server just before`,
      budget: { text: `>= ${READ_SHARE_BUDGET * 100}%`, pass: share >= READ_SHARE_BUDGET && clean(result) },
    });
  }
}

/** The raw Argon2id verify rate, measured in its own process while the portal idles. */
export async function rawVerifyRate(): Promise<number> {
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'hash-rate.ts'), String(options.durationS)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise((resolve) => child.on('exit', resolve));
  const rate = Number(/verifies\/s ([\d.]+)/.exec(output)?.[1]);
  if (!(rate > 0)) throw new Error(`hash-rate.ts printed no rate: ${output}`);
  return rate;
}

/** Password sign-ins of the demo parent under load, beside the raw verify rate; answers sign-ins/s. */
export async function measureSignIn(report: TReport, portal: TPortal, kind: TDatabaseKind): Promise<number> {
  const section = `Sign-in (${options.connections} concurrent, ${DATABASE_NAMES[kind]})`;
  // The raw rate is measured just before and just after the sign-ins and averaged: on a shared
  // machine it drifts by a fifth between runs minutes apart.
  const rateBefore = await rawVerifyRate();
  const request: TLoadRequest = {
    url: `${portal.baseUrl}/api/v1/ppn/auth/login`,
    method: 'POST',
    headers: { 'client-id': 'mogra', 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'parent@mogra.demo', password: DEMO_PASSWORD }),
  };
  const result = await measureLoad(request);
  const rateAfter = await rawVerifyRate();
  const rawRate = (rateBefore + rateAfter) / 2;
  const share = result.requestsPerSecond / rawRate;
  report.add({
    id: 'hash.rate',
    section,
    name: 'raw Argon2id verify rate (m=19 MiB, t=2)',
    value: rawRate,
    unit: 'verifies/s',
    note: `mean of ${rateBefore.toFixed(0)} before the sign-ins and ${rateAfter.toFixed(0)} after`,
  });
  report.add({
    id: 'signin.rps',
    section,
    name: 'password sign-ins',
    value: result.requestsPerSecond,
    unit: 'req/s',
    note: failuresNote(result),
  });
  report.add({ id: 'signin.p50', section, name: 'password sign-in p50', value: result.p50Ms, unit: 'ms' });
  report.add({
    id: 'signin.p99',
    section,
    name: 'password sign-in p99',
    value: result.p99Ms,
    unit: 'ms',
    budget: {
      text: `< ${SIGN_IN_P99_BUDGET_MS} ms`,
      pass: result.p99Ms < SIGN_IN_P99_BUDGET_MS && clean(result),
    },
  });
  report.add({
    id: 'signin.share',
    section,
    name: 'sign-ins / raw verify rate',
    value: share * 100,
    unit: '%',
    budget: {
      text: `>= ${SIGN_IN_SHARE_BUDGET * 100}%`,
      pass: share >= SIGN_IN_SHARE_BUDGET && clean(result),
    },
  });
  return result.requestsPerSecond;
}
