import fs from 'node:fs';
import path from 'node:path';

/** Why a data directory could not be locked: another live process has it open. */
export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `${dataDir} is in use by process ${pid}: PGlite allows one process per data directory (stop it first)`,
    );
    this.name = 'DataDirInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Marks a data directory's PGlite files as open by this process (`DATA_DIR/pglite.lock`
 * holds the pid), so a second server, or a backup, cannot open the same files at once. A
 * lock left by a process that no longer runs (killed, crashed) is taken over. Returns the
 * release.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'pglite.lock');
  const mine = `${process.pid}\n`;
  try {
    fs.writeFileSync(lockFile, mine, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number.parseInt(fs.readFileSync(lockFile, 'utf8'), 10);
    // The same pid is this process, or a restarted container's: never a live other process.
    if (Number.isSafeInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
      throw new DataDirInUseError(dataDir, holder);
    }
    fs.writeFileSync(lockFile, mine);
  }
  return () => {
    if (fs.existsSync(lockFile) && fs.readFileSync(lockFile, 'utf8') === mine) fs.rmSync(lockFile);
  };
}
