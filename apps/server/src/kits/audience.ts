import { and, asc, eq } from 'drizzle-orm';
import { ownChildJoin } from '../access/own-child.ts';
import type { TDatabase } from '../db/client.ts';
import { parentStudents, students } from '../db/schema/index.ts';
import type { TRowReader } from './bundle-fields.ts';
import { reportProblem } from './bundle-apply.ts';
import { firstNameOf } from './notify.ts';
import type { TApplyContext, TParsedRow } from './bundle-file.ts';
import { schoolIdsAmong } from './school-ids.ts';

// Who a school's row is for (docs/school-data.md, "surveys.csv", "trips.csv"): grades,
// `<grade>-<section>` sections and enrolment numbers, all empty meaning the whole school. A
// child is reached by their grade and section (the student's record, kept by the homerooms of
// the roster) or by their enrolment number.

export type TAudience = { grades: string[]; sections: string[]; enrollNumbers: string[] };

/** How many grades, sections and children an audience may name. */
export const MAX_AUDIENCE = { grades: 50, sections: 200, enrollNumbers: 5_000 } as const;

/** A grade or section code as compared: trimmed, in capitals, without leading zeros (`09` is `9`). */
export function codeKey(code: string): string {
  return code
    .trim()
    .toUpperCase()
    .replace(/^0+(?=[0-9])/, '');
}

/** A list column: items apart with `;` (or `,`), each trimmed, each once, at most `max`. */
export function audienceListOf(read: TRowReader, column: string, max: number): string[] {
  if (!read.has(column)) return [];
  const items = [
    ...new Set(
      read
        .text(column)
        .split(/[;,]/)
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    ),
  ];
  if (items.length > max) read.problem(column, `names ${items.length} values: at most ${max}`);
  if (items.some((item) => item.length > 64)) read.problem(column, 'a value is longer than 64 characters');
  return items;
}

/** The audience of a row, from its `grades`, `sections` and `enrollNumbers` columns. */
export function audienceOf(read: TRowReader): TAudience {
  return {
    grades: audienceListOf(read, 'grades', MAX_AUDIENCE.grades),
    sections: audienceListOf(read, 'sections', MAX_AUDIENCE.sections),
    enrollNumbers: audienceListOf(read, 'enrollNumbers', MAX_AUDIENCE.enrollNumbers),
  };
}

export const isEveryone = (audience: TAudience) =>
  audience.grades.length === 0 && audience.sections.length === 0 && audience.enrollNumbers.length === 0;

/** Whether the audience reaches this child. */
export function reachesChild(
  audience: TAudience,
  child: { enrollNumber: string; gradeCode: string; sectionCode: string },
): boolean {
  if (isEveryone(audience)) return true;
  if (audience.enrollNumbers.includes(child.enrollNumber)) return true;
  const grade = codeKey(child.gradeCode);
  if (audience.grades.some((code) => codeKey(code) === grade)) return true;
  const section = `${grade}-${codeKey(child.sectionCode)}`;
  return audience.sections.some((written) => {
    // A grade or a section code may hold a `-` itself (`KG-1-A`): try each split.
    for (let at = written.indexOf('-'); at > 0; at = written.indexOf('-', at + 1)) {
      if (`${codeKey(written.slice(0, at))}-${codeKey(written.slice(at + 1))}` === section) return true;
    }
    return false;
  });
}

/** A child of the signed-in parent, with what an audience reaches them by. */
export type TAudienceChild = {
  enrollNumber: string;
  childName: string;
  gradeCode: string;
  sectionCode: string;
};

/** Every child of the signed-in parent, in the family's order (only through the access layer). */
export async function familyAudienceChildren(
  db: TDatabase,
  session: { schoolId: string; parentId: string },
): Promise<TAudienceChild[]> {
  return db
    .select({
      enrollNumber: students.enrollNumber,
      childName: students.fullName,
      gradeCode: students.gradeCode,
      sectionCode: students.sectionCode,
    })
    .from(students)
    .innerJoin(parentStudents, ownChildJoin(students, session.parentId))
    .where(eq(students.schoolId, session.schoolId))
    .orderBy(asc(parentStudents.position), asc(students.enrollNumber));
}

/**
 * The rows whose audience names only children of the school; each other child is reported on
 * its row (`enrollNumbers`), and its row is left out.
 */
export async function rowsWithKnownChildren<R extends { audience: TAudience }>(
  tx: TDatabase,
  context: TApplyContext,
  rows: readonly TParsedRow<R>[],
): Promise<TParsedRow<R>[]> {
  const known = await schoolIdsAmong(
    tx,
    context.schoolId,
    'student',
    rows.flatMap((row) => row.value.audience.enrollNumbers),
  );
  return rows.filter(({ row, value }) => {
    const unknown = value.audience.enrollNumbers.filter((enrollNumber) => !known.has(enrollNumber));
    for (const enrollNumber of unknown)
      reportProblem(
        context,
        row,
        'enrollNumbers',
        `no student of the school has the enrolment number "${enrollNumber}"`,
      );
    return unknown.length === 0;
  });
}

/** A child an audience reaches, as a notice names them. */
export type TReachedChild = { enrollNumber: string; firstName: string };

/**
 * The school's children with a parent in the portal that the audience reaches (for the
 * notices of a trip or a survey), by enrolment number.
 */
export async function childrenReached(
  tx: TDatabase,
  schoolId: string,
  audience: TAudience,
): Promise<TReachedChild[]> {
  const rows = await tx
    .selectDistinct({
      enrollNumber: students.enrollNumber,
      firstName: students.passportFirstNameEn,
      fullName: students.fullName,
      gradeCode: students.gradeCode,
      sectionCode: students.sectionCode,
    })
    .from(students)
    .innerJoin(
      parentStudents,
      and(
        eq(parentStudents.schoolId, students.schoolId),
        eq(parentStudents.enrollNumber, students.enrollNumber),
      ),
    )
    .where(eq(students.schoolId, schoolId))
    .orderBy(asc(students.enrollNumber));
  return rows
    .filter((child) => reachesChild(audience, child))
    .map((child) => ({ enrollNumber: child.enrollNumber, firstName: firstNameOf(child) }));
}
