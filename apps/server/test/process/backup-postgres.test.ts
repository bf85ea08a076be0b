import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, createTempDir } from '../helper.ts';
import { startServer } from '../server-process.ts';
import { signInOverHttp } from './portal-load.ts';
import { findPostgresBinDir } from './postgres-cluster.ts';
import { readBack, runBackupScript, writeSomething } from './backup-script.ts';

// Runs on the PostgreSQL server of the PostgreSQL suite (TEST_DATABASE_URL); CI requires it.
const mustRun = Boolean(process.env.TEST_DATABASE_URL) || process.env.REQUIRE_POSTGRES === '1';

describe.runIf(mustRun)('backup and restore of a PostgreSQL database (pg_dump, pg_restore)', () => {
  const temp = createTempDir('portal-backup-pg-');
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
    temp.remove();
  });

  it('restores a dump into a new database, where the server finds every write', async () => {
    const original = await createPostgresDatabase();
    drops.push(original.drop);
    const archive = path.join(temp.dir, 'portal.dump');
    // pg_dump from the server programs' folder when there is one, else from PATH.
    const binDir = findPostgresBinDir();
    const tools: Record<string, string> = binDir ? { POSTGRES_BIN_DIR: binDir } : {};

    const first = await startServer({ DATABASE_URL: original.url, DATA_DIR: temp.dir });
    const token = await signInOverHttp(first.baseUrl);
    const written = await writeSomething(first.baseUrl, token);
    // pg_dump takes a consistent snapshot: no need to stop the server.
    const backup = await runBackupScript('backup', archive, { DATABASE_URL: original.url, ...tools });
    expect(await first.stop('SIGTERM')).toBe(0);
    expect(backup.code, backup.output).toBe(0);
    expect(fs.statSync(archive).size).toBeGreaterThan(0);

    const copy = await createPostgresDatabase();
    drops.push(copy.drop);
    const restore = await runBackupScript('restore', archive, { DATABASE_URL: copy.url, ...tools });
    expect(restore.code, restore.output).toBe(0);

    const second = await startServer({ DATABASE_URL: copy.url, DATA_DIR: temp.dir });
    let exitCode: number | null = null;
    try {
      expect(second.output()).not.toContain('demo schools seeded now');
      const seen = await readBack(second.baseUrl, token);
      expect(seen.layout).toBe(written.layout);
      expect(seen.nextDocNo).toBe(written.docNo + 1);
    } finally {
      exitCode = await second.stop('SIGTERM');
    }
    expect(exitCode, second.output()).toBe(0);
  }, 90_000);
});
