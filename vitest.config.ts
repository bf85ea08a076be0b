import { defineConfig } from 'vitest/config';
import { maxWorkers } from './vitest.workers.ts';

// One run for every suite. The PostgreSQL project joins when TEST_DATABASE_URL is set
// (scripts/test.ts sets it when a server answers on 127.0.0.1:5432).
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

const api = (kind: 'pglite' | 'postgres') => ({
  extends: './apps/server/vitest.config.ts',
  test: {
    name: `api:${kind}`,
    root: './apps/server',
    include: ['test/**/*.test.ts'],
    // Two instances share one database only on a server: the kept answers across instances are
    // PostgreSQL's alone.
    exclude:
      kind === 'postgres'
        ? ['test/e2e/**', 'test/process/**']
        : ['test/e2e/**', 'test/read-cache-instances.test.ts', 'test/named-statements.test.ts'],
    env: { TEST_DB_KIND: kind },
    maxWorkers,
    // After the web pages' tests: a page test beside an API file that starts servers lost
    // races it wins alone (docs/decisions/027-ci-time.md).
    sequence: { groupOrder: 1 },
    // One seeded database per run that each test app copies (decision 022).
    globalSetup: ['./test/seeded-template.ts'],
    // Each file builds its own app on its own database, so the files can share one module
    // graph: the server's modules are imported once per run, not once per file (decision 009).
    isolate: false,
  },
});

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      './apps/web/vitest.config.ts',
      {
        test: { name: 'contracts', root: './packages/contracts', include: ['test/**/*.test.ts'], maxWorkers },
      },
      api('pglite'),
      ...(withPostgres ? [api('postgres')] : []),
      {
        extends: './apps/server/vitest.config.ts',
        test: {
          name: 'e2e',
          root: './apps/server',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['./test/seeded-template.ts'],
          // Two browser suites at a time, each with its own server and Chromium: they wait on
          // those much of the time, and more overload two cores (decision 022). Vitest hands
          // the next file to whichever finishes first, so the two stay busy to the end
          // (docs/decisions/027-ci-time.md). After the other projects in a run of all of them.
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
          // A browser test signs in and opens pages in Chromium beside another such process on
          // two cores: about 25 s alone for the longest, so 30 s is no margin (decision 022).
          testTimeout: 90_000,
          // A page's state polled beside the other browser process may take seconds, not the
          // default second (test/e2e/browser.ts, STEP_TIME_MS).
          expect: { poll: { timeout: 30_000 } },
        },
      },
    ],
  },
});
