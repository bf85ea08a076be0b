import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TDatabase } from '../db/client.ts';
import { classes, staff, students, terms } from '../db/schema/index.ts';
import { among, batchesOf, reportProblem } from './bundle-apply.ts';
import type { TApplyContext, TParsedRow } from './bundle-file.ts';

// What the rows of a bundle file name that the school must already have (docs/school-data.md,
// "a reference is checked against the rows of the bundle and the rows the portal already
// has"): a student, a class, a member of staff, a term. A reference that fails is a problem of
// its row, and the bundle is refused.

/** Where a table keeps its ids: its school and id columns, and what else a live row meets. */
export type TIdColumns = {
  school: PgColumn;
  id: PgColumn;
  /** Its `removed_at` column: a removed row is not the school's any more. */
  removedAt?: PgColumn;
  /** Another condition the row meets (a kind among some, say). */
  where?: SQL;
};

/** The ids among `ids` of the table's rows of the school. */
export async function idsAmong(
  tx: TDatabase,
  schoolId: string,
  columns: TIdColumns,
  ids: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (const batch of batchesOf([...new Set(ids)], 1)) {
    const rows = await tx
      .select({ id: sql<string>`${columns.id}` })
      .from(columns.id.table)
      .where(
        and(
          eq(columns.school, schoolId),
          among(columns.id, batch),
          columns.removedAt ? isNull(columns.removedAt) : undefined,
          columns.where,
        ),
      );
    for (const row of rows) found.add(row.id);
  }
  return found;
}

export type TSchoolIdKind = 'student' | 'class' | 'staff' | 'term';

/** Students by enrolment number (kept for good once imported); the others while not removed. */
const ID_COLUMNS: Record<TSchoolIdKind, TIdColumns> = {
  student: { school: students.schoolId, id: students.enrollNumber },
  class: { school: classes.schoolId, id: classes.classId, removedAt: classes.removedAt },
  staff: { school: staff.schoolId, id: staff.staffId, removedAt: staff.removedAt },
  term: { school: terms.schoolId, id: terms.termId, removedAt: terms.removedAt },
};

/** What a row is told of an id the school does not have. */
const UNKNOWN: Record<TSchoolIdKind, (id: string) => string> = {
  student: (id) => `no student of the school has the enrolment number "${id}"`,
  class: (id) => `no class of the school has the id "${id}"`,
  staff: (id) => `no member of the school's staff has the id "${id}"`,
  term: (id) => `no term of the school has the id "${id}"`,
};

/** The ids among `ids` of the school's students, classes, staff or terms. */
export const schoolIdsAmong = (
  tx: TDatabase,
  schoolId: string,
  kind: TSchoolIdKind,
  ids: readonly string[],
) => idsAmong(tx, schoolId, ID_COLUMNS[kind], ids);

/**
 * An id each row names, in `column`: of the school's students, classes, staff or terms, or of
 * what a family looks up itself (`known`, with the problem `unknown` tells). `idOf` answers
 * null when the row names none.
 */
export type TRowReference<R> = { column: string; idOf: (value: R) => string | null } & (
  | { kind: TSchoolIdKind }
  | { known: (ids: string[]) => Promise<Set<string>>; unknown: (id: string) => string }
);

/**
 * Checks the ids the rows name: each the school does not have is a problem of its row (row by
 * row, in the order of the references). Answers the rows whose ids are all the school's.
 */
export async function checkReferences<R>(
  tx: TDatabase,
  context: TApplyContext,
  rows: readonly TParsedRow<R>[],
  references: readonly TRowReference<R>[],
): Promise<TParsedRow<R>[]> {
  const checks: { reference: TRowReference<R>; known: Set<string>; unknown: (id: string) => string }[] = [];
  for (const reference of references) {
    const ids = rows.flatMap((row) => reference.idOf(row.value) ?? []);
    checks.push(
      'kind' in reference
        ? {
            reference,
            known: await schoolIdsAmong(tx, context.schoolId, reference.kind, ids),
            unknown: UNKNOWN[reference.kind],
          }
        : { reference, known: await reference.known(ids), unknown: reference.unknown },
    );
  }
  return rows.filter(({ row, value }) => {
    let valid = true;
    for (const { reference, known, unknown } of checks) {
      const id = reference.idOf(value);
      if (id === null || known.has(id)) continue;
      reportProblem(context, row, reference.column, unknown(id));
      valid = false;
    }
    return valid;
  });
}
