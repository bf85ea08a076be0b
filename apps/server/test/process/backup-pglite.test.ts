import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTempDir } from '../helper.ts';
import { startServer } from '../server-process.ts';
import { signInOverHttp } from './portal-load.ts';
import { readBack, runBackupScript, writeSomething } from './backup-script.ts';

// Two servers start on PGlite, each migrating and seeding its own files: 77 s alone on a
// 2-core machine, more beside another file.
describe('backup and restore of the embedded database (PGlite)', { timeout: 180_000 }, () => {
  const temp = createTempDir('portal-backup-pglite-');
  afterAll(() => temp.remove());

  it('restores a backup into a new DATA_DIR, where the server finds every write', async () => {
    const original = path.join(temp.dir, 'original');
    const restored = path.join(temp.dir, 'restored');
    const archive = path.join(temp.dir, 'backups', 'portal.tar.gz');

    const first = await startServer({ DATA_DIR: original });
    const token = await signInOverHttp(first.baseUrl);
    const written = await writeSomething(first.baseUrl, token);
    // While the server has the files open, a backup is refused.
    const refused = await runBackupScript('backup', archive, { DATA_DIR: original });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/in use by process \d+/);
    // So is a second server on the same data directory.
    await expect(startServer({ DATA_DIR: original })).rejects.toThrow(/exited \(1\)[\s\S]*in use by process/);
    expect(await first.stop('SIGTERM')).toBe(0);

    const backup = await runBackupScript('backup', archive, { DATA_DIR: original });
    expect(backup.code, backup.output).toBe(0);
    expect(fs.statSync(archive).size).toBeGreaterThan(0);
    const restore = await runBackupScript('restore', archive, { DATA_DIR: restored });
    expect(restore.code, restore.output).toBe(0);
    // Never over a database that has data.
    const again = await runBackupScript('restore', archive, { DATA_DIR: restored });
    expect(again.code).toBe(1);
    expect(again.output).toContain('is not empty');

    const second = await startServer({ DATA_DIR: restored });
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
  });
});
