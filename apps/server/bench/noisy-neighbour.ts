// The noisy neighbour (README, Performance): another school's read, alone and then
// while one parent floods PDFs, photo uploads and payment creations (noisy-flood.ts, in its
// own process). The per-parent limits stay as configured: how many of the flood's requests
// were refused with 429 is the protection at work.
//
// Two floods: one at a stated rate (the budget's), and one as fast as one client on this
// machine can send. The second measures this machine more than the portal: its load
// generator takes a core of the two the server and PostgreSQL share (README, Performance).
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { TDatabaseKind } from './bench-database.ts';
import type { TFloodResult, TFloodSettings } from './noisy-flood.ts';
import { parentHeaders } from './load.ts';
import { options } from './options.ts';
import { READ_CONNECTIONS, readUntil, type TReads } from './neighbour-reads.ts';
import type { TReport } from './report.ts';
import type { TPortal } from './servers.ts';

const FLOOD_CONNECTIONS: TFloodSettings['connections'] = options.smoke
  ? { pdf: 2, photo: 1, payment: 2 }
  : { pdf: 8, photo: 4, payment: 8 };
const P50_BUDGET_RATIO = 2;
/** The paced flood: requests a second of each kind (PDF, photo, payment), all from one parent. */
const PACED_RATE_PER_KIND = options.smoke ? 30 : 300;

/** Reads `url` for `seconds`. */
function readFor(url: URL, headers: Record<string, string>, seconds: number): Promise<TReads> {
  const end = performance.now() + seconds * 1000;
  return readUntil(url, headers, () => performance.now() >= end);
}

/** Reads the neighbour's profile, after a warm-up. */
async function measureReadsOnce(url: URL, headers: Record<string, string>): Promise<TReads> {
  await readFor(url, headers, options.warmupS);
  return readFor(url, headers, options.durationS);
}

/** Starts noisy-flood.ts; resolves `started` once its floods run and `done` with their counts. */
function startFlood(settings: TFloodSettings) {
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'noisy-flood.ts'), JSON.stringify(settings)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const done = new Promise<TFloodResult>((resolve, reject) =>
    child.on('exit', (code) => {
      const last = output.trim().split('\n').at(-1) ?? '';
      try {
        resolve(JSON.parse(last) as TFloodResult);
      } catch {
        reject(new Error(`noisy-flood.ts exited (${code}) without its counts: ${output}`));
      }
    }),
  );
  const started = new Promise<void>((resolve) => {
    child.stdout.on('data', () => output.includes('flooding\n') && resolve());
    void done.catch(() => resolve());
  });
  return { started, done };
}

/** The parent's succeeded payments' receipts, in English and Arabic. */
async function receiptPaths(portal: TPortal, schoolId: string, token: string, enrollNumber: string) {
  const response = await fetch(
    `${portal.baseUrl}/api/v1/ppn/fees/paid-details?enrollNumber=${encodeURIComponent(enrollNumber)}`,
    { headers: { 'client-id': schoolId, authorization: `Bearer ${token}` } },
  );
  if (!response.ok) throw new Error(`paid details of ${enrollNumber}: ${response.status}`);
  const body = (await response.json()) as { payments: { id: string; status: string }[] };
  const ids = body.payments.filter((payment) => payment.status === 'succeeded').map((payment) => payment.id);
  if (ids.length === 0) throw new Error(`${enrollNumber} has no receipt to flood`);
  return ids.flatMap((id) => ['en', 'ar'].map((lng) => `/api/v1/ppn/payments/${id}/receipt?lng=${lng}`));
}

const NAMES: Record<TDatabaseKind, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

type TFlood = { id: string; label: string; ratePerKind?: number };

const FLOODS: TFlood[] = [
  {
    id: 'paced',
    label: `${PACED_RATE_PER_KIND} requests/s of each kind`,
    ratePerKind: PACED_RATE_PER_KIND,
  },
  { id: 'unpaced', label: 'as fast as one client here sends' },
];

export async function measureNoisyNeighbour(report: TReport, portal: TPortal, kind: TDatabaseKind) {
  const neighbour = await portal.signIn('bcad', 'parent@bcad.demo');
  const noisy = await portal.signIn('mogra', 'parent@mogra.demo');
  const url = new URL('/api/v1/ppn/parent/profile', portal.baseUrl);
  const headers = parentHeaders('bcad', neighbour.token);
  const pdfPaths = await receiptPaths(portal, 'mogra', noisy.token, noisy.enrollNumber);

  const section = `Noisy neighbour (${NAMES[kind]}; bcad profile over ${READ_CONNECTIONS} connections; one mogra parent floods)`;
  const id = `noisy.${kind}`;
  const failuresNote = (reads: TReads) => (reads.failures ? `${reads.failures} failed` : undefined);
  const alone = await measureReadsOnce(url, headers);
  report.add({
    id: `${id}.alone.p50`,
    section,
    name: 'read p50 alone',
    value: alone.p50Ms,
    unit: 'ms',
    note: failuresNote(alone),
  });
  report.add({ id: `${id}.alone.p99`, section, name: 'read p99 alone', value: alone.p99Ms, unit: 'ms' });

  for (const flood of FLOODS) {
    const running = startFlood({
      baseUrl: portal.baseUrl,
      schoolId: 'mogra',
      token: noisy.token,
      enrollNumber: noisy.enrollNumber,
      pdfPaths,
      seconds: options.warmupS * 2 + options.durationS + 1,
      ...(flood.ratePerKind ? { ratePerKind: flood.ratePerKind } : {}),
      connections: FLOOD_CONNECTIONS,
    });
    await running.started;
    const during = await measureReadsOnce(url, headers);
    const floods = await running.done;
    const floodId = `${id}.${flood.id}`;
    report.add({
      id: `${floodId}.p50`,
      section,
      name: `read p50, flood ${flood.label}`,
      value: during.p50Ms,
      unit: 'ms',
      note: failuresNote(during),
    });
    report.add({
      id: `${floodId}.p99`,
      section,
      name: `read p99, flood ${flood.label}`,
      value: during.p99Ms,
      unit: 'ms',
    });
    const ratio = during.p50Ms / alone.p50Ms;
    const passes = ratio < P50_BUDGET_RATIO && alone.failures + during.failures === 0;
    report.add({
      id: `${floodId}.ratio`,
      section,
      name: `read p50 with / without that flood`,
      value: ratio,
      unit: 'x',
      // The budget is the paced flood's; the other shows what this machine's two cores allow.
      ...(flood.ratePerKind ? { budget: { text: `< ${P50_BUDGET_RATIO}x`, pass: passes } } : {}),
    });
    for (const [flooded, counts] of Object.entries(floods)) {
      const sent = Object.values(counts).reduce((sum, count) => sum + count, 0);
      const statuses = Object.entries(counts)
        .map(([status, count]) => `${count} ${status}`)
        .join(', ');
      report.add({
        id: `${floodId}.${flooded}.sent`,
        section,
        name: `  ${flooded}: requests sent (${FLOOD_CONNECTIONS[flooded as keyof TFloodResult]} at once)`,
        value: sent,
        unit: 'requests',
        note: statuses,
      });
    }
  }
}
