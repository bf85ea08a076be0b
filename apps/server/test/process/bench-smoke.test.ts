import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTempDir } from '../helper.ts';

type TResults = {
  smoke: boolean;
  machine: { cores: number };
  figures: { id: string; name: string; value: number | null; budget?: { pass: boolean } }[];
  failures: string[];
};

const serverDir = path.resolve(import.meta.dirname, '../..');

/** Runs `npm run bench` in its smoke mode; answers its exit code and output. */
function runSmokeBench(resultsPath: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['bench/run.ts'], {
    cwd: serverDir,
    env: { ...process.env, BENCH_SMOKE: '1', BENCH_RESULTS: resultsPath },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

const readFigures = (kind: string) =>
  ['profile', 'fees', 'attendance', 'timetable', 'home', 'circulars'].flatMap((read) =>
    ['rps', 'p50', 'p99', 'share'].map((figure) => `read.${read}.${kind}.${figure}`),
  );

/** The neighbour's read alone and during each flood, and what each flood sent. */
const noisyFigures = (kind: string) => [
  `noisy.${kind}.alone.p50`,
  `noisy.${kind}.alone.p99`,
  ...['paced', 'unpaced'].flatMap((flood) => [
    ...['p50', 'p99', 'ratio'].map((figure) => `noisy.${kind}.${flood}.${figure}`),
    ...['pdf', 'photo', 'payment'].map((flooded) => `noisy.${kind}.${flood}.${flooded}.sent`),
  ]),
];

/** Two reads through the proxy in front of one instance and of two, and what the second adds. */
const pairFigures = ['profile', 'fees'].flatMap((read) =>
  ['one.rps', 'one.p99', 'two.rps', 'two.p99', 'gain'].map((figure) => `pair.${read}.${figure}`),
);

describe('npm run bench (smoke mode)', () => {
  const temp = createTempDir('portal-bench-smoke-');
  afterAll(() => temp.remove());

  // Every part runs, the web build and a Lighthouse audit included: about four minutes alone on
  // two cores, five beside the other suites (each read beside its own bare run added 20 s).
  it('measures every figure, prints each beside its budget and writes them as JSON', async () => {
    const resultsPath = path.join(temp.dir, 'results.json');
    const { code, output } = await runSmokeBench(resultsPath);
    expect(code, output).toBe(0);

    const results = JSON.parse(fs.readFileSync(resultsPath, 'utf8')) as TResults;
    expect(results.smoke).toBe(true);
    expect(results.machine.cores).toBeGreaterThan(0);
    const byId = new Map(results.figures.map((figure) => [figure.id, figure]));
    const measured = [
      'bare.rps',
      'bare.p99',
      ...readFigures('pglite'),
      ...noisyFigures('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [...readFigures('postgres'), ...noisyFigures('postgres')] : []),
      ...(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL ? pairFigures : []),
      'hash.rate',
      'signin.rps',
      'signin.p50',
      'signin.p99',
      'signin.share',
      'peak.parents',
      'peak.perMinute',
      'peak.p99',
      'peak.visitP99',
      'web.sign-in.js',
      'web.dashboard.js',
      'web.heaviest1.js',
      'web.heaviest2.js',
      'web.lazyRoutes',
      'lighthouse.sign-in.performance',
      'lighthouse.sign-in.accessibility',
    ];
    for (const id of measured) {
      expect(byId.get(id)?.value, `figure ${id}`).toEqual(expect.any(Number));
    }
    const budgeted = [
      'read.profile.pglite.share',
      'noisy.pglite.paced.ratio',
      'signin.p99',
      'signin.share',
      'web.sign-in.js',
    ];
    for (const id of budgeted) expect(byId.get(id)?.budget, `budget of ${id}`).toBeDefined();
    expect(results.failures).toEqual(
      results.figures.filter((f) => f.budget && !f.budget.pass).map((f) => f.id),
    );

    // The table: each budgeted figure with its verdict, then the missed budgets last.
    expect(output).toMatch(/\/sign-in JS .+ <= 150 KB +(PASS|FAIL)/);
    expect(output).toMatch(/password sign-in p99 .+ < 500 ms +(PASS|FAIL)/);
    expect(output).toMatch(/\/sign-in accessibility .+ = 100 +(PASS|FAIL)/);
    const tail = output.slice(output.lastIndexOf('\nLighthouse (mobile)'));
    expect(tail).toMatch(/Budgets missed \(\d+\):|Every budget is met\./);
    for (const id of results.failures) {
      const name = results.figures.find((figure) => figure.id === id)?.name ?? id;
      expect(tail).toContain(`FAIL ${name}:`);
    }
  }, 480_000);
});
