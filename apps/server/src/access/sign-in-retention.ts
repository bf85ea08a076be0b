import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TDatabase } from '../db/client.ts';
import { oneTimeCodes, sessions, signIns } from '../db/schema/index.ts';

// How long the records of signing in are kept (docs/decisions/040-sign-in-retention.md).

const DAY_MS = 24 * 60 * 60 * 1000;
/** A session is deleted a week after its absolute end (it has ended by then, one way or another). */
export const ENDED_SESSION_KEPT_MS = 7 * DAY_MS;
/** A sign-in (when, how, browser and address) stays in the parent's history this long. */
export const SIGN_IN_KEPT_MS = 180 * DAY_MS;
/** A one-time code is deleted a day after it expired, used or not. */
export const EXPIRED_CODE_KEPT_MS = DAY_MS;
/** How often the job runs on each instance (the deletes are the same from any of them). */
export const SIGN_IN_RETENTION_EVERY_MS = 60 * 60 * 1000;
/** Rows deleted per statement: a backlog is worked off in short statements, not one long one. */
export const PRUNE_BATCH_ROWS = 5_000;

/**
 * Deletes the rows of `table` whose `time` is before `before`, a batch at a time (each row
 * named by `key`, unique in the table) until a batch comes back short; answers how many.
 */
async function deleteBefore(
  db: TDatabase,
  table: PgTable,
  key: PgColumn,
  time: PgColumn,
  before: Date,
): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = (await db.execute(sql`
      delete from ${table} where ${key} in (
        select ${key} from ${table} where ${time} < ${before.toISOString()}::timestamptz limit ${PRUNE_BATCH_ROWS}
      )
      returning 1`)) as unknown as { rows: unknown[] };
    total += deleted.rows.length;
    if (deleted.rows.length < PRUNE_BATCH_ROWS) return total;
  }
}

export type TPrunedSignInRecords = { sessions: number; signIns: number; codes: number };

/** Deletes the sessions, sign-ins and one-time codes past their time, in every school. */
export async function pruneSignInRecords(
  db: TDatabase,
  now: Date = new Date(),
): Promise<TPrunedSignInRecords> {
  const before = (keptMs: number) => new Date(now.getTime() - keptMs);
  return {
    sessions: await deleteBefore(
      db,
      sessions,
      sessions.tokenHash,
      sessions.expiresAt,
      before(ENDED_SESSION_KEPT_MS),
    ),
    signIns: await deleteBefore(db, signIns, signIns.signInId, signIns.at, before(SIGN_IN_KEPT_MS)),
    codes: await deleteBefore(
      db,
      oneTimeCodes,
      oneTimeCodes.codeId,
      oneTimeCodes.expiresAt,
      before(EXPIRED_CODE_KEPT_MS),
    ),
  };
}
