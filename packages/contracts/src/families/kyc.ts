import { z } from 'zod';
import { ZApiResult } from '../api-result.ts';
import { endpoint } from '../endpoint.ts';
import { ZEnrollNumber } from '../fees.ts';
import { MAX_ATTACHMENTS_PER_ITEM, ZAttachment } from '../kits/attachments.ts';
import { ZDay, ZInstant } from '../kits/dates.ts';
import { REQUEST_STATUSES } from '../kits/requests.ts';

/**
 * Identity documents, module `kyc` (docs/modules.md F6; docs/school-data.md "kyc_types.csv"):
 * the documents the school keeps on file for each parent and each child (the types come from the
 * school's bundle), the ones on file with their expiry, and the family's uploads, each a request
 * of kind `kycDocument` of the request workflow that the school approves or rejects.
 */

/** Whose document a type is: the parent's own, or each child's. */
export const KYC_OWNERS = ['parent', 'student'] as const;
export type TKycOwner = (typeof KYC_OWNERS)[number];

/**
 * Where a type stands for one owner: nothing on file (`missing`), an upload the school has not
 * decided (`submitted`), an approved document (`valid`, `expiring` within EXPIRING_DAYS days,
 * `expired`), or the last upload refused (`rejected`).
 */
export const KYC_STATES = ['missing', 'submitted', 'valid', 'expiring', 'expired', 'rejected'] as const;
export type TKycState = (typeof KYC_STATES)[number];

/** Days before its expiry from which an approved document is `expiring` (the first reminder). */
export const KYC_EXPIRING_DAYS = 60;
/** Days before expiry on which the family is reminded (`documents.expiring`). */
export const KYC_REMINDER_DAYS = [60, 30, 7] as const;
/** The longest document number kept. */
export const MAX_KYC_NUMBER_LENGTH = 64;
/** How far ahead an expiry may be, in years. */
export const MAX_KYC_VALIDITY_YEARS = 20;

const ZText = z.object({ en: z.string(), ar: z.string() });

/** A document on file. */
export const ZKycDocument = z.object({
  id: z.uuid(),
  typeId: z.string(),
  /** The child it is of; null for the parent's own. */
  enrollNumber: ZEnrollNumber.nullable(),
  /** The document's number as the family typed it ('' when not given). */
  number: z.string(),
  expiresOn: ZDay,
  /** Days from the school's today to the expiry (negative once expired). */
  daysLeft: z.number().int(),
  status: z.enum(REQUEST_STATUSES),
  /** The school's note when it decided (why it refused), else ''. */
  note: z.string(),
  files: z.array(ZAttachment),
  submittedAt: ZInstant,
});
export type TKycDocument = z.infer<typeof ZKycDocument>;

/** A type the school asks for, as it stands for one owner. */
export const ZKycTypeState = z.object({
  typeId: z.string(),
  name: ZText,
  required: z.boolean(),
  state: z.enum(KYC_STATES),
  /** The approved document with the latest expiry (null when none). */
  current: ZKycDocument.nullable(),
  /** The upload the school has not decided yet (null when none). */
  pending: ZKycDocument.nullable(),
  /** The family may upload one now (nothing undecided of this type and owner). */
  canUpload: z.boolean(),
});
export type TKycTypeState = z.infer<typeof ZKycTypeState>;

/** The parent or one child, with the types asked of them and every document on file. */
export const ZKycOwnerDocuments = z.object({
  owner: z.enum(KYC_OWNERS),
  /** null for the parent. */
  enrollNumber: ZEnrollNumber.nullable(),
  /** The child's name, or the parent's. */
  name: z.string(),
  types: z.array(ZKycTypeState),
  /** Every document on file, newest first (at most MAX_KYC_DOCUMENTS_LISTED). */
  documents: z.array(ZKycDocument),
});
export type TKycOwnerDocuments = z.infer<typeof ZKycOwnerDocuments>;

export const MAX_KYC_DOCUMENTS_LISTED = 50;

export const ZKycDocuments = ZApiResult.extend({
  /** The school's today, from which `daysLeft` counts. */
  today: ZDay,
  /** The parent first, then each child. */
  owners: z.array(ZKycOwnerDocuments),
});
export type TKycDocuments = z.infer<typeof ZKycDocuments>;

export const ZKycUploadBody = z.object({
  typeId: z.string().min(1).max(128),
  /** The child for a child's type; null for the parent's own. */
  enrollNumber: ZEnrollNumber.nullable(),
  number: z.string().trim().max(MAX_KYC_NUMBER_LENGTH).optional(),
  /** After the school's today (else 422 `R002`). */
  expiresOn: ZDay,
  attachmentIds: z.array(z.uuid()).min(1).max(MAX_ATTACHMENTS_PER_ITEM),
});
export type TKycUploadBody = z.infer<typeof ZKycUploadBody>;

export const ZKycUploadAnswer = ZApiResult.extend({ document: ZKycDocument });
export type TKycUploadAnswer = z.infer<typeof ZKycUploadAnswer>;

export const kycEndpoints = {
  documents: endpoint({
    method: 'GET',
    path: '/kyc/documents',
    module: 'kyc',
    response: ZKycDocuments,
  }),
  upload: endpoint({
    method: 'POST',
    path: '/kyc/documents',
    module: 'kyc',
    body: ZKycUploadBody,
    response: ZKycUploadAnswer,
    created: true,
  }),
};
