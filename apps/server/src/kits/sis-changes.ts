import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { TSisChange } from '@portal/contracts/school-data';
import type { TDatabase } from '../db/client.ts';
import { sisChanges } from '../db/schema/index.ts';

// The change feed (docs/school-data.md, "The change feed"): what the school approved in the
// portal (a parent's new phone, a child's corrected address) goes back to the school's system,
// which reads `GET /api/v1/sis/changes?since` and applies it, or its next bundle would undo the
// change. Changes are numbered per school under a lock held to the commit, so numbers follow
// commit order without gaps, and a reader that keeps the last number it saw misses nothing.

/** A key of PostgreSQL's advisory locks: one writer of a school's feed at a time. */
const LOCK_NAMESPACE = 7_263_901;

export type TSisRecordChange = {
  schoolId: string;
  entity: TSisChange['entity'];
  /** A parent id or an enrolment number. */
  recordId: string;
  /** The school system's id of the record, when known. */
  sourcedId: string | null;
  /** The fields changed and their new values (null: emptied). */
  fields: Readonly<Record<string, string | null>>;
  /** The request whose approval made the change. */
  requestId: string | null;
};

/**
 * Adds a record's changed fields to the school's feed. Call it inside the transaction of the
 * change itself (an approval hook), so the feed holds the change exactly when the tables do.
 */
export async function recordSisChanges(tx: TDatabase, change: TSisRecordChange): Promise<void> {
  const fields = Object.entries(change.fields);
  if (fields.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${change.schoolId}))`);
  const [last] = await tx
    .select({ seq: sql<number>`coalesce(max(${sisChanges.seq}), 0)`.mapWith(Number) })
    .from(sisChanges)
    .where(eq(sisChanges.schoolId, change.schoolId));
  const first = (last?.seq ?? 0) + 1;
  await tx.insert(sisChanges).values(
    fields.map(([field, value], index) => ({
      schoolId: change.schoolId,
      seq: first + index,
      entity: change.entity,
      recordId: change.recordId,
      sourcedId: change.sourcedId,
      field,
      value,
      requestId: change.requestId,
    })),
  );
}

/** The school's changes after `since`, oldest first, at most `limit` (and whether more wait). */
export async function sisChangesAfter(
  db: TDatabase,
  schoolId: string,
  since: number,
  limit: number,
): Promise<{ items: TSisChange[]; next: number; hasMore: boolean }> {
  const rows = await db
    .select()
    .from(sisChanges)
    .where(and(eq(sisChanges.schoolId, schoolId), gt(sisChanges.seq, since)))
    .orderBy(asc(sisChanges.seq))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const items = page.map((row) => ({
    seq: row.seq,
    entity: row.entity as TSisChange['entity'],
    id: row.recordId,
    sourcedId: row.sourcedId,
    field: row.field,
    value: row.value,
    requestId: row.requestId,
    approvedAt: row.approvedAt.toISOString(),
  }));
  return { items, next: page.at(-1)?.seq ?? since, hasMore: rows.length > limit };
}
