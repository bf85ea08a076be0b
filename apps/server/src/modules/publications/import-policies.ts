import { and, eq } from 'drizzle-orm';
import { EXAM_MATERIAL_KINDS } from '@portal/contracts/families/publications';
import { examMaterials, schoolPolicies } from '../../db/schema/index.ts';
import {
  among,
  appliedCounts,
  byStatus,
  removeRows,
  sourcedIdsOf,
  upsertRows,
} from '../../kits/bundle-apply.ts';
import { rowReader, type TRowReader } from '../../kits/bundle-fields.ts';
import type { TAnyBundleFileHandler, TBundleFileHandler } from '../../kits/bundle-file.ts';
import { publishedAtOf, titleOf } from '../../kits/portal-columns.ts';
import { checkReferences } from '../../kits/school-ids.ts';
import { pdfOfRow, storePublicationFiles, type TBundlePdf } from './publication-files.ts';
import { noticeNewPolicies } from './policy-notices.ts';

// policies.csv and exam_materials.csv (docs/school-data.md): the school's policies, each at
// its current version (a new version string on the same sourcedId asks the parents to
// acknowledge it again, and tells them once), and the syllabi, revision packs and past papers
// of each grade, perhaps of a term. The PDFs the rows name travel in the bundle's zip and are
// stored once per school and content (publication-files.ts).

/** The longest version string (`2026.2`, `v3`, `September 2026`). */
export const MAX_VERSION_LENGTH = 40;
/** The longest summary of a policy. */
export const MAX_SUMMARY_LENGTH = 2_000;
/** The longest grade code (as students.csv and the staff API's audiences write it). */
const MAX_GRADE_LENGTH = 32;

type TPolicyRow = {
  sourcedId: string;
  version: string;
  titleEn: string;
  titleAr: string;
  summaryEn: string;
  summaryAr: string;
  file: TBundlePdf | null;
  requiresAck: boolean;
  effectiveOn: string | null;
  publishedAt: Date | null;
};

type TExamMaterialRow = {
  sourcedId: string;
  gradeCode: string;
  kind: (typeof EXAM_MATERIAL_KINDS)[number] | null;
  termId: string | null;
  subjectEn: string;
  subjectAr: string;
  titleEn: string;
  titleAr: string;
  file: TBundlePdf | null;
  publishedAt: Date | null;
};

/** A text column at most `max` characters long (trimmed). */
function shortText(read: TRowReader, column: string, max: number, options: { required?: boolean } = {}) {
  const value = read.text(column, options).trim();
  if (value.length > max) read.problem(column, `longer than ${max} characters`);
  return value;
}

/** Stores the PDFs of the rows that carry one and answers each row's reference, by sourcedId. */
async function storedFilesOf<R extends { sourcedId: string; file: TBundlePdf | null }>(
  tx: Parameters<typeof storePublicationFiles>[0],
  schoolId: string,
  rows: readonly R[],
) {
  const carrying = rows.filter((row): row is R & { file: TBundlePdf } => row.file !== null);
  const refs = await storePublicationFiles(
    tx,
    schoolId,
    carrying.map((row) => row.file),
  );
  return new Map(carrying.map((row, index) => [row.sourcedId, refs[index] ?? null]));
}

export const policiesFile: TBundleFileHandler<TPolicyRow> = {
  file: 'policies.csv',
  columns: ['sourcedId', 'version', 'title_en', 'publishedAt'],
  optionalColumns: ['title_ar', 'summary_en', 'summary_ar', 'file', 'requiresAck', 'effectiveOn'],
  // The school's parents are told of a new version: those of the same bundle too.
  after: ['users.csv'],
  keyColumn: 'sourcedId',
  parseRow(record, row, status, attached) {
    const read = rowReader(record, row);
    const active = status === 'active';
    const required = { required: active };
    const value: TPolicyRow = {
      sourcedId: read.text('sourcedId', { required: true }),
      version: shortText(read, 'version', MAX_VERSION_LENGTH, required),
      titleEn: titleOf(read, 'title_en', required),
      titleAr: titleOf(read, 'title_ar'),
      summaryEn: shortText(read, 'summary_en', MAX_SUMMARY_LENGTH),
      summaryAr: shortText(read, 'summary_ar', MAX_SUMMARY_LENGTH),
      file: active ? pdfOfRow(read, 'file', attached) : null,
      requiresAck: read.boolean('requiresAck', false),
      effectiveOn: read.day('effectiveOn'),
      publishedAt: publishedAtOf(read),
    };
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const { schoolId } = context;
    const { active, deleted } = byStatus(rows);
    const values = active.map((row) => row.value);
    // The versions stored before: a policy whose version changes is told again.
    const before = new Map<string, string>();
    if (values.length > 0) {
      const stored = await tx
        .select({ id: schoolPolicies.policyId, version: schoolPolicies.version })
        .from(schoolPolicies)
        .where(
          and(eq(schoolPolicies.schoolId, schoolId), among(schoolPolicies.policyId, sourcedIdsOf(active))),
        );
      for (const policy of stored) before.set(policy.id, policy.version);
    }
    const files = await storedFilesOf(tx, schoolId, values);
    const written = await upsertRows(tx, schoolPolicies, {
      target: [schoolPolicies.schoolId, schoolPolicies.policyId],
      update: [
        schoolPolicies.version,
        schoolPolicies.titleEn,
        schoolPolicies.titleAr,
        schoolPolicies.summaryEn,
        schoolPolicies.summaryAr,
        schoolPolicies.file,
        schoolPolicies.requiresAck,
        schoolPolicies.effectiveOn,
        schoolPolicies.publishedAt,
        schoolPolicies.removedAt,
      ],
      rows: values.map((value) => ({
        schoolId,
        policyId: value.sourcedId,
        version: value.version,
        titleEn: value.titleEn,
        titleAr: value.titleAr,
        summaryEn: value.summaryEn,
        summaryAr: value.summaryAr,
        file: files.get(value.sourcedId) ?? null,
        requiresAck: value.requiresAck,
        effectiveOn: value.effectiveOn,
        publishedAt: value.publishedAt,
        removedAt: null,
      })),
    });
    const newVersions = values
      .filter((value) => before.has(value.sourcedId) && before.get(value.sourcedId) !== value.version)
      .map((value) => value.sourcedId);
    if (newVersions.length > 0)
      await tx
        .update(schoolPolicies)
        .set({ notifiedAt: null })
        .where(and(eq(schoolPolicies.schoolId, schoolId), among(schoolPolicies.policyId, newVersions)));
    const removed = await removeRows(tx, context, schoolPolicies, {
      school: schoolPolicies.schoolId,
      id: schoolPolicies.policyId,
      removedAt: schoolPolicies.removedAt,
      deleted: sourcedIdsOf(deleted),
      kept: sourcedIdsOf(active),
    });
    await noticeNewPolicies(tx, schoolId, context.today);
    return appliedCounts(rows.length, written, removed);
  },
};

export const examMaterialsFile: TBundleFileHandler<TExamMaterialRow> = {
  file: 'exam_materials.csv',
  columns: ['sourcedId', 'grade', 'kind', 'title_en', 'file', 'publishedAt'],
  optionalColumns: ['title_ar', 'subject_en', 'subject_ar', 'termSourcedId'],
  after: ['academicSessions.csv'],
  keyColumn: 'sourcedId',
  parseRow(record, row, status, attached) {
    const read = rowReader(record, row);
    const active = status === 'active';
    const required = { required: active };
    const value: TExamMaterialRow = {
      sourcedId: read.text('sourcedId', { required: true }),
      gradeCode: shortText(read, 'grade', MAX_GRADE_LENGTH, required),
      kind: read.oneOf('kind', EXAM_MATERIAL_KINDS, required),
      termId: read.text('termSourcedId').trim() || null,
      subjectEn: titleOf(read, 'subject_en'),
      subjectAr: titleOf(read, 'subject_ar'),
      titleEn: titleOf(read, 'title_en', required),
      titleAr: titleOf(read, 'title_ar'),
      file: active ? pdfOfRow(read, 'file', attached) : null,
      publishedAt: publishedAtOf(read),
    };
    if (active && value.file === null && read.text('file').trim() === '')
      read.problem('file', 'required, but empty');
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const { schoolId } = context;
    const { active, deleted } = byStatus(rows);
    const valid = await checkReferences(tx, context, active, [
      { kind: 'term', column: 'termSourcedId', idOf: (value) => value.termId },
    ]);
    const values = valid.map((row) => row.value);
    const files = await storedFilesOf(tx, schoolId, values);
    const written = await upsertRows(tx, examMaterials, {
      target: [examMaterials.schoolId, examMaterials.materialId],
      update: [
        examMaterials.gradeCode,
        examMaterials.termId,
        examMaterials.kind,
        examMaterials.subjectEn,
        examMaterials.subjectAr,
        examMaterials.titleEn,
        examMaterials.titleAr,
        examMaterials.file,
        examMaterials.publishedAt,
        examMaterials.removedAt,
      ],
      rows: values.flatMap((value) => {
        const file = files.get(value.sourcedId);
        if (!file || !value.kind) return [];
        return [
          {
            schoolId,
            materialId: value.sourcedId,
            gradeCode: value.gradeCode,
            termId: value.termId,
            kind: value.kind,
            subjectEn: value.subjectEn,
            subjectAr: value.subjectAr,
            titleEn: value.titleEn,
            titleAr: value.titleAr,
            file,
            publishedAt: value.publishedAt,
            removedAt: null,
          },
        ];
      }),
    });
    const removed = await removeRows(tx, context, examMaterials, {
      school: examMaterials.schoolId,
      id: examMaterials.materialId,
      removedAt: examMaterials.removedAt,
      deleted: sourcedIdsOf(deleted),
      kept: sourcedIdsOf(active),
    });
    return appliedCounts(rows.length, written, removed);
  },
};

/** policies.csv and exam_materials.csv (docs/school-data.md), with the PDFs their rows name. */
export const policyFiles: TAnyBundleFileHandler[] = [policiesFile, examMaterialsFile];
