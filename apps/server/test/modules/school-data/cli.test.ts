import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipBundle } from '../../../src/modules/school-data/bundle-zip.ts';
import { csvText, manifestText } from '../../../src/modules/school-data/csv-text.ts';
import { createPostgresDatabase, createTempDir, TEST_DB_KIND } from '../../helper.ts';
import { startServer, type TServerProcess } from '../../server-process.ts';

// `npm run import` and `npm run api-key` as a school's IT person runs them (docs/school-data.md),
// against a real portal process on the suite's database.

const serverDir = path.resolve(import.meta.dirname, '../../..');
const exampleDir = path.resolve(serverDir, '../../docs/school-data/example');

type TRun = { code: number | null; out: string; err: string };

/** Runs one of the server's scripts with these arguments and environment. */
function runScript(script: string, args: string[], env: Record<string, string> = {}): Promise<TRun> {
  const child = spawn(process.execPath, [path.join(serverDir, 'scripts', script), ...args], {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out, err })));
}

describe('the import and api-key commands', () => {
  const data = createTempDir('portal-cli-');
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | null = null;
  let env: Record<string, string>;
  let server: TServerProcess | null = null;
  const importWith = (key: string, ...args: string[]) =>
    runScript('import.ts', ['--school', 'mogra', '--url', server?.baseUrl ?? '', '--key', key, ...args]);

  beforeAll(async () => {
    postgres = TEST_DB_KIND === 'postgres' ? await createPostgresDatabase() : null;
    env = { DATA_DIR: data.dir, ...(postgres ? { DATABASE_URL: postgres.url } : {}) };
    server = await startServer(env);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await postgres?.drop();
    data.remove();
  });

  it('applies the example bundle of docs/school-data.md and exits 0, then finds nothing to change', async () => {
    const first = await importWith('demo-sync-mogra', exampleDir);
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(first.out).toContain('Applied (OneRoster 1.2).');
    expect(first.out).toMatch(/users\.csv\s+3\s+0\s+0\s+0/);
    expect(first.out).toMatch(/results\.csv\s+1\s+0\s+0\s+0/);
    const again = await importWith('demo-sync-mogra', exampleDir);
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/users\.csv\s+0\s+0\s+0\s+3/);
  });

  it('prints each problem of a refused bundle by file, row and column, and exits 1', async () => {
    const folder = path.join(data.dir, 'bad-bundle');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'manifest.csv'), manifestText('1.2', { users: 'delta' }));
    fs.writeFileSync(
      path.join(folder, 'users.csv'),
      csvText(
        ['sourcedId', 'givenName', 'familyName', 'email'],
        [{ sourcedId: 'u-1', familyName: 'Nameless', email: 'nope' }],
      ),
    );
    const run = await importWith('demo-sync-mogra', folder);
    expect(run.code).toBe(1);
    expect(run.out).toContain('Refused: 2 problem(s); nothing was applied.');
    expect(run.out).toMatch(/users\.csv\s+2\s+givenName\s+required, but empty/);
    expect(run.out).toMatch(/users\.csv\s+2\s+email\s+"nope" is not an email address/);
  });

  it('checks a zip in a dry run, and exits 1 with a wrong key', async () => {
    const zip = path.join(data.dir, 'bundle.zip');
    const files = new Map(
      fs.readdirSync(exampleDir).map((name) => [name, fs.readFileSync(path.join(exampleDir, name))]),
    );
    fs.writeFileSync(zip, zipBundle(files));
    const dryRun = await importWith('demo-sync-mogra', '--dry-run', zip);
    expect(dryRun.code).toBe(0);
    expect(dryRun.out).toContain('Valid (dry run, OneRoster 1.2): nothing was applied.');
    const wrongKey = await importWith('demo-sync-bcad', zip);
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.err).toContain('401 K001');
  });

  it('makes, lists and revokes keys; a new key imports, a revoked one no longer does', async () => {
    if (!postgres) {
      // PGlite: one process at a time, so the command refuses while the portal runs.
      const refused = await runScript('api-key.ts', ['--school', 'mogra', '--list'], env);
      expect(refused.code).toBe(1);
      expect(refused.err).toContain('the portal is running');
      await server?.stop();
    }
    const made = await runScript(
      'api-key.ts',
      ['--school', 'mogra', '--scope', 'sis', '--label', 'Nightly sync'],
      env,
    );
    expect(made.code).toBe(0);
    const key = /^\s+(pk_\S+)$/m.exec(made.out)?.[1] ?? '';
    const keyId = /^Key (\S+) of mogra/m.exec(made.out)?.[1] ?? '';
    expect(key).toMatch(/^pk_/);
    const listed = await runScript('api-key.ts', ['--school', 'mogra', '--list'], env);
    expect(listed.out).toMatch(new RegExp(`${keyId}\\s+sis\\s+live.*Nightly sync`));
    expect(listed.out).not.toContain(key);
    if (!postgres) server = await startServer(env);
    expect((await importWith(key, '--dry-run', exampleDir)).code).toBe(0);
    if (!postgres) await server?.stop();
    const revoked = await runScript('api-key.ts', ['--school', 'mogra', '--revoke', keyId], env);
    expect(revoked.code).toBe(0);
    expect((await runScript('api-key.ts', ['--school', 'mogra', '--revoke', keyId], env)).code).toBe(1);
    if (!postgres) server = await startServer(env);
    const afterRevoke = await importWith(key, '--dry-run', exampleDir);
    expect(afterRevoke.code).toBe(1);
    expect(afterRevoke.err).toContain('401 K001');
  }, 120_000);
});
