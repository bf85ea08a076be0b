// How long and how hard `npm run bench` loads the machine. `BENCH_SMOKE=1` runs every figure
// very briefly, to check the bench itself (its figures then mean nothing).
import path from 'node:path';

const smoke = process.env.BENCH_SMOKE === '1';

/** The parts of the bench; `BENCH_ONLY=reads,signin` runs only those (all when unset). */
export const BENCH_PARTS = [
  'web',
  'reads',
  'pair',
  'signin',
  'peak',
  'lighthouse',
  'noisy',
  'import',
] as const;
export type TBenchPart = (typeof BENCH_PARTS)[number];
const only = process.env.BENCH_ONLY?.split(',')
  .map((part) => part.trim())
  .filter(Boolean);
for (const part of only ?? []) {
  if (!(BENCH_PARTS as readonly string[]).includes(part)) {
    throw new Error(`BENCH_ONLY names "${part}"; the parts are ${BENCH_PARTS.join(', ')}`);
  }
}

export const options = {
  smoke,
  /** Whether this run measures a part (BENCH_ONLY). */
  runs: (part: TBenchPart) => !only || only.includes(part),
  /** Connections kept open by the load generator for the API figures. */
  connections: 50,
  /** Seconds of load before each measured run, and of each measured run. */
  warmupS: smoke ? 0.5 : 3,
  durationS: smoke ? 1 : Number(process.env.BENCH_DURATION_S ?? 10),
  /** The release-day peak: how long the parents take to arrive, and the first and step sizes. */
  peak: {
    windowS: smoke ? 1 : Number(process.env.BENCH_PEAK_WINDOW_S ?? 20),
    stepShare: 0.15,
    maxSteps: smoke ? 1 : Number(process.env.BENCH_PEAK_MAX_STEPS ?? 8),
    p99BudgetMs: 1000,
    /** Parents seeded for it (each with a child and a published card); a larger step reuses them. */
    parents: smoke ? 20 : Number(process.env.BENCH_PEAK_PARENTS ?? 10_000),
  },
  /** Lighthouse pages (the smoke run audits only the sign-in page). */
  lighthousePages: smoke ? ['/sign-in'] : ['/sign-in', '/dashboard'],
  /** Whether Lighthouse also audits the heaviest module pages (web-size.ts finds them; not in the smoke run). */
  auditsHeaviestPages: !smoke,
  /** Where the figures are written as JSON. */
  resultsPath: process.env.BENCH_RESULTS ?? path.join(import.meta.dirname, 'results.json'),
} as const;
