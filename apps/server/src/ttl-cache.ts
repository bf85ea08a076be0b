/** A small in-process cache whose entries live `ttlMs`; found values only (null is not kept). */
export type TTtlCache<T> = { get: (key: string, load: () => Promise<T | null>) => Promise<T | null> };

export function createTtlCache<T>(options: { ttlMs: number; maxEntries: number }): TTtlCache<T> {
  const entries = new Map<string, { value: T; expiresAt: number }>();
  return {
    async get(key, load) {
      const cached = entries.get(key);
      if (cached && cached.expiresAt > Date.now()) return cached.value;
      const value = await load();
      if (value !== null) {
        if (entries.size >= options.maxEntries) entries.clear();
        entries.set(key, { value, expiresAt: Date.now() + options.ttlMs });
      }
      return value;
    },
  };
}
