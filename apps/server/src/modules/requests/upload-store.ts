import { and, eq } from 'drizzle-orm';
import type { TStaffDocumentRequestBody } from '@portal/contracts/families/uploads';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { documentRequests } from '../../db/schema/index.ts';
import { childFirstNames, notify, type TNotice } from '../../kits/notify.ts';
import type { TRequestKindHooks } from '../../kits/request-hooks.ts';
import type { TRequestRow } from '../../kits/request-workflow.ts';
import { schoolIdsAmong } from '../../kits/school-ids.ts';

// The school's asks for documents (docs/modules.md F5, module `uploads`): one row per child, made
// by the staff API (and by the demo seed through the same function); each child's parents get a
// `documents.uploadRequested` notice naming the child. An approved upload meets its ask.

export const DOCUMENT_UPLOAD_KIND = 'documentUpload';
export const UPLOADS_PATH = '/upload';

export type TDocumentRequestRow = typeof documentRequests.$inferSelect;

/**
 * Asks the families of these children of the school for a document: 422 `I001` when a child is
 * not the school's (another school's child is as unknown). Answers the rows, one per child.
 */
export async function askForDocument(
  db: TDatabase,
  schoolId: string,
  ask: Omit<TStaffDocumentRequestBody, 'staffId'>,
  askedBy: string,
  at?: Date,
): Promise<TDocumentRequestRow[]> {
  const wanted = [...new Set(ask.enrollNumbers)];
  const knownSet = await schoolIdsAmong(db, schoolId, 'student', wanted);
  const unknown = wanted.filter((enrollNumber) => !knownSet.has(enrollNumber));
  if (unknown.length > 0)
    throw new ApiError(
      422,
      MessageId.importRowsInvalid,
      `no child of the school has the enrolment number ${unknown.map((value) => `"${value}"`).join(', ')}`,
    );
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as TDatabase;
    const rows = await tx
      .insert(documentRequests)
      .values(
        wanted.map((enrollNumber) => ({
          schoolId,
          enrollNumber,
          titleEn: ask.title_en,
          titleAr: ask.title_ar,
          detailsEn: ask.details_en,
          detailsAr: ask.details_ar,
          dueOn: ask.dueOn,
          askedBy,
          ...(at ? { createdAt: at } : {}),
        })),
      )
      .returning();
    const names = await childFirstNames(tx, schoolId, wanted);
    const notices: TNotice[] = rows.map((row) => {
      const name = names.get(row.enrollNumber) ?? row.enrollNumber;
      return {
        schoolId,
        enrollNumber: row.enrollNumber,
        category: 'documents',
        kind: 'documents.uploadRequested',
        dedupeKey: `documents.uploadRequested:${row.documentRequestId}`,
        title: {
          en: `The school asks for ${row.titleEn} for ${name}`,
          ar: `تطلب المدرسة ${row.titleAr} لـ${name}`,
        },
        body: {
          en: `Please upload ${row.titleEn} for ${name} by ${row.dueOn}.`,
          ar: `يرجى رفع ${row.titleAr} لـ${name} قبل ${row.dueOn}.`,
        },
        path: UPLOADS_PATH,
        ...(at ? { at } : {}),
      };
    });
    await notify(tx, notices);
    return rows;
  });
}

/** The document request an upload answers, from its payload. */
export function documentRequestIdOf(request: TRequestRow): string | null {
  const id = request.payload.documentRequestId;
  return typeof id === 'string' ? id : null;
}

/** The `documentUpload` kind's hooks: approved, the upload meets the school's ask. */
export const documentUploadKindHooks: TRequestKindHooks = {
  onApproved: async (tx, request) => {
    const id = documentRequestIdOf(request);
    if (!id) return;
    await tx
      .update(documentRequests)
      .set({ metAt: new Date() })
      .where(
        and(eq(documentRequests.schoolId, request.schoolId), eq(documentRequests.documentRequestId, id)),
      );
  },
};
