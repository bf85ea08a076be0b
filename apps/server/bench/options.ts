// How long and how hard `npm run bench` loads the machine. `BENCH_SMOKE=1` runs every figure
// very briefly, to check the bench itself (its figures then mean nothing).
import path from 'node:path';

const smoke = process.env.BENCH_SMOKE === '1';

export const options = {
  smoke,
  /** Connections kept open by the load generator for the API figures. */
  connections: 50,
  /** Seconds of load before each measured run, and of each measured run. */
  warmupS: smoke ? 0.5 : 3,
  durationS: smoke ? 1 : Number(process.env.BENCH_DURATION_S ?? 10),
  /** The release-day peak: how long the parents take to arrive, and the first and step sizes. */
  peak: {
    windowS: smoke ? 1 : Number(process.env.BENCH_PEAK_WINDOW_S ?? 20),
    /** Parents in the first step, as a share of the sign-ins per second just measured times the window. */
    startShare: smoke ? 0.05 : 0.5,
    stepShare: 0.15,
    maxSteps: smoke ? 1 : 8,
    p99BudgetMs: 1000,
  },
  /** Lighthouse pages (the smoke run audits only the sign-in page). */
  lighthousePages: smoke ? ['/sign-in'] : ['/sign-in', '/dashboard'],
  /** Where the figures are written as JSON. */
  resultsPath: process.env.BENCH_RESULTS ?? path.join(import.meta.dirname, 'results.json'),
} as const;
