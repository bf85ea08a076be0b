import type { TDatabase } from '../db/client.ts';

// Which cached answers are still true (docs/decisions/029-read-cache.md). Every committed change
// names keys on the `portal_cache` channel (migration 0013); the cache bus of each instance
// applies them here. An answer is stamped before it is read from the database and kept while
// none of its keys is named after its stamp: a change that overlaps the reading also drops it.

/** The keys a change names and an answer depends on. */
export const cacheKeys = {
  school: (schoolId: string) => `s:${schoolId}`,
  parent: (schoolId: string, parentId: string) => `p:${schoolId}:${parentId}`,
  child: (schoolId: string, enrollNumber: string) => `c:${schoolId}:${enrollNumber}`,
  sessionsOf: (schoolId: string, parentId: string) => `x:${schoolId}:${parentId}`,
} as const;

/** The school and parent of an `x:` key (their sessions ended), or null for any other key. */
export function parseSessionsKey(key: string): { schoolId: string; parentId: string } | null {
  if (!key.startsWith('x:')) return null;
  const separator = key.indexOf(':', 2);
  if (separator < 0) return null;
  return { schoolId: key.slice(2, separator), parentId: key.slice(separator + 1) };
}

/** The key naming every answer, sent for tables every school shares. */
const EVERY_ANSWER = 'g';
/** Keys remembered at most; past it, every answer is dropped and the count starts again. */
const MAX_KEYS = 200_000;

export type TCacheVersions = {
  /** The stamp to give an answer about to be read; null while changes cannot be heard. */
  stamp: () => number | null;
  /** True when no key was named after the stamp (nor everything dropped). */
  unchangedSince: (keys: readonly string[], stamp: number) => boolean;
  /** Applies a key named by a change. */
  apply: (key: string) => void;
  /** Drops every answer (the bus reconnected and may have missed changes). */
  dropAll: () => void;
  /** Trusts the stamps while at least one bus listens (each call adds or removes one). */
  setListening: (listening: boolean) => void;
  /** Called with every key applied (the session cache drops ended sessions). */
  onApply: (listener: (key: string) => void) => void;
};

function createCacheVersions(): TCacheVersions {
  const namedAt = new Map<string, number>();
  const listeners: ((key: string) => void)[] = [];
  let clock = 0;
  /** Answers stamped before this are dropped. */
  let floor = 0;
  /** The buses listening for this database's changes. */
  let listening = 0;
  const dropAll = () => {
    clock += 1;
    floor = clock;
    namedAt.clear();
  };
  return {
    stamp: () => (listening > 0 ? clock : null),
    unchangedSince: (keys, stamp) => {
      if (listening === 0 || stamp < floor) return false;
      for (const key of keys) if ((namedAt.get(key) ?? 0) > stamp) return false;
      return true;
    },
    apply: (key) => {
      if (key === EVERY_ANSWER) dropAll();
      else {
        if (namedAt.size >= MAX_KEYS) dropAll();
        clock += 1;
        namedAt.set(key, clock);
      }
      for (const listener of listeners) listener(key);
    },
    dropAll,
    setListening: (value) => {
      listening = Math.max(0, listening + (value ? 1 : -1));
      dropAll();
    },
    onApply: (listener) => void listeners.push(listener),
  };
}

const versionsByDatabase = new WeakMap<TDatabase, TCacheVersions>();

/** The versions of the answers read from this database (one per database, as every cache here). */
export function cacheVersions(db: TDatabase): TCacheVersions {
  let versions = versionsByDatabase.get(db);
  if (!versions) {
    versions = createCacheVersions();
    versionsByDatabase.set(db, versions);
  }
  return versions;
}
