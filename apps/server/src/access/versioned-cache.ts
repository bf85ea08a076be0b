import type { TDatabase } from '../db/client.ts';
import { cacheVersions } from './cache-versions.ts';

// A bounded in-process cache whose entries are dropped as soon as a change names one of their
// keys (access/cache-versions.ts), and in any case after `lifetimeMs`: what a change cannot name
// (a scheduled publication coming due) is seen within that time. Docs/decisions/029-read-cache.md.

type TEntry<T> = { value: T; keys: readonly string[]; stamp: number; until: number; bytes: number };

export type TVersionedCache<T> = {
  /** The kept value of this entry, or undefined when there is none still true. */
  find: (entry: string) => T | undefined;
  /** Keeps a value read from the database after `stamp` was taken (a null stamp keeps nothing). */
  keep: (entry: string, value: T, keys: readonly string[], stamp: number | null) => void;
  /** The kept value, or the loaded one (kept when found). */
  get: (entry: string, keys: readonly string[], load: () => Promise<T | null>) => Promise<T | null>;
  /** The stamp to take before reading a value to keep. */
  stamp: () => number | null;
};

export type TVersionedCacheOptions<T> = {
  maxEntries: number;
  lifetimeMs: number;
  /** The bytes an entry holds, and their bound: past it the oldest entries go. */
  maxBytes?: number;
  sizeOf?: (value: T) => number;
};

export function createVersionedCache<T>(
  db: TDatabase,
  options: TVersionedCacheOptions<T>,
): TVersionedCache<T> {
  const versions = cacheVersions(db);
  const entries = new Map<string, TEntry<T>>();
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  let bytes = 0;

  const remove = (entry: string, kept: TEntry<T>) => {
    entries.delete(entry);
    bytes -= kept.bytes;
  };
  const find = (entry: string): T | undefined => {
    const kept = entries.get(entry);
    if (!kept) return undefined;
    if (kept.until > Date.now() && versions.unchangedSince(kept.keys, kept.stamp)) return kept.value;
    remove(entry, kept);
    return undefined;
  };
  const keep = (entry: string, value: T, keys: readonly string[], stamp: number | null) => {
    if (stamp === null || !versions.unchangedSince(keys, stamp)) return;
    const size = options.sizeOf?.(value) ?? 0;
    if (size > maxBytes) return;
    const previous = entries.get(entry);
    if (previous) remove(entry, previous);
    // The oldest entries go first (a Map keeps its insertion order).
    for (const [oldest, kept] of entries) {
      if (entries.size < options.maxEntries && bytes + size <= maxBytes) break;
      remove(oldest, kept);
    }
    entries.set(entry, { value, keys, stamp, until: Date.now() + options.lifetimeMs, bytes: size });
    bytes += size;
  };
  return {
    find,
    keep,
    stamp: versions.stamp,
    get: async (entry, keys, load) => {
      const found = find(entry);
      if (found !== undefined) return found;
      const stamp = versions.stamp();
      const value = await load();
      if (value !== null) keep(entry, value, keys, stamp);
      return value;
    },
  };
}
