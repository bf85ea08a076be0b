// Backs up or restores the portal's database, whichever the configuration names:
//   npm run db:backup -- <file>    PostgreSQL (DATABASE_URL): pg_dump's custom format;
//                                  PGlite (DATA_DIR): a .tar.gz of its data directory
//   npm run db:restore -- <file>   into an empty PostgreSQL database, or an empty DATA_DIR
// A PGlite data directory is backed up and restored with the server stopped (it refuses
// while a server has it open). pg_dump and pg_restore come from PATH, or POSTGRES_BIN_DIR.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { readConfig } from '../src/config.ts';
import { pgliteDir } from '../src/db/client.ts';
import { lockDataDir } from '../src/db/data-dir-lock.ts';

/** A problem the operator can fix, told in one line. */
class BackupError extends Error {}

function postgresProgram(name: string): string {
  const binDir = process.env.POSTGRES_BIN_DIR;
  return binDir ? path.join(binDir, name) : name;
}

function runPostgresProgram(name: string, args: string[]): void {
  const result = spawnSync(postgresProgram(name), args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.error) throw new BackupError(`${name} could not run: ${result.error.message}`);
  if (result.status !== 0) throw new BackupError(`${name} failed (exit code ${result.status})`);
}

async function backupPglite(dataDir: string, file: string): Promise<void> {
  const dir = pgliteDir(dataDir);
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw new BackupError(`no PGlite database in ${dir}`);
  const release = lockDataDir(dataDir);
  try {
    const database = await PGlite.create(dir);
    const archive = await database.dumpDataDir('gzip');
    await database.close();
    fs.writeFileSync(file, Buffer.from(await archive.arrayBuffer()));
  } finally {
    release();
  }
}

async function restorePglite(dataDir: string, file: string): Promise<void> {
  const dir = pgliteDir(dataDir);
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
    throw new BackupError(`${dir} is not empty: restore into a new DATA_DIR, or move the old one aside`);
  }
  const release = lockDataDir(dataDir);
  try {
    const database = await PGlite.create({ dataDir: dir, loadDataDir: new Blob([fs.readFileSync(file)]) });
    await database.query('select 1');
    await database.close();
  } finally {
    release();
  }
}

async function main(): Promise<void> {
  const [action, fileArgument] = process.argv.slice(2);
  if ((action !== 'backup' && action !== 'restore') || !fileArgument) {
    throw new BackupError('usage: backup.ts backup|restore <file>');
  }
  const config = readConfig();
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), fileArgument);
  const url = config.databaseUrl;

  if (action === 'backup') {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    if (url) {
      runPostgresProgram('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${file}`,
        url,
      ]);
    } else {
      await backupPglite(config.dataDir, file);
    }
    process.stdout.write(`backup written to ${file}\n`);
    return;
  }

  if (!fs.existsSync(file)) throw new BackupError(`no backup at ${file}`);
  if (url) {
    runPostgresProgram('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${url}`,
      file,
    ]);
  } else {
    await restorePglite(config.dataDir, file);
  }
  process.stdout.write(
    `restored ${file} into ${url ? 'the DATABASE_URL database' : pgliteDir(config.dataDir)}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`backup: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
