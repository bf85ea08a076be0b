import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { nameStatements, statementNames } from './named-statements.ts';

/** The one Drizzle type every repository takes, whichever driver is behind it. */
export type TDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

export type TDatabaseHandle = {
  db: TDatabase;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations that have not run yet. */
  migrate: () => Promise<void>;
  /**
   * Runs the task while no other instance runs one: migrating and seeding at start, when
   * several instances share one PostgreSQL database and start at once.
   */
  withStartLock: <T>(task: () => Promise<T>) => Promise<T>;
  /** True when the database answers a trivial query. */
  ping: () => Promise<boolean>;
  /**
   * Hears the notices sent on a channel (`pg_notify`) by every connection, this process's and
   * others'; `onLost` is called once if the connection that listens is lost.
   */
  listen: (channel: string, onNotice: (payload: string) => void, onLost: () => void) => Promise<TListening>;
  /** What holds the database's connections (a shutdown that does not end says why). */
  usage: () => { connections: number; inUse: number; waiting: number } | null;
  close: () => Promise<void>;
};

/** A channel being listened to. */
export type TListening = { stop: () => Promise<void> };

export type TDatabaseOptions = {
  /** PostgreSQL connection string; without it, PGlite stores its files in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Called when the PostgreSQL pool reports an error on an idle connection. */
  onPoolError?: (error: Error) => void;
};

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/** The PostgreSQL advisory lock that instances take in turn to migrate and seed at start. */
const START_LOCK_KEY = 7_263_581_946;

/** Opens the database named by the configuration. */
export async function openDatabase(options: TDatabaseOptions): Promise<TDatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.onPoolError)
    : openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<TDatabaseHandle> {
  const dir = pgliteDir(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const release = lockDataDir(dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create(dir);
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as TDatabase;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite({ client }), { migrationsFolder }),
    // The data directory's lock already keeps every other process out.
    withStartLock: (task) => task(),
    ping: () => pingWith(db),
    listen: async (channel, onNotice) => {
      const unlisten = await client.listen(channel, onNotice);
      return { stop: () => unlisten() };
    },
    // One connection, on this thread: nothing to tell.
    usage: () => null,
    close: async () => {
      await client.close();
      release();
    },
  };
}

/** Where PGlite keeps its files inside DATA_DIR. */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

async function openPostgres(
  connectionString: string,
  onPoolError: ((error: Error) => void) | undefined,
): Promise<TDatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 5_000 });
  // A connection lost while idle in the pool must not crash the process: the pool drops it.
  pool.on('error', (error) => onPoolError?.(error));
  // Each connection keeps the statements it runs again parsed and planned (decision 031).
  const nameOf = statementNames();
  pool.on('connect', (client) => {
    // Nor one lost while checked out between two queries (in a transaction): the next query
    // on it fails and the request answers 503.
    client.on('error', () => undefined);
    nameStatements(client, nameOf);
  });
  const db = drizzlePostgres({ client: pool, schema }) as unknown as TDatabase;
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePostgres(drizzlePostgres({ client: pool }), { migrationsFolder }),
    withStartLock: async (task) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [START_LOCK_KEY]);
        return await task();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [START_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    ping: () => pingWith(db),
    listen: (channel, onNotice, onLost) => listenPostgres(connectionString, channel, onNotice, onLost),
    usage: () => ({
      connections: pool.totalCount,
      inUse: pool.totalCount - pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: () => pool.end(),
  };
}

/** Listens on a connection of its own (a pooled one would be handed to queries). */
async function listenPostgres(
  connectionString: string,
  channel: string,
  onNotice: (payload: string) => void,
  onLost: () => void,
): Promise<TListening> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
  let stopped = false;
  let lost = false;
  const lose = () => {
    if (stopped || lost) return;
    lost = true;
    onLost();
  };
  client.on('notification', (message) => {
    if (message.channel === channel) onNotice(message.payload ?? '');
  });
  client.on('error', lose);
  client.on('end', lose);
  try {
    await client.connect();
    await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  } catch (error) {
    stopped = true;
    await client.end().catch(() => undefined);
    throw error;
  }
  return {
    stop: async () => {
      stopped = true;
      await client.end().catch(() => undefined);
    },
  };
}

async function pingWith(db: TDatabase): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
