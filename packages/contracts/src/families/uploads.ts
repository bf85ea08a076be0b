import { z } from 'zod';
import { ZApiResult } from '../api-result.ts';
import { endpoint } from '../endpoint.ts';
import { ZEnrollNumber } from '../fees.ts';
import { ZAttachment, MAX_ATTACHMENTS_PER_ITEM } from '../kits/attachments.ts';
import { ZDay, ZInstant } from '../kits/dates.ts';
import { MAX_REQUEST_NOTE_LENGTH, REQUEST_STATUSES, ZRequestEvent } from '../kits/requests.ts';

/**
 * Uploads (docs/modules.md F5, module `uploads`): documents the school asks a family for, one per
 * child, through the staff API; the parent answers with files through the attachment kit, as a
 * request of kind `documentUpload` the school decides like any other.
 */

/** Where a document the school asked for stands for the family. */
export const DOCUMENT_STATES = ['waiting', 'sent', 'accepted', 'refused'] as const;
export type TDocumentState = (typeof DOCUMENT_STATES)[number];

export const MAX_DOCUMENT_TITLE_LENGTH = 200;
export const MAX_DOCUMENT_DETAILS_LENGTH = 2_000;

/** One answer the family sent: the files, the request's state and its history. */
export const ZDocumentUpload = z.object({
  requestId: z.uuid(),
  status: z.enum(REQUEST_STATUSES),
  files: z.array(ZAttachment),
  /** The school's note when it decided (why it refused). */
  note: z.string(),
  createdAt: ZInstant,
  history: z.array(ZRequestEvent),
});
export type TDocumentUpload = z.infer<typeof ZDocumentUpload>;

/** A document the school asked of one child, with what the family sent for it. */
export const ZDocumentRequest = z.object({
  id: z.uuid(),
  enrollNumber: ZEnrollNumber,
  childName: z.string(),
  title: z.object({ en: z.string(), ar: z.string() }),
  details: z.object({ en: z.string(), ar: z.string() }),
  dueOn: ZDay,
  /** Still wanted and past its day. */
  overdue: z.boolean(),
  state: z.enum(DOCUMENT_STATES),
  /** The school's note on the latest refusal, else empty. */
  schoolNote: z.string(),
  /** The family may send files now (nothing under review, not accepted). */
  canSend: z.boolean(),
  askedAt: ZInstant,
  /** What the family sent, newest first. */
  uploads: z.array(ZDocumentUpload),
});
export type TDocumentRequest = z.infer<typeof ZDocumentRequest>;

export const ZDocumentRequestsQuery = z.object({ enrollNumber: ZEnrollNumber.optional() });
export const ZDocumentRequests = ZApiResult.extend({ items: z.array(ZDocumentRequest) });
export type TDocumentRequests = z.infer<typeof ZDocumentRequests>;

export const ZDocumentRequestParams = z.object({ documentRequestId: z.string().min(1).max(128) });
export const ZDocumentUploadBody = z.object({
  attachmentIds: z.array(z.uuid()).min(1).max(MAX_ATTACHMENTS_PER_ITEM),
});
export type TDocumentUploadBody = z.infer<typeof ZDocumentUploadBody>;
export const ZDocumentUploadAnswer = ZApiResult.extend({ document: ZDocumentRequest });
export type TDocumentUploadAnswer = z.infer<typeof ZDocumentUploadAnswer>;

export const uploadEndpoints = {
  documentRequests: endpoint({
    method: 'GET',
    path: '/uploads',
    module: 'uploads',
    query: ZDocumentRequestsQuery,
    response: ZDocumentRequests,
  }),
  sendDocument: endpoint({
    method: 'POST',
    path: '/uploads/:documentRequestId',
    module: 'uploads',
    params: ZDocumentRequestParams,
    body: ZDocumentUploadBody,
    response: ZDocumentUploadAnswer,
    created: true,
  }),
};

// ---------------------------------------------------------------- the staff API (/api/v1/staff)

export const ZStaffDocumentRequestBody = z.object({
  enrollNumbers: z.array(ZEnrollNumber).min(1).max(500),
  title_en: z.string().trim().min(1).max(MAX_DOCUMENT_TITLE_LENGTH),
  title_ar: z.string().trim().min(1).max(MAX_DOCUMENT_TITLE_LENGTH),
  details_en: z.string().trim().max(MAX_DOCUMENT_DETAILS_LENGTH).default(''),
  details_ar: z.string().trim().max(MAX_DOCUMENT_DETAILS_LENGTH).default(''),
  dueOn: ZDay,
  staffId: z.string().min(1).max(128).optional(),
});
export type TStaffDocumentRequestBody = z.infer<typeof ZStaffDocumentRequestBody>;

export const ZStaffDocumentRequestAnswer = ZApiResult.extend({
  items: z.array(z.object({ id: z.uuid(), enrollNumber: ZEnrollNumber, dueOn: ZDay })),
});

/** The longest note the school's decision carries (shown to the family). */
export const MAX_DOCUMENT_NOTE_LENGTH = MAX_REQUEST_NOTE_LENGTH;
