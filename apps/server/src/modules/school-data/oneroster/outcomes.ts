import { fileCounts } from '../../../kits/bundle-apply.ts';
import type { TFileCounts } from '../../../kits/bundle-file.ts';

// What each row of a file did, for its counts, when several steps act on the same rows (a
// user row adds a parent, then a child link of theirs).

export type TRowOutcomes = ReturnType<typeof rowOutcomes>;

export function rowOutcomes() {
  const added = new Set<number>();
  const changed = new Set<number>();
  const removed = new Set<number>();
  let removedMissing = 0;
  return {
    added: (row: number) => added.add(row),
    /** A row that changed something (counted once, and not when it also added its row). */
    changed: (row: number) => changed.add(row),
    removed: (row: number) => removed.add(row),
    removedMissing: (count: number) => (removedMissing += count),
    counts(rows: number): TFileCounts {
      const changedOnly = [...changed].filter((row) => !added.has(row) && !removed.has(row));
      return fileCounts({
        rows,
        added: added.size,
        changed: changedOnly.length,
        removedByRows: removed.size,
        removedMissing,
      });
    },
  };
}
