import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZEnrollQuery } from '@portal/contracts/fees';
import { MessageId } from '@portal/contracts/messages';
import {
  PUBLICATION_FILE_PATHS,
  publicationEndpoints,
  ZIdParams,
  type TExamMaterial,
} from '@portal/contracts/families/publications';
import { pathOf } from '@portal/contracts/endpoint';
import { ApiError } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { requireOwnChild } from '../../access/own-child.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import {
  examMaterialsOfGrade,
  termsOfCurrentYear,
  type TExamMaterialRow,
} from './exam-material-repository.ts';
import { PDF_ROUTE_OPTIONS, sendPublicationFile } from './publication-files.ts';

// Exam material (module `examMaterial`, docs/modules.md F4): the syllabi, revision packs and past
// papers of a child's grade, published and not removed, perhaps of one term of the current
// year (400 V001 for a term that is not one of them, as the results pages answer), with the
// terms that hold material; and a material's PDF, for a material of that child's grade only.

const ok = { success: true, messageId: MessageId.ok } as const;

const unknownTerm = (termId: string) =>
  new ApiError(400, MessageId.invalidRequest, `"${termId}" is not a term of this academic year`);

/** A material as the parent sees it, its file downloaded for the same child. */
function materialOf(row: TExamMaterialRow, enrollNumber: string): TExamMaterial {
  const path = pathOf({ path: PUBLICATION_FILE_PATHS.examMaterialFile }, { id: row.materialId });
  return {
    id: row.materialId,
    kind: row.kind,
    subject: row.subjectEn,
    subjectAr: row.subjectAr,
    title: row.titleEn,
    titleAr: row.titleAr,
    termId: row.termId,
    publishedAt: row.publishedAt.toISOString(),
    file: {
      id: row.file.fileId,
      fileName: row.file.fileName,
      sizeBytes: row.file.sizeBytes,
      path: `${path}?enrollNumber=${encodeURIComponent(enrollNumber)}`,
    },
  };
}

/** GET exam-materials?enrollNumber&term and GET exam-materials/:id/file?enrollNumber (module examMaterial). */
export function examMaterialRoutes(app: FastifyInstance, db: TDatabase): void {
  addEndpoint(app, publicationEndpoints.examMaterials, async (request) => {
    const child = await requireOwnChild(db, request.session, request.query.enrollNumber);
    const [rows, yearTerms] = await Promise.all([
      examMaterialsOfGrade(db, child.schoolId, child.gradeCode),
      termsOfCurrentYear(db, child.schoolId),
    ]);
    const termId = request.query.term;
    if (termId !== undefined && !yearTerms.some((term) => term.id === termId)) throw unknownTerm(termId);
    // Material of no term is the whole year's: it belongs to every term.
    const items =
      termId === undefined ? rows : rows.filter((row) => row.termId === null || row.termId === termId);
    const holding = new Set(rows.map((row) => row.termId));
    return {
      ...ok,
      items: items.map((row) => materialOf(row, child.enrollNumber)),
      terms: yearTerms
        .filter((term) => holding.has(term.id))
        .map((term) => ({ id: term.id, name: term.name, nameAr: term.nameAr })),
    };
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    PUBLICATION_FILE_PATHS.examMaterialFile,
    {
      config: { module: 'examMaterial' },
      schema: { params: ZIdParams, querystring: ZEnrollQuery },
      ...PDF_ROUTE_OPTIONS,
    },
    async (request, reply) => {
      const child = await requireOwnChild(db, request.session, request.query.enrollNumber);
      const [material] = await examMaterialsOfGrade(db, child.schoolId, child.gradeCode, request.params.id);
      if (!material) throw new ApiError(404, MessageId.notFound, 'No such exam material for this child');
      return sendPublicationFile(reply, db, child.schoolId, material.file);
    },
  );
}
