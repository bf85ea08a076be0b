// `npm run bench`: the performance budgets (README, Performance), measured in one run on this
// machine. Servers run in their own processes, the load generators here. Prints every figure
// beside its budget, lists the missed budgets last, writes the figures as JSON (results.json
// beside this file unless BENCH_RESULTS names another path) and exits 1 when a budget is
// missed. `BENCH_SMOKE=1` runs everything very briefly and always exits 0 when it completes.
import pg from 'pg';
import { createTempDir } from '../test/helper.ts';
import { measureReads, measureSignIn, reportBare } from './api.ts';
import { measureBigImport } from './big-import.ts';
import { BENCH_SCHOOL, createBenchDatabase, type TDatabaseKind } from './bench-database.ts';
import { measureLighthouse } from './lighthouse.ts';
import { measureLoad, type TLoadResult } from './load.ts';
import { BENCH_PARTS, options, type TBenchPart } from './options.ts';
import { measureNoisyNeighbour } from './noisy-neighbour.ts';
import { measurePair } from './pair.ts';
import { measurePeak } from './peak.ts';
import { waitForDrawings } from './drawn-ahead.ts';
import { createReport, formatReport, machine, writeResults, type TReport } from './report.ts';
import { startBare, startPortal } from './servers.ts';
import { buildWeb, heaviestModulePages, measureWebSize } from './web-size.ts';

/** The parts measured in a browser on the main portal, with no load beside them. */
const BROWSER_PARTS = new Set<TBenchPart>(['web', 'lighthouse']);

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresAnswers(): Promise<boolean> {
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

/** The PostgreSQL figures, not measured: each budget counts as missed. */
function reportNoPostgres(report: TReport): void {
  for (const read of ['profile', 'fees', 'attendance', 'timetable', 'home', 'circulars']) {
    report.add({
      id: `read.${read}.postgres.p99`,
      section: `API (${options.connections} connections)`,
      name: `${read} read on PostgreSQL p99`,
      value: null,
      unit: 'ms',
      budget: { text: '< 25 ms', pass: false },
      note: 'no PostgreSQL answered (TEST_DATABASE_URL)',
    });
  }
}

const step = (text: string) => process.stdout.write(`${text}...\n`);

async function main(): Promise<TReport> {
  const report = createReport();
  const hasPostgres = await postgresAnswers();
  const kinds: TDatabaseKind[] = hasPostgres ? ['pglite', 'postgres'] : ['pglite'];
  // Sign-ins, the peak and Lighthouse run on the production database when there is one.
  const mainKind: TDatabaseKind = hasPostgres ? 'postgres' : 'pglite';
  const web = createTempDir('portal-bench-web-');
  let stopBare: (() => Promise<void>) | undefined;
  try {
    step('building the web app');
    buildWeb(web.dir);
    // The web app's figures come from a browser on the main portal: no load to compare with there.
    const measuresLoad = BENCH_PARTS.some((part) => !BROWSER_PARTS.has(part) && options.runs(part));
    // The bare server runs to the end: each read is compared with it measured just before, as
    // a shared machine's speed drifts by a fifth within the minutes the reads take.
    let measureBare: (() => Promise<TLoadResult>) | undefined;
    if (measuresLoad) {
      step('bare Fastify server');
      const bare = await startBare();
      stopBare = bare.stop;
      measureBare = () => measureLoad({ url: bare.url });
      reportBare(report, await measureBare());
    }

    for (const kind of kinds) {
      if (kind !== mainKind && !measuresLoad) continue;
      step(`portal on ${kind}: preparing the database`);
      // The peak's parents only when the peak runs: their cards are drawn by the portal's job.
      const peakParents = kind === mainKind && options.runs('peak') ? options.peak.parents : 0;
      const database = await createBenchDatabase(kind, peakParents);
      const portal = await startPortal(database, { WEB_DIST_DIR: web.dir }).catch(async (error: unknown) => {
        await database.remove();
        throw error;
      });
      try {
        // The portal draws the peak's report cards first; nothing is measured beside it.
        if (kind === mainKind && options.runs('peak')) {
          step(`portal on ${kind}: report cards drawn ahead`);
          await waitForDrawings(report, database);
        }
        if (options.runs('reads') && measureBare) {
          step(`portal on ${kind}: authenticated reads`);
          await measureReads(report, portal, kind, measureBare);
        }
        if (kind === 'postgres' && options.runs('pair')) {
          step(`portal on ${kind}: two instances behind a proxy`);
          await measurePair(report, database, web.dir);
        }
        if (kind === mainKind) {
          if (options.runs('signin') || options.runs('peak')) {
            step(`portal on ${kind}: sign-ins`);
            const signInsPerSecond = await measureSignIn(report, portal, kind);
            if (options.runs('peak')) {
              step(`portal on ${kind}: release-day peak`);
              await measurePeak(report, portal.baseUrl, kind, signInsPerSecond, options.peak.parents);
            }
          }
          const origin = `http://${BENCH_SCHOOL}.localhost:${portal.port}`;
          let heaviestPages: string[] | undefined;
          if (options.runs('web')) {
            step(`portal on ${kind}: first-load JavaScript in the browser`);
            heaviestPages = await measureWebSize(report, web.dir, origin);
          }
          if (options.runs('lighthouse')) {
            step(`portal on ${kind}: Lighthouse`);
            const modulePages = options.auditsHeaviestPages
              ? (heaviestPages ?? (await heaviestModulePages(origin)))
              : [];
            await measureLighthouse(report, portal.port, [...options.lighthousePages, ...modulePages]);
          }
        }
        // The flood leaves photos, checkouts and counters behind; the big school, 8,000 people.
        if (options.runs('noisy')) {
          step(`portal on ${kind}: noisy neighbour`);
          await measureNoisyNeighbour(report, portal, kind);
        }
        if (options.runs('import')) {
          step(`portal on ${kind}: big school import`);
          await measureBigImport(report, portal, kind);
        }
      } finally {
        await portal.stop();
        await database.remove();
      }
    }
    if (!hasPostgres) reportNoPostgres(report);
  } finally {
    await stopBare?.();
    web.remove();
  }
  return report;
}

const report = await main();
const { cores } = machine();
const title = `\nBench of ${new Date().toISOString().slice(0, 10)} on ${cores} cores${options.smoke ? ' (SMOKE: figures are not meaningful)' : ''}; ${options.durationS} s per load after ${options.warmupS} s warm-up`;
process.stdout.write(formatReport(report, title));
writeResults(options.resultsPath, report, {
  smoke: options.smoke,
  settings: {
    connections: options.connections,
    durationS: options.durationS,
    warmupS: options.warmupS,
    peakWindowS: options.peak.windowS,
  },
});
process.stdout.write(`Figures written to ${options.resultsPath}\n`);
process.exitCode = options.smoke || report.failures().length === 0 ? 0 : 1;
