import PDFDocument from 'pdfkit';
import type { TDatabase } from '../../../src/db/client.ts';
import {
  assessmentCategories,
  assessmentResults,
  assessments,
  classes,
  enrollments,
  gradingScales,
  subjects,
} from '../../../src/db/schema/index.ts';

// What the report card tests add to the demo data: a subject of Layla's of their own, with one
// released and one unreleased assessment, graded on a scale of their own, so the card's marks
// are known whatever else the demo holds.

export const TEST_SUBJECT = { en: 'Astronomy', ar: 'علم الفلك' };

/** Astronomy for Layla (MG1002): 42 of 50 released (84 %, grade B), 10 of 50 not released. */
export async function addLaylaAstronomy(db: TDatabase): Promise<void> {
  const schoolId = 'mogra';
  await db
    .insert(subjects)
    .values({ schoolId, subjectId: 'rc-astro', nameEn: TEST_SUBJECT.en, nameAr: TEST_SUBJECT.ar });
  await db.insert(classes).values({
    schoolId,
    classId: 'rc-astro-6B',
    classType: 'scheduled',
    titleEn: 'Astronomy 6B',
    subjectId: 'rc-astro',
  });
  await db.insert(enrollments).values({
    schoolId,
    enrollmentId: 'rc-astro-6B-MG1002',
    classId: 'rc-astro-6B',
    role: 'student',
    personId: 'MG1002',
  });
  await db
    .insert(assessmentCategories)
    .values({ schoolId, categoryId: 'rc-tests', kind: 'assessment', titleEn: 'Tests', titleAr: 'اختبارات' });
  await db.insert(gradingScales).values({
    schoolId,
    scaleId: 'rc-scale',
    titleEn: 'Star scale',
    titleAr: 'سلم النجوم',
    bands: [
      { scores: '90-100', min: 90, max: 100, grade: 'A', descriptorEn: 'Stellar', descriptorAr: 'ممتاز' },
      { scores: '80-89', min: 80, max: 89, grade: 'B', descriptorEn: 'Bright', descriptorAr: 'جيد جدًا' },
      { scores: '0-79', min: 0, max: 79, grade: 'C', descriptorEn: 'Rising', descriptorAr: 'جيد' },
    ],
  });
  const assessment = (id: string, released: boolean) => ({
    schoolId,
    assessmentId: id,
    classId: 'rc-astro-6B',
    categoryId: 'rc-tests',
    termId: 'term-2026-1',
    scaleId: 'rc-scale',
    titleEn: `Planets quiz ${id}`,
    resultMax: 50,
    resultsPublishedAt: released ? new Date(Date.now() - 10 * 86_400_000) : null,
  });
  await db.insert(assessments).values([assessment('rc-astro-1', true), assessment('rc-astro-2', false)]);
  const result = (id: string, score: number) => ({
    schoolId,
    resultId: `${id}-MG1002`,
    assessmentId: id,
    enrollNumber: 'MG1002',
    scoreStatus: 'fully graded',
    score,
  });
  await db.insert(assessmentResults).values([result('rc-astro-1', 42), result('rc-astro-2', 10)]);
}

/** A small PDF, as a school's system would supply one. */
export function schoolPdf(text: string, extra = ''): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) =>
    doc.on('end', () => resolve(Buffer.concat([...chunks, Buffer.from(extra, 'latin1')]))),
  );
  doc.text(text);
  doc.end();
  return done;
}
