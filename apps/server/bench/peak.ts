// The release-day peak: parents arrive at an even pace (open loop: nobody waits for the one
// before), each signs in with a password and opens the dashboard's data (the profile and the
// first child's fees) at once. The number of parents per window is stepped up until the p99
// of the requests passes the limit or a request fails.
import http from 'node:http';
import { DEMO_PASSWORD } from '../test/helper.ts';
import { BENCH_SCHOOL, benchUsername, type TDatabaseKind } from './bench-database.ts';
import { options } from './options.ts';
import type { TReport } from './report.ts';

type TAnswer = { status: number; body: string };

/** One HTTP request on the shared keep-alive agent. */
export function send(
  agent: http.Agent,
  url: URL,
  init: { method: string; headers: Record<string, string>; body?: string },
) {
  return new Promise<TAnswer>((resolve, reject) => {
    const request = http.request(url, { agent, method: init.method, headers: init.headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(init.body);
  });
}

type TStepResult = { parents: number; requests: number; failures: number; p99Ms: number; visitP99Ms: number };

/** The value below which this share of the values lie (0.5: the median). */
export function percentile(values: number[], share: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

/** One visit: sign-in timed from the parent's arrival, then the two reads side by side. */
async function visit(
  agent: http.Agent,
  baseUrl: string,
  username: string,
  arrivedAt: number,
  latencies: number[],
): Promise<boolean> {
  const headers = { 'client-id': BENCH_SCHOOL, 'content-type': 'application/json' };
  const signIn = await send(agent, new URL('/api/v1/ppn/auth/login', baseUrl), {
    method: 'POST',
    headers,
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  latencies.push(performance.now() - arrivedAt);
  if (signIn.status !== 200) return false;
  const { token, profile } = JSON.parse(signIn.body) as {
    token: string;
    profile: { children: { sims_student_enroll_number: string }[] };
  };
  const child = profile.children[0]?.sims_student_enroll_number ?? '';
  const authorized = { 'client-id': BENCH_SCHOOL, authorization: `Bearer ${token}` };
  const readsStarted = performance.now();
  const reads = await Promise.all(
    [
      '/api/v1/ppn/parent/profile',
      `/api/v1/ppn/fees/fee-details?enrollNumber=${encodeURIComponent(child)}`,
    ].map(async (path) => {
      const answer = await send(agent, new URL(path, baseUrl), { method: 'GET', headers: authorized });
      latencies.push(performance.now() - readsStarted);
      return answer.status === 200;
    }),
  );
  return reads.every(Boolean);
}

/** `parents` visits spread evenly over the window, parents numbered from `firstParent`. */
async function runStep(
  baseUrl: string,
  parents: number,
  firstParent: number,
  poolSize: number,
): Promise<TStepResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  const visitTimes: number[] = [];
  const gapMs = (options.peak.windowS * 1000) / parents;
  const started = performance.now();
  const visits: Promise<boolean>[] = [];
  for (let i = 0; i < parents; i++) {
    const arrivesAt = started + i * gapMs;
    const wait = arrivesAt - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const username = benchUsername(((firstParent + i) % poolSize) + 1);
    visits.push(
      visit(agent, baseUrl, username, arrivesAt, latencies)
        .catch(() => false)
        .then((ok) => {
          visitTimes.push(performance.now() - arrivesAt);
          return ok;
        }),
    );
  }
  const outcomes = await Promise.all(visits);
  agent.destroy();
  return {
    parents,
    requests: latencies.length,
    failures: outcomes.filter((ok) => !ok).length,
    p99Ms: percentile(latencies, 0.99),
    visitP99Ms: percentile(visitTimes, 0.99),
  };
}

/**
 * Steps the number of parents per window up from a share of what the sign-in figure says the
 * machine can hash, and reports the largest that held.
 */
export async function measurePeak(
  report: TReport,
  baseUrl: string,
  kind: TDatabaseKind,
  signInsPerSecond: number,
  poolSize: number,
): Promise<void> {
  const { windowS, startShare, stepShare, maxSteps, p99BudgetMs } = options.peak;
  const capacity = signInsPerSecond * windowS;
  const first = Math.max(2, Math.round(capacity * startShare));
  const step = Math.max(1, Math.round(capacity * stepShare));
  const section = `Release-day peak (${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, arrivals over ${windowS} s)`;
  let held: TStepResult | null = null;
  let failed: TStepResult | null = null;
  let nextParent = 0;
  for (let i = 0; i < maxSteps; i++) {
    const result = await runStep(baseUrl, first + i * step, nextParent, poolSize);
    nextParent = (nextParent + result.parents) % poolSize;
    process.stdout.write(
      `  peak step: ${result.parents} parents in ${windowS} s, p99 ${result.p99Ms.toFixed(0)} ms, ${result.failures} failed\n`,
    );
    if (result.failures > 0 || result.p99Ms >= p99BudgetMs) {
      failed = result;
      break;
    }
    held = result;
  }
  const note = failed
    ? `${failed.parents} did not hold: p99 ${failed.p99Ms.toFixed(0)} ms, ${failed.failures} failed visits`
    : `the largest step tried held`;
  report.add({
    id: 'peak.parents',
    section,
    name: `parents held in ${windowS} s (p99 < ${p99BudgetMs} ms)`,
    value: held?.parents ?? 0,
    unit: 'parents',
    note,
  });
  report.add({
    id: 'peak.perMinute',
    section,
    name: 'the same pace per minute',
    value: ((held?.parents ?? 0) * 60) / windowS,
    unit: 'parents/min',
  });
  // When not even the first step held, its figures are what the machine showed: reported as such.
  const shown = held ?? failed;
  const shownNote = held
    ? undefined
    : `at the first step (${shown?.parents ?? 0} parents), which did not hold`;
  report.add({
    id: 'peak.p99',
    section,
    name: 'request p99 at that step',
    value: shown?.p99Ms ?? null,
    unit: 'ms',
    note: shownNote,
  });
  report.add({
    id: 'peak.visitP99',
    section,
    name: 'arrival to dashboard data p99',
    value: shown?.visitP99Ms ?? null,
    unit: 'ms',
    note: shownNote,
  });
}
