// `npm test`: lint, typecheck, build, then every suite (web, API on PGlite and PostgreSQL,
// end to end in Chromium). Prepares what it can and says plainly what did not run.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import pg from 'pg';

const CHROMIUM = '/usr/bin/chromium';
const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  process.stdout.write(`\n== ${title}\n`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    process.stderr.write(`\nnpm test: ${title} failed\n`);
    process.exit(result.status ?? 1);
  }
}

function ensureChromium(): void {
  if (fs.existsSync(CHROMIUM)) return;
  const installCommand = 'apt-get update && apt-get install -y chromium';
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !fs.existsSync('/usr/bin/apt-get')) {
    process.stderr.write(
      `npm test: Chromium is missing for the end-to-end tests. Install it with:\n  sudo sh -c '${installCommand}'\n`,
    );
    process.exit(1);
  }
  run('installing Chromium from Debian', 'sh', ['-c', installCommand], {
    ...process.env,
    DEBIAN_FRONTEND: 'noninteractive',
  });
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The PostgreSQL server for the PostgreSQL suite, or undefined when none answers. */
async function findPostgres(): Promise<string | undefined> {
  const url = process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES_URL;
  if (await reachable(url)) return url;
  const message = `no PostgreSQL answers at ${url.replace(/\/\/[^@]*@/, '//')}`;
  if (process.env.REQUIRE_POSTGRES === '1') {
    process.stderr.write(`npm test: ${message}, and REQUIRE_POSTGRES=1 makes that a failure.\n`);
    process.exit(1);
  }
  return undefined;
}

/** True when a Redis server answers PING at the URL's host and port. */
function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(3_000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/** The Redis server for the shared rate-limit test, or undefined when none answers. */
async function findRedis(): Promise<string | undefined> {
  const url = process.env.TEST_REDIS_URL || DEFAULT_REDIS_URL;
  if (await redisAnswers(url)) return url;
  if (process.env.REQUIRE_REDIS === '1') {
    process.stderr.write(`npm test: no Redis answers at ${url}, and REQUIRE_REDIS=1 makes that a failure.\n`);
    process.exit(1);
  }
  return undefined;
}

/**
 * Runs Vitest once per group of projects, the groups at the same time; each line of output
 * is prefixed with its group's name. Answers the first failure's exit code (0: every group passed).
 */
async function runSuitesAtOnce(
  groups: { name: string; projects: string[]; files?: string[] }[],
  env: NodeJS.ProcessEnv,
) {
  process.stdout.write(`\n== tests (${groups.map((group) => group.name).join(' beside ')})\n`);
  const statuses = await Promise.all(
    groups.map(
      (group) =>
        new Promise<number>((resolve) => {
          const args = [
            'vitest',
            'run',
            ...group.projects.flatMap((project) => ['--project', project]),
            ...(group.files ?? []),
          ];
          const child = spawn('npx', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
          const forward = (from: NodeJS.ReadableStream, to: NodeJS.WriteStream) => {
            let rest = '';
            const write = (text: string) => {
              const lines = (rest + text).split('\n');
              rest = lines.pop() ?? '';
              for (const line of lines) to.write(`[${group.name}] ${line}\n`);
            };
            from.on('data', (chunk: Buffer) => write(chunk.toString()));
            return () => (rest ? write('\n') : undefined);
          };
          const flushes = [forward(child.stdout, process.stdout), forward(child.stderr, process.stderr)];
          child.on('close', (code) => {
            for (const flush of flushes) flush();
            process.stdout.write(`\n== tests (${group.name}) ended: exit ${code}\n`);
            resolve(code ?? 1);
          });
        }),
    ),
  );
  return statuses.find((status) => status !== 0) ?? 0;
}

ensureChromium();
const postgresUrl = await findPostgres();
const redisUrl = await findRedis();
run('lint', 'npm', ['run', 'lint']);
run('typecheck', 'npm', ['run', 'typecheck']);
run('build the web app', 'npm', ['run', 'build']);
const env: NodeJS.ProcessEnv = { ...process.env, TEST_DATABASE_URL: postgresUrl, TEST_REDIS_URL: redisUrl };
if (!postgresUrl) delete env.TEST_DATABASE_URL;
if (!redisUrl) delete env.TEST_REDIS_URL;
// The browser suites, every other file in each of two halves (so none is ever left out).
const browserSuites = fs
  .readdirSync('apps/server/test/e2e')
  .filter((name) => name.endsWith('.test.ts'))
  .sort()
  .map((name) => `test/e2e/${name}`);
const browserHalf = (half: 0 | 1) => browserSuites.filter((_name, index) => index % 2 === half);
// First the API and web suites, which keep both cores busy by themselves; then the browser
// suites, two processes beside each other: they wait on Chromium and their servers much of the
// time, and each page is allowed the time of a busy machine, not of one that runs every suite
// at once (decision 022).
// The browser suites run even when the others failed, so one run reports every failure.
const apiAndWeb = await runSuitesAtOnce(
  [
    {
      name: 'api+web',
      projects: ['web', 'contracts', 'api:pglite', ...(postgresUrl ? ['api:postgres'] : [])],
    },
  ],
  env,
);
const browser = await runSuitesAtOnce(
  [
    { name: 'e2e-1', projects: ['e2e'], files: browserHalf(0) },
    { name: 'e2e-2', projects: ['e2e'], files: browserHalf(1) },
  ],
  env,
);
if (apiAndWeb !== 0 || browser !== 0) {
  process.stderr.write('\nnpm test: tests failed\n');
  process.exit(apiAndWeb || browser);
}

const notRun: string[] = [];
if (!postgresUrl) {
  notRun.push(
    'the PostgreSQL suite DID NOT RUN: no PostgreSQL answered.\n' +
      `  Set TEST_DATABASE_URL (default ${DEFAULT_POSTGRES_URL}), or REQUIRE_POSTGRES=1 to make this a failure.`,
  );
}
if (!redisUrl) {
  notRun.push(
    'the shared (Redis) rate-limit test DID NOT RUN: no Redis answered.\n' +
      `  Set TEST_REDIS_URL (default ${DEFAULT_REDIS_URL}), or REQUIRE_REDIS=1 to make this a failure.`,
  );
}
process.stdout.write(
  notRun.length === 0
    ? '\nnpm test: every suite passed, the API suite on PGlite and on PostgreSQL, rate limits through Redis.\n'
    : `\nnpm test: passed, but ${notRun.join('\nAnd ')}\n`,
);
