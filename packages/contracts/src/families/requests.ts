import { z } from 'zod';
import { ZApiResult } from '../api-result.ts';
import { endpoint } from '../endpoint.ts';
import { ZEnrollNumber } from '../fees.ts';
import { ZDay, ZInstant } from '../kits/dates.ts';
import { ZNextCursor, ZPageQuery } from '../kits/paging.ts';
import { MAX_REQUEST_NOTE_LENGTH, REQUEST_STATUSES, ZRequestEvent } from '../kits/requests.ts';

/**
 * Requests and bookings (F5, docs/modules.md; docs/decisions/018-module-families.md): the request kinds of the shared workflow, the module that grants each, leave requests for
 * one or several siblings, the family's hub of every request, and the staff API that reviews
 * and decides them.
 */

/** Every request kind of the shared workflow. */
export const REQUEST_KINDS = [
  'leave',
  'exitSlip',
  'photocopy',
  'helpdesk',
  'documentUpload',
  'ambassador',
  'medicalUpdate',
  'counsellingRequest',
  'parentProfileChange',
  'studentProfileChange',
  'kycDocument',
  'transportChange',
] as const;
export type TRequestKind = (typeof REQUEST_KINDS)[number];

/** The menu entry whose grant opens each kind (a hub lists granted kinds only). */
export const REQUEST_KIND_MODULES: Readonly<Record<TRequestKind, string>> = {
  leave: 'studentLeave',
  exitSlip: 'exitSlips',
  photocopy: 'photocopyForm',
  helpdesk: 'happyToHelp',
  documentUpload: 'uploads',
  ambassador: 'ambassador',
  medicalUpdate: 'medical',
  counsellingRequest: 'counselling',
  parentProfileChange: 'parentProfile',
  studentProfileChange: 'studentProfile',
  kycDocument: 'kyc',
  transportChange: 'transport',
};

/** A child a request names. */
export const ZRequestChild = z.object({ enrollNumber: ZEnrollNumber, childName: z.string() });
export type TRequestChild = z.infer<typeof ZRequestChild>;

/** A request of any kind, as the family's hub lists it. */
export const ZRequestItem = z.object({
  id: z.uuid(),
  kind: z.enum(REQUEST_KINDS),
  status: z.enum(REQUEST_STATUSES),
  /** The children it is about (none for a request about the parent). */
  children: z.array(ZRequestChild),
  /** A line that tells the requests apart (the reason, the subject). */
  summary: z.string(),
  createdAt: ZInstant,
  updatedAt: ZInstant,
  /** The parent may still cancel it (undecided). */
  canCancel: z.boolean(),
  history: z.array(ZRequestEvent),
});
export type TRequestItem = z.infer<typeof ZRequestItem>;

const ZId = z.string().min(1).max(128);
export const ZRequestIdParams = z.object({ id: ZId });

export const ZRequestsQuery = ZPageQuery.extend({ status: z.enum(REQUEST_STATUSES).optional() });
export const ZRequests = ZApiResult.extend({ items: z.array(ZRequestItem), nextCursor: ZNextCursor });
export type TRequests = z.infer<typeof ZRequests>;
export const ZRequestAnswer = ZApiResult.extend({ request: ZRequestItem });

// ---------------------------------------------------------------- leave

/** Children one leave request may name. */
export const MAX_LEAVE_CHILDREN = 10;
/** How many days ahead a leave may start or end (further: 422 `R002`). */
export const MAX_LEAVE_AHEAD_DAYS = 30;
export const MAX_LEAVE_REASON_LENGTH = 1_000;

export const ZLeaveBody = z.object({
  enrollNumbers: z.array(ZEnrollNumber).min(1).max(MAX_LEAVE_CHILDREN),
  from: ZDay,
  /** The last day of leave; before `from`: 422 `R002`. */
  to: ZDay,
  reason: z.string().trim().min(1).max(MAX_LEAVE_REASON_LENGTH),
  /** Keep it as a draft, not sent to the school yet (`POST leave-requests/:id/submit` sends it). */
  draft: z.boolean().optional(),
});
export type TLeaveBody = z.infer<typeof ZLeaveBody>;
/** PATCH leave-requests/:id: a draft's new content (a request already sent: 409 `R001`). */
export const ZLeaveDraftBody = ZLeaveBody.omit({ draft: true });
export type TLeaveDraftBody = z.infer<typeof ZLeaveDraftBody>;

export const ZLeaveRequest = ZRequestItem.extend({
  from: ZDay,
  to: ZDay,
  reason: z.string(),
  /** School days it covers (weekends and holidays left out). */
  days: z.number().int().nonnegative(),
});
export type TLeaveRequest = z.infer<typeof ZLeaveRequest>;

export const ZLeaveRequestsQuery = ZPageQuery.extend({ enrollNumber: ZEnrollNumber.optional() });
export const ZLeaveRequests = ZApiResult.extend({ items: z.array(ZLeaveRequest), nextCursor: ZNextCursor });
export type TLeaveRequests = z.infer<typeof ZLeaveRequests>;
export const ZLeaveAnswer = ZApiResult.extend({ request: ZLeaveRequest });
export type TLeaveAnswer = z.infer<typeof ZLeaveAnswer>;

export const ZLeavePrefillQuery = z.object({ enrollNumber: ZEnrollNumber, absentOn: ZDay });
/** A leave form filled from an unexplained absence: the child, the day and the siblings absent that day. */
export const ZLeavePrefill = ZApiResult.extend({
  prefill: z.object({
    enrollNumbers: z.array(ZEnrollNumber),
    children: z.array(ZRequestChild),
    from: ZDay,
    to: ZDay,
    /** The absence is unexplained (no reason recorded, no leave standing). */
    unexplained: z.boolean(),
  }),
});
export type TLeavePrefill = z.infer<typeof ZLeavePrefill>;

// ---------------------------------------------------------------- the parent API

export const requestEndpoints = {
  leaveRequests: endpoint({
    method: 'GET',
    path: '/leave-requests',
    module: 'studentLeave',
    query: ZLeaveRequestsQuery,
    response: ZLeaveRequests,
  }),
  createLeave: endpoint({
    method: 'POST',
    path: '/leave-requests',
    module: 'studentLeave',
    body: ZLeaveBody,
    response: ZLeaveAnswer,
    created: true,
  }),
  leavePrefill: endpoint({
    method: 'GET',
    path: '/leave-requests/prefill',
    module: 'studentLeave',
    query: ZLeavePrefillQuery,
    response: ZLeavePrefill,
  }),
  updateLeaveDraft: endpoint({
    method: 'PATCH',
    path: '/leave-requests/:id',
    module: 'studentLeave',
    params: ZRequestIdParams,
    body: ZLeaveDraftBody,
    response: ZLeaveAnswer,
  }),
  submitLeave: endpoint({
    method: 'POST',
    path: '/leave-requests/:id/submit',
    module: 'studentLeave',
    params: ZRequestIdParams,
    response: ZLeaveAnswer,
  }),
  cancelLeave: endpoint({
    method: 'POST',
    path: '/leave-requests/:id/cancel',
    module: 'studentLeave',
    params: ZRequestIdParams,
    response: ZLeaveAnswer,
  }),
  requests: endpoint({
    method: 'GET',
    path: '/requests',
    module: 'requisitions',
    query: ZRequestsQuery,
    response: ZRequests,
  }),
  cancelRequest: endpoint({
    method: 'POST',
    path: '/requests/:id/cancel',
    module: 'requisitions',
    params: ZRequestIdParams,
    response: ZRequestAnswer,
  }),
};

// ---------------------------------------------------------------- the staff API (/api/v1/staff)

export const ZStaffRequestsQuery = ZPageQuery.extend({
  status: z.enum(REQUEST_STATUSES).optional(),
  kind: z.enum(REQUEST_KINDS).optional(),
});

/** A request as the school reads it: who asked, about which children, what, and its history. */
export const ZStaffRequest = ZRequestItem.omit({ canCancel: true }).extend({
  parentId: z.string(),
  /** The kind's own fields, as the parent gave them. */
  payload: z.record(z.string(), z.unknown()),
});
export type TStaffRequest = z.infer<typeof ZStaffRequest>;

export const ZStaffRequests = ZApiResult.extend({ items: z.array(ZStaffRequest), nextCursor: ZNextCursor });

export const ZStaffDecideBody = z.object({
  decision: z.enum(['approved', 'rejected']),
  note: z.string().trim().max(MAX_REQUEST_NOTE_LENGTH).default(''),
  /** The staff member deciding, kept in the history and the audit. */
  staffId: ZId.optional(),
});

export const ZStaffReviewBody = z.object({
  note: z.string().trim().max(MAX_REQUEST_NOTE_LENGTH).default(''),
  staffId: ZId.optional(),
});

export const ZStaffRequestAnswer = ZApiResult.extend({ request: ZStaffRequest });
