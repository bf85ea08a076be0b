import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { TDatabase } from '../../../db/client.ts';
import { academicYears, classes, staff, students, subjects, terms } from '../../../db/schema/index.ts';
import { reportProblem } from '../../../kits/bundle-apply.ts';
import type { TApplyContext } from '../../../kits/bundle-file.ts';

// The school's rows that OneRoster files refer to, by id (the rows of this bundle's earlier
// files included: they are applied first, in the same transaction), and the check of a row's
// references against them (docs/school-data.md).

/** The ids a query answers. */
export const idsOf = async (query: Promise<{ id: string | null }[]>) =>
  new Set((await query).map((row) => row.id ?? ''));

/** The ids of the school's live classes. */
export const liveClassIds = (tx: TDatabase, schoolId: string) =>
  idsOf(
    tx
      .select({ id: classes.classId })
      .from(classes)
      .where(and(eq(classes.schoolId, schoolId), isNull(classes.removedAt))),
  );

/** The ids of the school's live subjects (OneRoster's courses). */
export const liveSubjectIds = (tx: TDatabase, schoolId: string) =>
  idsOf(
    tx
      .select({ id: subjects.subjectId })
      .from(subjects)
      .where(and(eq(subjects.schoolId, schoolId), isNull(subjects.removedAt))),
  );

/** The ids of the school's live staff. */
export const liveStaffIds = (tx: TDatabase, schoolId: string) =>
  idsOf(
    tx
      .select({ id: staff.staffId })
      .from(staff)
      .where(and(eq(staff.schoolId, schoolId), isNull(staff.removedAt))),
  );

/** The ids of the school's academic sessions: its live terms and its imported school years. */
export async function academicSessionIds(tx: TDatabase, schoolId: string) {
  const termIds = await idsOf(
    tx
      .select({ id: terms.termId })
      .from(terms)
      .where(and(eq(terms.schoolId, schoolId), isNull(terms.removedAt))),
  );
  const yearIds = await idsOf(
    tx
      .select({ id: academicYears.sourcedId })
      .from(academicYears)
      .where(and(eq(academicYears.schoolId, schoolId), isNotNull(academicYears.sourcedId))),
  );
  return new Set([...termIds, ...yearIds]);
}

/** The enrolment number of each of the school's imported students, by its `sourcedId`. */
export async function enrollNumbersBySourcedId(tx: TDatabase, schoolId: string) {
  const rows = await tx
    .select({ sourcedId: students.sourcedId, enrollNumber: students.enrollNumber })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), isNotNull(students.sourcedId)));
  return new Map(rows.map((row) => [row.sourcedId ?? '', row.enrollNumber]));
}

/** A reference of a row: its column, the id it names ('' for none), the known ids, what it must be. */
export type TReference = readonly [column: string, id: string, known: ReadonlySet<string>, what: string];

/**
 * Reports each reference whose id is none of the known ones (`"x" is not a class of the
 * school`); true when every reference is known or empty.
 */
export function referencesKnown(
  context: TApplyContext,
  row: number,
  references: readonly TReference[],
): boolean {
  let ok = true;
  for (const [column, id, known, what] of references) {
    if (id === '' || known.has(id)) continue;
    reportProblem(context, row, column, `"${id}" is not ${what} of the school`);
    ok = false;
  }
  return ok;
}
