import { and, eq, isNull } from 'drizzle-orm';
import type { TDatabase } from '../../../db/client.ts';
import { assessmentCategories, assessments, gradingScales } from '../../../db/schema/index.ts';
import { academicSessionIds, idsOf, liveClassIds, liveSubjectIds } from './references.ts';

// The school's live rows that gradebook files refer to, by id, read one query after the other (the rows of this bundle's earlier
// files included: they are applied first, in the same transaction).

export async function gradebookReferences(tx: TDatabase, schoolId: string) {
  const classIds = await liveClassIds(tx, schoolId);
  const subjectIds = await liveSubjectIds(tx, schoolId);
  const categoryIds = await idsOf(
    tx
      .select({ id: assessmentCategories.categoryId })
      .from(assessmentCategories)
      .where(and(eq(assessmentCategories.schoolId, schoolId), isNull(assessmentCategories.removedAt))),
  );
  const scaleIds = await idsOf(
    tx
      .select({ id: gradingScales.scaleId })
      .from(gradingScales)
      .where(and(eq(gradingScales.schoolId, schoolId), isNull(gradingScales.removedAt))),
  );
  return {
    classes: classIds,
    courses: subjectIds,
    categories: categoryIds,
    scales: scaleIds,
    sessions: await academicSessionIds(tx, schoolId),
  };
}

/** The ids of the school's live assessments. */
export const liveAssessments = (tx: TDatabase, schoolId: string) =>
  idsOf(
    tx
      .select({ id: assessments.assessmentId })
      .from(assessments)
      .where(and(eq(assessments.schoolId, schoolId), isNull(assessments.removedAt))),
  );
