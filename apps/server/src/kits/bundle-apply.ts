import { and, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TDatabase } from '../db/client.ts';
import { MessageId } from '@portal/contracts/messages';
import type { TApplyContext, TFileCounts, TParsedRow } from './bundle-file.ts';

// Writing a bundle file's rows in few statements (docs/school-data.md): many rows per insert,
// and an update only where a value differs, so that a bundle sent twice changes nothing the
// second time and says so in its counts.

/**
 * PostgreSQL takes at most 65,535 parameters a statement; a batch stays well under, and small
 * enough that building it is a short slice of the main thread (the parents' requests go on).
 */
const PARAMETERS_PER_STATEMENT = 8_000;
const MAX_ROWS_PER_STATEMENT = 500;

/** The rows in slices small enough for one statement each. */
export function batchesOf<T>(rows: readonly T[], columnsPerRow: number): T[][] {
  const size = Math.max(
    1,
    Math.min(MAX_ROWS_PER_STATEMENT, Math.floor(PARAMETERS_PER_STATEMENT / Math.max(1, columnsPerRow))),
  );
  const batches: T[][] = [];
  for (let start = 0; start < rows.length; start += size) batches.push(rows.slice(start, start + size));
  return batches;
}

/** `column` is one of the values: one array parameter, however many values (an `in` list is not). */
export const among = (column: PgColumn | SQL, values: readonly string[]) =>
  sql`${column} = any(${sql.param(values)}::text[])`;

/** `column` is none of the values. */
export const notAmong = (column: PgColumn | SQL, values: readonly string[]) =>
  sql`not (${column} = any(${sql.param(values)}::text[]))`;

/** Reports a problem of a row found when applying (an unknown reference, a conflict). */
export function reportProblem(context: TApplyContext, row: number, column: string, message: string): void {
  context.problem({ row, column, messageId: MessageId.importRowsInvalid, message });
}

/**
 * Runs queries one after the other, as Promise.all would answer them: a transaction's
 * connection takes one query at a time, and Drizzle's queries start only when awaited.
 */
export async function inTurn<T extends readonly unknown[] | []>(
  queries: T,
): Promise<{ -readonly [P in keyof T]: Awaited<T[P]> }> {
  const answers: unknown[] = [];
  for (const query of queries) answers.push(await query);
  return answers as { -readonly [P in keyof T]: Awaited<T[P]> };
}

/** Splits a file's rows by status. */
export function byStatus<R>(rows: readonly TParsedRow<R>[]) {
  return {
    active: rows.filter((row) => row.status === 'active'),
    deleted: rows.filter((row) => row.status === 'tobedeleted'),
  };
}

/**
 * The counts of a file: its rows that added, changed or removed something (the others are
 * unchanged), and what a bulk file removed because it no longer lists it.
 */
export function fileCounts(counts: {
  rows: number;
  added: number;
  changed: number;
  removedByRows: number;
  removedMissing?: number;
}): TFileCounts {
  const { rows, added, changed, removedByRows, removedMissing = 0 } = counts;
  return {
    added,
    changed,
    removed: removedByRows + removedMissing,
    unchanged: Math.max(0, rows - added - changed - removedByRows),
  };
}

/** The counts of a file written by `upsertRows` and `removeRows` (see fileCounts). */
export function appliedCounts(
  rows: number,
  written: { added: number; changed: number },
  removed: { byRows: readonly string[]; missing: readonly string[] },
): TFileCounts {
  return fileCounts({
    rows,
    added: written.added,
    changed: written.changed,
    removedByRows: removed.byRows.length,
    removedMissing: removed.missing.length,
  });
}

/** The `sourcedId` of each row (the id a file names its rows by). */
export const sourcedIdsOf = (rows: readonly TParsedRow<{ sourcedId: string }>[]) =>
  rows.map((row) => row.value.sourcedId);

/**
 * Of the extension columns (`metadata.*`), those the file's header holds, told by its first row
 * (a value is undefined when the header lacks its column): only those are updated, so a file
 * without one keeps the stored values.
 */
export function extensionColumns<V>(
  first: V | undefined,
  columns: readonly (readonly [keyof V, PgColumn])[],
): PgColumn[] {
  return columns.flatMap(([name, column]) => (first?.[name] === undefined ? [] : [column]));
}

export type TUpsertOptions<T extends PgTable> = {
  /** The columns of the unique index that names a row. */
  target: PgColumn[];
  /** The condition of a partial unique index (`where sourced_id is not null`). */
  targetWhere?: SQL;
  /** The columns an existing row takes from the new one, when any of them differs. */
  update: PgColumn[];
  /** A column whose value each added or changed row answers with (to tell which rows they were). */
  key?: PgColumn;
  /** Rows of this table (for typing the values). */
  rows: T['$inferInsert'][];
};

export type TUpsertResult = {
  added: number;
  changed: number;
  /** The `key` of each added row and of each changed row, when a key column was named. */
  addedKeys: string[];
  changedKeys: string[];
};

/**
 * Inserts the rows; a row whose target exists updates the `update` columns when one of them
 * differs, and is left alone otherwise (so it is neither written nor counted).
 */
export async function upsertRows<T extends PgTable>(
  tx: TDatabase,
  table: T,
  options: TUpsertOptions<T>,
): Promise<TUpsertResult> {
  const result: TUpsertResult = { added: 0, changed: 0, addedKeys: [], changedKeys: [] };
  if (options.rows.length === 0) return result;
  const propertyOf = new Map<PgColumn, string>(
    Object.entries(getTableColumns(table)).map(([property, column]) => [column as PgColumn, property]),
  );
  const excluded = (column: PgColumn) => sql`excluded.${sql.identifier(column.name)}`;
  const set = Object.fromEntries(options.update.map((column) => [propertyOf.get(column), excluded(column)]));
  const differs = sql`(${sql.join(options.update, sql`, `)}) is distinct from (${sql.join(
    options.update.map(excluded),
    sql`, `,
  )})`;
  const columnsPerRow = Object.keys(options.rows[0] ?? {}).length;
  for (const batch of batchesOf(options.rows, columnsPerRow)) {
    const written = (await tx
      .insert(table)
      .values(batch as never)
      .onConflictDoUpdate({
        target: options.target,
        ...(options.targetWhere ? { targetWhere: options.targetWhere } : {}),
        set: set as never,
        setWhere: differs,
      })
      .returning({
        inserted: sql<boolean>`(xmax = 0)`,
        key: options.key ? sql<string>`${options.key}` : sql<string>`''`,
      })) as { inserted: boolean; key: string }[];
    for (const row of written) {
      if (row.inserted) {
        result.added++;
        if (options.key) result.addedKeys.push(row.key);
      } else {
        result.changed++;
        if (options.key) result.changedKeys.push(row.key);
      }
    }
  }
  return result;
}

export type TRemoveOptions = {
  /** The table's school and id columns. */
  school: PgColumn;
  id: PgColumn;
  /** Its `removed_at` column: rows are marked removed; without one they are deleted. */
  removedAt?: PgColumn;
  /** Ids the file's `tobedeleted` rows name. */
  deleted: readonly string[];
  /** In a bulk file, the ids of its rows: every other row of the school is removed. */
  kept: readonly string[] | null;
};

/**
 * Removes what a file's `tobedeleted` rows name and, for a bulk file, what it no longer lists:
 * marked removed where the table has `removed_at` (each row once), deleted otherwise. Answers
 * the ids removed, each way.
 */
export async function removeRows(
  tx: TDatabase,
  context: TApplyContext,
  table: PgTable,
  options: TRemoveOptions,
): Promise<{ byRows: string[]; missing: string[] }> {
  const propertyOf = (column: PgColumn) =>
    Object.entries(getTableColumns(table)).find(([, candidate]) => candidate === column)?.[0] ?? '';
  const remove = async (which: SQL): Promise<string[]> => {
    const where = and(
      eq(options.school, context.schoolId),
      which,
      ...(options.removedAt ? [isNull(options.removedAt)] : []),
    );
    const returning = { id: sql<string>`${options.id}` };
    const rows = options.removedAt
      ? await tx
          .update(table)
          .set({ [propertyOf(options.removedAt)]: sql`now()` } as never)
          .where(where)
          .returning(returning)
      : await tx.delete(table).where(where).returning(returning);
    return (rows as { id: string }[]).map((row) => row.id);
  };
  const byRows = options.deleted.length > 0 ? await remove(among(options.id, options.deleted)) : [];
  const missing =
    options.kept && context.mode === 'bulk' ? await remove(notAmong(options.id, options.kept)) : [];
  return { byRows, missing };
}
