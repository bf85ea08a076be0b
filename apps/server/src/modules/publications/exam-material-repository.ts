import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { TExamMaterial } from '@portal/contracts/families/publications';
import type { TDatabase } from '../../db/client.ts';
import { examMaterials, terms, type TPublicationFileRef } from '../../db/schema/index.ts';
import { published } from '../../kits/publication.ts';
import { schoolWide } from '../../access/school.ts';

// Reading exam material as parents see it (docs/modules.md F4): a grade's published material that
// the school has not removed, by subject, then syllabus, revision pack and past paper, and the
// terms of the school's current academic year.

/** The most materials one answer holds (a grade's years of past papers fit). */
export const MAX_EXAM_MATERIALS = 500;

export type TExamMaterialRow = {
  materialId: string;
  kind: TExamMaterial['kind'];
  termId: string | null;
  subjectEn: string;
  subjectAr: string;
  titleEn: string;
  titleAr: string;
  file: TPublicationFileRef;
  publishedAt: Date;
};

/** The order of the kinds on the page. */
const KIND_ORDER = sql`case ${examMaterials.kind} when 'syllabus' then 0 when 'revision' then 1 else 2 end`;

/** The grade's published materials (or the one with `materialId`). */
export async function examMaterialsOfGrade(
  db: TDatabase,
  schoolId: string,
  gradeCode: string,
  materialId?: string,
): Promise<TExamMaterialRow[]> {
  const rows = await db
    .select({
      materialId: examMaterials.materialId,
      kind: examMaterials.kind,
      termId: examMaterials.termId,
      subjectEn: examMaterials.subjectEn,
      subjectAr: examMaterials.subjectAr,
      titleEn: examMaterials.titleEn,
      titleAr: examMaterials.titleAr,
      file: examMaterials.file,
      publishedAt: examMaterials.publishedAt,
    })
    .from(examMaterials)
    .where(
      and(
        eq(examMaterials.schoolId, schoolId),
        eq(examMaterials.gradeCode, gradeCode),
        published(examMaterials.publishedAt),
        isNull(examMaterials.removedAt),
        ...(materialId === undefined ? [] : [eq(examMaterials.materialId, materialId)]),
      ),
    )
    .orderBy(
      asc(examMaterials.subjectEn),
      KIND_ORDER,
      asc(examMaterials.titleEn),
      asc(examMaterials.materialId),
    )
    .limit(MAX_EXAM_MATERIALS);
  return rows.map((row) => ({
    ...row,
    kind: row.kind as TExamMaterial['kind'],
    publishedAt: row.publishedAt ?? new Date(0),
  }));
}

export type TYearTerm = { id: string; name: string; nameAr: string };

/** The school's terms of its current academic year, in order of their start. */
export async function termsOfCurrentYear(db: TDatabase, schoolId: string): Promise<TYearTerm[]> {
  const year = (await schoolWide(db, schoolId))?.year;
  if (!year) return [];
  return db
    .select({ id: terms.termId, name: terms.titleEn, nameAr: terms.titleAr })
    .from(terms)
    .where(and(eq(terms.schoolId, schoolId), eq(terms.academicYear, year.year), isNull(terms.removedAt)))
    .orderBy(asc(terms.startsOn), asc(terms.endsOn), asc(terms.termId));
}
