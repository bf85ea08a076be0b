import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { TDatabase } from '../../../db/client.ts';
import {
  academicYears,
  assessmentCategories,
  assessments,
  classes,
  gradingScales,
  subjects,
  terms,
} from '../../../db/schema/index.ts';

// The school's live rows that gradebook files refer to, by id, read one query after the other (the rows of this bundle's earlier
// files included: they are applied first, in the same transaction).

const ids = async (query: Promise<{ id: string | null }[]>) =>
  new Set((await query).map((row) => row.id ?? ''));

export async function gradebookReferences(tx: TDatabase, schoolId: string) {
  const classIds = await ids(
    tx
      .select({ id: classes.classId })
      .from(classes)
      .where(and(eq(classes.schoolId, schoolId), isNull(classes.removedAt))),
  );
  const subjectIds = await ids(
    tx
      .select({ id: subjects.subjectId })
      .from(subjects)
      .where(and(eq(subjects.schoolId, schoolId), isNull(subjects.removedAt))),
  );
  const categoryIds = await ids(
    tx
      .select({ id: assessmentCategories.categoryId })
      .from(assessmentCategories)
      .where(and(eq(assessmentCategories.schoolId, schoolId), isNull(assessmentCategories.removedAt))),
  );
  const scaleIds = await ids(
    tx
      .select({ id: gradingScales.scaleId })
      .from(gradingScales)
      .where(and(eq(gradingScales.schoolId, schoolId), isNull(gradingScales.removedAt))),
  );
  const termIds = await ids(
    tx
      .select({ id: terms.termId })
      .from(terms)
      .where(and(eq(terms.schoolId, schoolId), isNull(terms.removedAt))),
  );
  const yearIds = await ids(
    tx
      .select({ id: academicYears.sourcedId })
      .from(academicYears)
      .where(and(eq(academicYears.schoolId, schoolId), isNotNull(academicYears.sourcedId))),
  );
  return {
    classes: classIds,
    courses: subjectIds,
    categories: categoryIds,
    scales: scaleIds,
    sessions: new Set([...termIds, ...yearIds]),
  };
}

/** The ids of the school's live assessments. */
export const liveAssessments = (tx: TDatabase, schoolId: string) =>
  ids(
    tx
      .select({ id: assessments.assessmentId })
      .from(assessments)
      .where(and(eq(assessments.schoolId, schoolId), isNull(assessments.removedAt))),
  );
