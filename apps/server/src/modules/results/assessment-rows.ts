import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { TTerm } from '@portal/contracts/families/results';
import type { TDatabase } from '../../db/client.ts';
import {
  assessmentCategories,
  assessmentResults,
  assessments,
  classes,
  enrollments,
  subjects,
} from '../../db/schema/index.ts';
import type { TStudentRow } from '../../access/own-child.ts';
import { published } from '../../kits/publication.ts';

// A child's graded work (docs/modules.md F2): the assessments of the child's classes, each with its
// subject, category and the child's result. The publication gate is kept in the query itself:
// before the school releases an assessment, its result's score, grade, comment and status never
// leave the database; the row says only that there is a result (`hasResult`).

/** The pages of graded work, by the kind of their category. */
export type TCategoryKind = 'assessment' | 'assignment' | 'coScholastic';

/** The most pieces of work one answer holds (a busy year of a child fits). */
export const MAX_ASSESSMENT_ROWS = 2_000;

const released = published(assessments.resultsPublishedAt);

/** The column's value when the assessment is released, else null. */
const whenReleased = <T>(column: Column, decode: (value: unknown) => T) =>
  sql<T | null>`case when ${released} then ${column} end`.mapWith(decode);

export type TAssessmentRow = {
  assessmentId: string;
  titleEn: string;
  titleAr: string;
  classId: string;
  subjectId: string | null;
  subjectEn: string;
  subjectAr: string;
  categoryId: string;
  categoryEn: string;
  categoryAr: string;
  kind: string;
  termId: string | null;
  scaleId: string | null;
  assignedOn: string | null;
  dueOn: string | null;
  resultMax: number | null;
  released: boolean;
  /** When it was released; null while it is not. */
  releasedAt: Date | null;
  /** The child has a result (told even before release: the assignment was handed in). */
  hasResult: boolean;
  /** The result, null while unreleased (or when there is none). */
  scoreStatus: string | null;
  score: number | null;
  textScore: string | null;
  comment: string | null;
  scoredOn: string | null;
};

/** A released result that holds a score (a number or a grade as text). */
const releasedScore = and(
  released,
  isNotNull(assessmentResults.resultId),
  or(isNotNull(assessmentResults.score), sql`coalesce(${assessmentResults.textScore}, '') <> ''`),
);

/**
 * The child's work of these category kinds (every kind when none given) in the term (every
 * term when null): the assessments of the child's classes, by date, then subject.
 * An assessment without a term counts in the term its due (or set) day falls in.
 * With `latestReleased`, only that many released and scored results, the latest released first.
 */
export async function assessmentRows(
  db: TDatabase,
  child: Pick<TStudentRow, 'schoolId' | 'enrollNumber'>,
  options: { kinds?: readonly TCategoryKind[]; term: TTerm | null; latestReleased?: number },
): Promise<TAssessmentRow[]> {
  const { term, kinds, latestReleased } = options;
  const latest = latestReleased !== undefined;
  const inTerm: SQL | undefined = term
    ? or(
        eq(assessments.termId, term.id),
        and(
          isNull(assessments.termId),
          sql`coalesce(${assessments.dueOn}, ${assessments.assignedOn}) between ${term.startsOn} and ${term.endsOn}`,
        ),
      )
    : undefined;
  return db
    .select({
      assessmentId: assessments.assessmentId,
      titleEn: assessments.titleEn,
      titleAr: assessments.titleAr,
      classId: assessments.classId,
      subjectId: classes.subjectId,
      subjectEn: sql<string>`coalesce(${subjects.nameEn}, ${classes.titleEn})`,
      subjectAr: sql<string>`coalesce(${subjects.nameAr}, ${classes.titleAr})`,
      categoryId: assessments.categoryId,
      categoryEn: assessmentCategories.titleEn,
      categoryAr: assessmentCategories.titleAr,
      kind: assessmentCategories.kind,
      termId: assessments.termId,
      scaleId: assessments.scaleId,
      assignedOn: assessments.assignedOn,
      dueOn: assessments.dueOn,
      resultMax: assessments.resultMax,
      released: sql<boolean>`coalesce(${released}, false)`.mapWith(Boolean),
      releasedAt: sql<Date | null>`case when ${released} then ${assessments.resultsPublishedAt} end`.mapWith(
        assessments.resultsPublishedAt,
      ),
      hasResult: sql<boolean>`${assessmentResults.resultId} is not null`.mapWith(Boolean),
      scoreStatus: whenReleased(assessmentResults.scoreStatus, String),
      score: whenReleased(assessmentResults.score, Number),
      textScore: whenReleased(assessmentResults.textScore, String),
      comment: whenReleased(assessmentResults.comment, String),
      scoredOn: sql<string | null>`case when ${released} then ${assessmentResults.scoredOn}::text end`,
    })
    .from(assessments)
    .innerJoin(
      enrollments,
      and(
        eq(enrollments.schoolId, assessments.schoolId),
        eq(enrollments.classId, assessments.classId),
        eq(enrollments.role, 'student'),
        eq(enrollments.personId, child.enrollNumber),
      ),
    )
    .innerJoin(
      classes,
      and(
        eq(classes.schoolId, assessments.schoolId),
        eq(classes.classId, assessments.classId),
        isNull(classes.removedAt),
      ),
    )
    .leftJoin(
      subjects,
      and(eq(subjects.schoolId, classes.schoolId), eq(subjects.subjectId, classes.subjectId)),
    )
    .innerJoin(
      assessmentCategories,
      and(
        eq(assessmentCategories.schoolId, assessments.schoolId),
        eq(assessmentCategories.categoryId, assessments.categoryId),
        isNull(assessmentCategories.removedAt),
        ...(kinds ? [inArray(assessmentCategories.kind, [...kinds])] : []),
      ),
    )
    .leftJoin(
      assessmentResults,
      and(
        eq(assessmentResults.schoolId, assessments.schoolId),
        eq(assessmentResults.assessmentId, assessments.assessmentId),
        eq(assessmentResults.enrollNumber, child.enrollNumber),
      ),
    )
    .where(
      and(
        eq(assessments.schoolId, child.schoolId),
        isNull(assessments.removedAt),
        inTerm,
        latest ? releasedScore : undefined,
      ),
    )
    .orderBy(
      ...(latest
        ? [desc(assessments.resultsPublishedAt), desc(assessments.assessmentId)]
        : [
            sql`coalesce(${assessments.dueOn}, ${assessments.assignedOn}) asc nulls last`,
            asc(subjects.nameEn),
            asc(assessments.titleEn),
            asc(assessments.assessmentId),
          ]),
    )
    .limit(latestReleased ?? MAX_ASSESSMENT_ROWS);
}
