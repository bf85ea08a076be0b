import { z } from 'zod';
import { ZApiResult } from '../api-result.ts';
import { ZInstant } from './dates.ts';

/**
 * Files parents attach to requests, messages and uploads (docs/decisions/018-module-families.md):
 * `POST /api/v1/ppn/attachments` (multipart, one file of at most 10 MB: PDF, JPEG, PNG or WebP)
 * answers the attachment, which a later request names by id; unused ones are purged after 24 h.
 */
export const ATTACHMENT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;

/** Files one item (a request, a message) may carry. */
export const MAX_ATTACHMENTS_PER_ITEM = 5;

export const ZAttachment = z.object({
  id: z.uuid(),
  fileName: z.string(),
  contentType: z.enum(ATTACHMENT_CONTENT_TYPES),
  sizeBytes: z.number().int().positive(),
  createdAt: ZInstant,
});
export type TAttachment = z.infer<typeof ZAttachment>;

export const ZAttachmentAnswer = ZApiResult.extend({ attachment: ZAttachment });

/** A list of attachments named in a request's body. */
export const ZAttachmentIds = z.array(z.uuid()).max(MAX_ATTACHMENTS_PER_ITEM);
