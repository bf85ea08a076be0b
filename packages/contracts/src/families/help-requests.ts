import { z } from 'zod';
import { ZApiResult } from '../api-result.ts';
import { endpoint } from '../endpoint.ts';
import { ZEnrollNumber } from '../fees.ts';
import { ZNextCursor, ZPageQuery } from '../kits/paging.ts';
import { MAX_REQUEST_NOTE_LENGTH } from '../kits/requests.ts';
import { ZRequestIdParams, ZRequestItem } from './requests.ts';

/**
 * Help desk tickets and photocopy requests (F5, docs/modules.md): two request kinds of the shared
 * workflow. A ticket (kind `helpdesk`, module `happyToHelp`) goes to one of the school's desks;
 * the school answers in its decision note, and "resolved" is the approved state. A photocopy
 * request (kind `photocopy`, module `photocopyForm`) orders copies of a child's document; once
 * approved, a charged document adds its fee line for the child, paid on the fee page.
 */

/** The school's desks a ticket may go to. */
export const HELPDESK_DEPARTMENTS = ['admissions', 'fees', 'transport', 'it', 'academics', 'other'] as const;
export type THelpdeskDepartment = (typeof HELPDESK_DEPARTMENTS)[number];

export const MAX_HELPDESK_SUBJECT_LENGTH = 150;
export const MAX_HELPDESK_BODY_LENGTH = 5_000;

export const ZHelpdeskBody = z.object({
  department: z.enum(HELPDESK_DEPARTMENTS),
  subject: z.string().trim().min(1).max(MAX_HELPDESK_SUBJECT_LENGTH),
  body: z.string().trim().min(1).max(MAX_HELPDESK_BODY_LENGTH),
  /** The child the ticket is about, if any. */
  enrollNumber: ZEnrollNumber.optional(),
});
export type THelpdeskBody = z.infer<typeof ZHelpdeskBody>;

/** A note the parent adds to an open ticket. */
export const ZRequestNoteBody = z.object({ body: z.string().trim().min(1).max(MAX_REQUEST_NOTE_LENGTH) });
export type TRequestNoteBody = z.infer<typeof ZRequestNoteBody>;

export const ZHelpdeskTicket = ZRequestItem.extend({
  department: z.enum(HELPDESK_DEPARTMENTS),
  subject: z.string(),
  body: z.string(),
});
export type THelpdeskTicket = z.infer<typeof ZHelpdeskTicket>;

export const ZHelpdeskTickets = ZApiResult.extend({
  items: z.array(ZHelpdeskTicket),
  nextCursor: ZNextCursor,
});
export type THelpdeskTickets = z.infer<typeof ZHelpdeskTickets>;
export const ZHelpdeskAnswer = ZApiResult.extend({ ticket: ZHelpdeskTicket });

/** The documents a copy may be ordered of. */
export const PHOTOCOPY_DOCUMENTS = [
  'reportCard',
  'attendanceCertificate',
  'transferCertificate',
  'bonafideCertificate',
  'feeReceipt',
] as const;
export type TPhotocopyDocument = (typeof PHOTOCOPY_DOCUMENTS)[number];

/** What one copy of each document costs, in fils (AED minor units); 0 is free. */
export const PHOTOCOPY_PRICE_MINOR: Readonly<Record<TPhotocopyDocument, number>> = {
  reportCard: 1_000,
  attendanceCertificate: 2_500,
  transferCertificate: 2_500,
  bonafideCertificate: 2_500,
  feeReceipt: 0,
};

export const MAX_PHOTOCOPY_COPIES = 10;
export const MAX_PHOTOCOPY_NOTE_LENGTH = 500;

export const ZPhotocopyBody = z.object({
  enrollNumber: ZEnrollNumber,
  document: z.enum(PHOTOCOPY_DOCUMENTS),
  copies: z.number().int().min(1).max(MAX_PHOTOCOPY_COPIES),
  note: z.string().trim().max(MAX_PHOTOCOPY_NOTE_LENGTH).optional(),
});
export type TPhotocopyBody = z.infer<typeof ZPhotocopyBody>;

export const ZPhotocopyRequest = ZRequestItem.extend({
  document: z.enum(PHOTOCOPY_DOCUMENTS),
  copies: z.number().int().positive(),
  note: z.string(),
  /** What the copies cost in all, in fils (0: free). */
  priceMinor: z.number().int().nonnegative(),
  /** Approved and charged: the fee line added for the child. */
  addedToFees: z.boolean(),
});
export type TPhotocopyRequest = z.infer<typeof ZPhotocopyRequest>;

export const ZPhotocopyRequests = ZApiResult.extend({
  items: z.array(ZPhotocopyRequest),
  nextCursor: ZNextCursor,
});
export type TPhotocopyRequests = z.infer<typeof ZPhotocopyRequests>;
export const ZPhotocopyAnswer = ZApiResult.extend({ request: ZPhotocopyRequest });

export const helpRequestEndpoints = {
  helpdeskTickets: endpoint({
    method: 'GET',
    path: '/helpdesk-tickets',
    module: 'happyToHelp',
    query: ZPageQuery,
    response: ZHelpdeskTickets,
  }),
  createHelpdeskTicket: endpoint({
    method: 'POST',
    path: '/helpdesk-tickets',
    module: 'happyToHelp',
    body: ZHelpdeskBody,
    response: ZHelpdeskAnswer,
    created: true,
  }),
  addHelpdeskNote: endpoint({
    method: 'POST',
    path: '/helpdesk-tickets/:id/notes',
    module: 'happyToHelp',
    params: ZRequestIdParams,
    body: ZRequestNoteBody,
    response: ZHelpdeskAnswer,
  }),
  photocopyRequests: endpoint({
    method: 'GET',
    path: '/photocopy-requests',
    module: 'photocopyForm',
    query: ZPageQuery,
    response: ZPhotocopyRequests,
  }),
  createPhotocopyRequest: endpoint({
    method: 'POST',
    path: '/photocopy-requests',
    module: 'photocopyForm',
    body: ZPhotocopyBody,
    response: ZPhotocopyAnswer,
    created: true,
  }),
};
