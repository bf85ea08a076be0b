// The release-day peak (docs/architecture.md, section 8): parents arrive at an even pace (open loop:
// nobody waits for the one before), each signs in with a password, opens home (the action list
// and the children's glance at once), the first child's fees, and the child's report cards and
// the newest card's PDF. The first step is the budget's pace (10,000 parents in 5 minutes) over
// the window; steps go up from it while they hold (p99 of the requests under the limit, no
// failure) and down from it when it does not, so the largest number that held is reported.
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { DEMO_PASSWORD } from '../test/helper.ts';
import { BENCH_SCHOOL, benchUsername, type TDatabaseKind } from './bench-database.ts';
import { parentHeaders } from './load.ts';
import { options } from './options.ts';
import type { TReport } from './report.ts';

type TAnswer = { status: number; body: string };

/** A body as the browser reads it: decompressed as its content-encoding says. */
function decoded(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

/** One HTTP request on the shared keep-alive agent. */
export function send(
  agent: http.Agent,
  url: URL,
  init: { method: string; headers: Record<string, string>; body?: string },
) {
  return new Promise<TAnswer>((resolve, reject) => {
    const request = http.request(url, { agent, method: init.method, headers: init.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = decoded(Buffer.concat(chunks), response.headers['content-encoding']);
        resolve({ status: response.statusCode ?? 0, body });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(init.body);
  });
}

type TStepResult = {
  parents: number;
  requests: number;
  failures: number;
  /** What failed, e.g. `pdf 429 x3`, most frequent first. */
  failedPages: string;
  p99Ms: number;
  visitP99Ms: number;
};

/** The value below which this share of the values lie (0.5: the median). */
export function percentile(values: number[], share: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

/** The budget: this many parents over this many seconds. */
const BUDGET_PARENTS = 10_000;
const BUDGET_WINDOW_S = 300;

type TChildPage = { sims_student_enroll_number: string };
type TReportCardList = { items: { id: string }[] };

/**
 * One visit: the sign-in timed from the parent's arrival, then the pages one after another,
 * each request timed from its own start. Answers null when every answer was a success, else
 * the first that was not (the page and its status).
 */
async function visit(
  agent: http.Agent,
  baseUrl: string,
  username: string,
  arrivedAt: number,
  latencies: number[],
): Promise<string | null> {
  const signIn = await send(agent, new URL('/api/v1/ppn/auth/login', baseUrl), {
    method: 'POST',
    headers: { 'client-id': BENCH_SCHOOL, 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  latencies.push(performance.now() - arrivedAt);
  if (signIn.status !== 200) return `sign-in ${signIn.status}`;
  const { token, profile } = JSON.parse(signIn.body) as {
    token: string;
    profile: { children: TChildPage[] };
  };
  const child = encodeURIComponent(profile.children[0]?.sims_student_enroll_number ?? '');
  const headers = parentHeaders(BENCH_SCHOOL, token);
  const get = async (page: string, path: string) => {
    const started = performance.now();
    const answer = await send(agent, new URL(`/api/v1/ppn${path}`, baseUrl), { method: 'GET', headers });
    latencies.push(performance.now() - started);
    return { page, ...answer };
  };
  const home = await Promise.all([
    get('home actions', '/home/actions'),
    get('home glance', '/home/children'),
  ]);
  const fees = await get('fees', `/fees/fee-details?enrollNumber=${child}`);
  const cards = await get('report cards', `/report-cards?enrollNumber=${child}`);
  const refused = [...home, fees, cards].find((answer) => answer.status !== 200);
  if (refused) return `${refused.page} ${refused.status}`;
  const [card] = (JSON.parse(cards.body) as TReportCardList).items;
  // Every bench child has a published card (bench-database.ts).
  if (!card) return 'report cards: none';
  const pdf = await get('pdf', `/report-cards/${encodeURIComponent(card.id)}/pdf?lng=en`);
  return pdf.status === 200 ? null : `pdf ${pdf.status}`;
}

/** Failures by kind, most frequent first: `pdf 429 x3, home actions 500 x1`. */
function countFailures(failures: string[]): string {
  const counts = new Map<string, number>();
  for (const failure of failures) counts.set(failure, (counts.get(failure) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([failure, count]) => `${failure} x${count}`)
    .join(', ');
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
  const visits: Promise<string | null>[] = [];
  for (let i = 0; i < parents; i++) {
    const arrivesAt = started + i * gapMs;
    const wait = arrivesAt - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const username = benchUsername(((firstParent + i) % poolSize) + 1);
    visits.push(
      visit(agent, baseUrl, username, arrivesAt, latencies)
        .catch((error: unknown) => (error instanceof Error ? error.message : String(error)))
        .then((failure) => {
          visitTimes.push(performance.now() - arrivesAt);
          return failure;
        }),
    );
  }
  const failures = (await Promise.all(visits)).filter((failure) => failure !== null);
  agent.destroy();
  return {
    parents,
    requests: latencies.length,
    failures: failures.length,
    failedPages: countFailures(failures),
    p99Ms: percentile(latencies, 0.99),
    visitP99Ms: percentile(visitTimes, 0.99),
  };
}

/**
 * Steps the number of parents per window from the budget's pace, by a share of the distance to
 * what the sign-in figure says the machine can hash at most: up while a step holds, down while
 * the budget's does not. Reports the largest that held.
 */
export async function measurePeak(
  report: TReport,
  baseUrl: string,
  kind: TDatabaseKind,
  signInsPerSecond: number,
  poolSize: number,
): Promise<void> {
  const { windowS, stepShare, maxSteps, p99BudgetMs } = options.peak;
  const first = Math.max(2, Math.round((BUDGET_PARENTS * windowS) / BUDGET_WINDOW_S));
  const step = Math.max(1, Math.round(Math.max(signInsPerSecond * windowS - first, first) * stepShare));
  const section = `Release-day peak (${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, arrivals over ${windowS} s)`;
  let held: TStepResult | null = null;
  let failed: TStepResult | null = null;
  let nextParent = 0;
  let parents = first;
  for (let i = 0; i < maxSteps && parents > 0; i++) {
    const result = await runStep(baseUrl, parents, nextParent, poolSize);
    nextParent = (nextParent + result.parents) % poolSize;
    const holds = result.failures === 0 && result.p99Ms < p99BudgetMs;
    process.stdout.write(
      `  peak step: ${result.parents} parents in ${windowS} s, p99 ${result.p99Ms.toFixed(0)} ms, ${result.failures} failed${result.failures ? ` (${result.failedPages})` : ''}\n`,
    );
    if (holds) held = result;
    else failed = result;
    // Up after a step that held, until one fails; down after a failure, until one holds.
    if (holds && failed) break;
    if (!holds && held) break;
    parents += holds ? step : -step;
  }
  const budgetParents = first;
  const note = failed
    ? `${failed.parents} did not hold: p99 ${failed.p99Ms.toFixed(0)} ms, ${failed.failures} failed visits${failed.failures ? `: ${failed.failedPages}` : ''}`
    : `the largest step tried held`;
  report.add({
    id: 'peak.parents',
    section,
    name: `parents held in ${windowS} s (p99 < ${p99BudgetMs} ms)`,
    value: held?.parents ?? 0,
    unit: 'parents',
    budget: {
      text: `>= ${budgetParents} (${BUDGET_PARENTS} in ${BUDGET_WINDOW_S} s)`,
      pass: (held?.parents ?? 0) >= budgetParents,
    },
    note,
  });
  report.add({
    id: 'peak.perMinute',
    section,
    name: 'the same pace per minute',
    value: ((held?.parents ?? 0) * 60) / windowS,
    unit: 'parents/min',
  });
  // When no step held, the budget step's figures are what the machine showed: reported as such.
  const shown = held ?? failed;
  const shownNote = held ? undefined : `at ${shown?.parents ?? 0} parents, which did not hold`;
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
    name: 'arrival to report card PDF p99',
    value: shown?.visitP99Ms ?? null,
    unit: 'ms',
    note: shownNote,
  });
}
