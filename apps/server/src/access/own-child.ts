import { and, asc, eq, sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import { notYourChild } from '../api-error.ts';
import type { TDatabase } from '../db/client.ts';
import { perDatabase } from '../db/per-database.ts';
import { parentStudents, students } from '../db/schema/index.ts';

// A parent reaches only their own children (docs/decisions/018-module-families.md): every
// child's row is read through one of these, never by its enrolment number alone.

export type TStudentRow = typeof students.$inferSelect;

/** A table whose rows each belong to one child of a school. */
type TChildRows = { schoolId: Column; enrollNumber: Column };

/**
 * The join condition that keeps only the rows of this parent's children:
 * `.innerJoin(parentStudents, ownChildJoin(feeItems, parentId))`.
 */
export function ownChildJoin(rows: TChildRows, parentId: string | Placeholder): SQL {
  return and(
    eq(parentStudents.schoolId, rows.schoolId),
    eq(parentStudents.enrollNumber, rows.enrollNumber),
    eq(parentStudents.parentId, parentId),
  ) as SQL;
}

const findOwnChildQuery = perDatabase((db) =>
  db
    .select({ student: students })
    .from(students)
    .innerJoin(parentStudents, ownChildJoin(students, sql.placeholder('parentId')))
    .where(
      and(
        eq(students.schoolId, sql.placeholder('schoolId')),
        eq(students.enrollNumber, sql.placeholder('enrollNumber')),
      ),
    )
    .limit(1)
    .prepare('find_own_child'),
);

/** This parent's child with that enrolment number, or null. */
export async function findOwnChild(
  db: TDatabase,
  session: { schoolId: string; parentId: string },
  enrollNumber: string,
): Promise<TStudentRow | null> {
  const { schoolId, parentId } = session;
  const rows = await findOwnChildQuery(db).execute({ schoolId, parentId, enrollNumber });
  return rows[0]?.student ?? null;
}

/**
 * The signed-in parent's child with this enrolment number, or 403 `A002`: any other
 * enrolment number (another parent's child, another school's, or none) is refused alike.
 */
export async function requireOwnChild(
  db: TDatabase,
  session: { schoolId: string; parentId: string },
  enrollNumber: string,
): Promise<TStudentRow> {
  const child = await findOwnChild(db, session, enrollNumber);
  if (!child) throw notYourChild();
  return child;
}

/** The signed-in parent's children (enrolment number and full name), in enrolment order. */
export async function listOwnChildren(
  db: TDatabase,
  session: { schoolId: string; parentId: string },
): Promise<{ enrollNumber: string; fullName: string }[]> {
  return db
    .select({ enrollNumber: students.enrollNumber, fullName: students.fullName })
    .from(students)
    .innerJoin(parentStudents, ownChildJoin(students, session.parentId))
    .where(eq(students.schoolId, session.schoolId))
    .orderBy(students.enrollNumber);
}

/** The signed-in parent's children as whole rows, in the school's order (as the profile lists them). */
export async function ownChildRows(
  db: TDatabase,
  session: { schoolId: string; parentId: string },
): Promise<TStudentRow[]> {
  const rows = await db
    .select({ student: students })
    .from(students)
    .innerJoin(parentStudents, ownChildJoin(students, session.parentId))
    .where(eq(students.schoolId, session.schoolId))
    .orderBy(asc(parentStudents.position), asc(students.enrollNumber));
  return rows.map((row) => row.student);
}
