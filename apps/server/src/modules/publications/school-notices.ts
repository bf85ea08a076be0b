import { and, eq, isNull, type Column, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TDatabase } from '../../db/client.ts';
import { parentStudents } from '../../db/schema/index.ts';
import { notify, type TNotice } from '../../kits/notify.ts';
import { published } from '../../kits/publication.ts';

// Notices for the whole school (docs/notifications.md: `announcements.news`,
// `announcements.policy`): a row becomes visible to parents (imported published, or its
// publication time reached), is marked told once, and every parent of the school is told.

/** A table of school content told once to every parent: its school, publication and told time. */
type TToldTable = PgTable & {
  schoolId: AnyPgColumn<{ data: string; notNull: true }>;
  notifiedAt: Column;
  removedAt: Column;
  publishedAt: Column;
};

/** The condition that keeps the rows parents see now and were not told of. */
export function untold(table: TToldTable): SQL {
  return and(isNull(table.notifiedAt), isNull(table.removedAt), published(table.publishedAt)) as SQL;
}

/** The same, in one school. */
export function untoldIn(table: TToldTable, schoolId: string): SQL {
  return and(eq(table.schoolId, schoolId), untold(table)) as SQL;
}

/** Every parent of the school with a child in it: who a notice for the whole school reaches. */
async function parentsOfSchool(tx: TDatabase, schoolId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ parentId: parentStudents.parentId })
    .from(parentStudents)
    .where(eq(parentStudents.schoolId, schoolId));
  return rows.map((row) => row.parentId);
}

/**
 * Tells every parent of the school the notices (each for the whole family). Call it in the
 * transaction of the change. Answers how many notices were written.
 */
export async function tellSchoolParents(
  tx: TDatabase,
  schoolId: string,
  notices: readonly TNotice[],
): Promise<number> {
  if (notices.length === 0) return 0;
  const parents = await parentsOfSchool(tx, schoolId);
  if (parents.length === 0) return 0;
  return notify(tx, notices, parents);
}

/**
 * Runs `tell` (which marks the school's untold rows told and tells them) in a transaction of
 * its own for every school with rows parents see now and were not told of (their publication
 * time has come since the import that brought them). Answers how many notices were written.
 */
export async function tellDueSchools(
  db: TDatabase,
  table: TToldTable,
  tell: (tx: TDatabase, schoolId: string) => Promise<number>,
): Promise<number> {
  const due = await db.selectDistinct({ schoolId: table.schoolId }).from(table).where(untold(table));
  let written = 0;
  for (const { schoolId } of due) {
    written += await db.transaction((tx) => tell(tx as unknown as TDatabase, schoolId));
  }
  return written;
}
