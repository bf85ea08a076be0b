import type { TDatabase } from '../../db/client.ts';
import { createTtlCache, type TTtlCache } from '../../ttl-cache.ts';
import { findCurrentYear, listParentApplications } from './repository.ts';

export type TSchoolWide = {
  year: Awaited<ReturnType<typeof findCurrentYear>>;
  granted: Awaited<ReturnType<typeof listParentApplications>>;
};

// What is the same for every parent of a school (the current year, the granted applications)
// is kept for 30 seconds, per database, so a profile or an access check costs only the
// parent's own queries. A school's change of grants is seen within 30 seconds.
const schoolWideCaches = new WeakMap<TDatabase, TTtlCache<TSchoolWide>>();

/** The current year and the applications a school grants to parents, cached for 30 s. */
export function schoolWide(db: TDatabase, schoolId: string): Promise<TSchoolWide | null> {
  let cache = schoolWideCaches.get(db);
  if (!cache) {
    cache = createTtlCache<TSchoolWide>({ ttlMs: 30_000, maxEntries: 1_000 });
    schoolWideCaches.set(db, cache);
  }
  return cache.get(schoolId, async () => {
    const [year, granted] = await Promise.all([
      findCurrentYear(db, schoolId),
      listParentApplications(db, schoolId),
    ]);
    return { year, granted };
  });
}
