import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A PostgreSQL cluster of a test's own, on a free port of 127.0.0.1, with trust sign-in. */
export type TPostgresCluster = {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`. */
  adminUrl: string;
  port: number;
  /** The URL of another database on this cluster. */
  urlOf: (database: string) => string;
  start: () => Promise<void>;
  /** `immediate` is a crash: no checkpoint, connections cut. */
  stop: (mode?: 'fast' | 'immediate') => Promise<void>;
  /** Stops the cluster if it runs and deletes its files. */
  remove: () => Promise<void>;
};

/**
 * The folder of PostgreSQL's server programs: POSTGRES_BIN_DIR, or the newest of Debian's
 * /usr/lib/postgresql/<version>/bin. Undefined when none has initdb.
 */
export function findPostgresBinDir(): string | undefined {
  const candidates = process.env.POSTGRES_BIN_DIR ? [process.env.POSTGRES_BIN_DIR] : listDebianBinDirs();
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'initdb')));
}

function listDebianBinDirs(): string[] {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root)
    .filter((version) => /^\d+$/.test(version))
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => path.join(root, version, 'bin'));
}

/** The folder of the PostgreSQL programs, or an error that says how to get them. */
export function requirePostgresBinDir(): string {
  const binDir = findPostgresBinDir();
  if (!binDir) {
    throw new Error(
      'PostgreSQL server programs (initdb, pg_ctl) were not found in /usr/lib/postgresql/<version>/bin; ' +
        'install Debian\'s "postgresql" package or set POSTGRES_BIN_DIR ' +
        '(REQUIRE_POSTGRES=1 makes their absence a failure rather than a skip).',
    );
  }
  return binDir;
}

/** A port on 127.0.0.1 that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

// PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user.
function asClusterOwner(program: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
}

async function runProgram(binDir: string, program: string, args: string[]): Promise<void> {
  const [command, commandArgs] = asClusterOwner(path.join(binDir, program), args);
  try {
    await run(command, commandArgs, { timeout: 60_000 });
  } catch (error) {
    const failure = error as { stderr?: string; stdout?: string; message: string };
    throw new Error(
      `${program} ${args.join(' ')} failed: ${failure.stderr || failure.stdout || failure.message}`,
    );
  }
}

function ownerIds(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  const fields = line?.split(':');
  if (!fields?.[2] || !fields[3])
    throw new Error('running as root needs a "postgres" user to own the cluster');
  return { uid: Number(fields[2]), gid: Number(fields[3]) };
}

/** Creates and starts a private cluster in a temporary folder. */
export async function createPostgresCluster(): Promise<TPostgresCluster> {
  const binDir = requirePostgresBinDir();
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pg-'));
  const owner = ownerIds();
  if (owner) fs.chownSync(home, owner.uid, owner.gid);
  const dataDir = path.join(home, 'data');
  const port = await freePort();
  let running = false;

  await runProgram(binDir, 'initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '-N']);
  const serverOptions = `-p ${port} -k ${home} -c listen_addresses=127.0.0.1`;
  const cluster: TPostgresCluster = {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    urlOf: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start: async () => {
      await runProgram(binDir, 'pg_ctl', [
        '-D',
        dataDir,
        '-l',
        path.join(home, 'server.log'),
        '-w',
        '-o',
        serverOptions,
        'start',
      ]);
      running = true;
    },
    stop: async (mode = 'fast') => {
      await runProgram(binDir, 'pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
      running = false;
    },
    remove: async () => {
      if (running) await cluster.stop('immediate').catch(() => undefined);
      fs.rmSync(home, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
