import type { TDatabase } from './client.ts';

/**
 * One value per database handle, made on first use: a prepared query (hot reads are prepared
 * once, and PostgreSQL keeps their plan per connection) or a cache (tests open many databases
 * in one process).
 */
export function perDatabase<T>(make: (db: TDatabase) => T): (db: TDatabase) => T {
  const byDatabase = new WeakMap<TDatabase, T>();
  return (db) => {
    let value = byDatabase.get(db);
    if (value === undefined) {
      value = make(db);
      byDatabase.set(db, value);
    }
    return value;
  };
}
