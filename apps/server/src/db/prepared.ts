import type { TDatabase } from './client.ts';

/**
 * A prepared query per database handle, built on first use. Hot reads (the session check,
 * the profile) are prepared once: the SQL is not rebuilt per request and PostgreSQL keeps
 * its plan per connection.
 */
export function preparedPerDatabase<T>(build: (db: TDatabase) => T): (db: TDatabase) => T {
  const byDatabase = new WeakMap<TDatabase, T>();
  return (db) => {
    let query = byDatabase.get(db);
    if (query === undefined) {
      query = build(db);
      byDatabase.set(db, query);
    }
    return query;
  };
}
