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
 * Runs the commands at the same time, each line of their output prefixed with its name.
 * Answers the first failure's exit code (0: every command passed).
 */
async function runAtOnce(
  title: string,
  commands: { name: string; command: string; args: string[] }[],
  env: NodeJS.ProcessEnv,
): Promise<number> {
  process.stdout.write(`\n== ${title} (${commands.map((command) => command.name).join(' beside ')})\n`);
  const statuses = await Promise.all(
    commands.map(
      ({ name, command, args }) =>
        new Promise<number>((resolve) => {
          const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
          const forward = (from: NodeJS.ReadableStream, to: NodeJS.WriteStream) => {
            let rest = '';
            const write = (text: string) => {
              const lines = (rest + text).split('\n');
              rest = lines.pop() ?? '';
              for (const line of lines) to.write(`[${name}] ${line}\n`);
            };
            from.on('data', (chunk: Buffer) => write(chunk.toString()));
            return () => (rest ? write('\n') : undefined);
          };
          const flushes = [forward(child.stdout, process.stdout), forward(child.stderr, process.stderr)];
          child.on('close', (code) => {
            for (const flush of flushes) flush();
            process.stdout.write(`\n== ${title} (${name}) ended: exit ${code}\n`);
            resolve(code ?? 1);
          });
        }),
    ),
  );
  return statuses.find((status) => status !== 0) ?? 0;
}

/**
 * Runs Vitest on the projects, its lines prefixed with `name` (`runAtOnce`); the run ends with
 * its slowest files (scripts/slowest-files.ts).
 */
function runVitest(name: string, projects: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const args = ['vitest', 'run', '--reporter=default', '--reporter=./scripts/slowest-files.ts'];
  return runAtOnce(
    'tests',
    [{ name, command: 'npx', args: [...args, ...projects.flatMap((project) => ['--project', project])] }],
    env,
  );
}

ensureChromium();
const postgresUrl = await findPostgres();
const redisUrl = await findRedis();
// Lint, typecheck and the web build read the sources and write nothing the others read:
// side by side they share the two cores instead of taking turns (docs/decisions/027-ci-time.md).
const checks = await runAtOnce(
  'checks',
  [
    { name: 'lint', command: 'npm', args: ['run', 'lint'] },
    { name: 'typecheck', command: 'npm', args: ['run', 'typecheck'] },
    { name: 'build', command: 'npm', args: ['run', 'build'] },
  ],
  process.env,
);
if (checks !== 0) {
  process.stderr.write('\nnpm test: lint, typecheck or the web build failed\n');
  process.exit(checks);
}
const env: NodeJS.ProcessEnv = { ...process.env, TEST_DATABASE_URL: postgresUrl, TEST_REDIS_URL: redisUrl };
if (!postgresUrl) delete env.TEST_DATABASE_URL;
if (!redisUrl) delete env.TEST_REDIS_URL;
// First the API and web suites, which keep the cores busy by themselves; then the browser
// suites, two files at a time (vitest.config.ts): they wait on Chromium and their servers much
// of the time, and each page is allowed the time of a busy machine, not of one that runs every
// suite at once (decision 022).
// The browser suites run even when the others failed, so one run reports every failure.
const apiAndWeb = await runVitest(
  'api+web',
  ['web', 'contracts', 'api:pglite', ...(postgresUrl ? ['api:postgres'] : [])],
  env,
);
const browser = await runVitest('e2e', ['e2e'], env);
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
