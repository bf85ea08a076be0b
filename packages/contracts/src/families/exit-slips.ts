import { z } from 'zod';
import { ZApiResult } from '../api-result.ts';
import { endpoint } from '../endpoint.ts';
import { ZEnrollNumber } from '../fees.ts';
import { ZInstant, ZInstantInput } from '../kits/dates.ts';
import { ZNextCursor, ZPageQuery } from '../kits/paging.ts';
import { REQUEST_STATUSES, ZRequestEvent } from '../kits/requests.ts';

/**
 * Exit slips (F5, docs/modules.md "Exit slip"): a parent asks for a child to leave school early
 * with a named collector. The slip is a request of kind `exitSlip` of the shared workflow;
 * once the school approves it, the parent shows a single-use code (a QR) at the gate, valid
 * from 30 minutes before to 2 hours after the time of leaving. Gate staff verify the code
 * (the child's photo, the collector) and record the handover through the staff API; the
 * parents get a `safety` notice naming the collector and the time.
 */

/** The code is valid from this many minutes before the time of leaving... */
export const EXIT_SLIP_VALID_BEFORE_MINUTES = 30;
/** ...to this many minutes after it. */
export const EXIT_SLIP_VALID_AFTER_MINUTES = 120;
/** How far ahead a slip may be asked for (further: 422 `R002`). */
export const MAX_EXIT_SLIP_AHEAD_DAYS = 30;
export const MAX_COLLECTOR_NAME_LENGTH = 100;
export const MAX_COLLECTOR_RELATION_LENGTH = 60;

/** A phone number as people write it: digits, spaces, dashes, brackets, a leading +; 6 to 15 digits. */
export const ZPhone = z
  .string()
  .trim()
  // The whole rule is the pattern (6 to 15 digits, each followed by at most one separator), so
  // the API's description states it, and it bounds the length (32) without a `maxLength`.
  .regex(/^[+]?[(]?(?:[0-9][ ()-]?){6,15}$/, 'not a phone number');

/** Who collects the child: as the parent typed it. */
export const ZCollector = z.object({
  name: z.string().trim().min(1).max(MAX_COLLECTOR_NAME_LENGTH),
  relation: z.string().trim().min(1).max(MAX_COLLECTOR_RELATION_LENGTH),
  phone: ZPhone,
});
export type TCollector = z.infer<typeof ZCollector>;

export const ZExitSlipBody = z.object({
  enrollNumber: ZEnrollNumber,
  /** When the child leaves, with its offset; in the past: 422 `R002`. */
  leaveAt: ZInstantInput,
  collector: ZCollector,
});
export type TExitSlipBody = z.infer<typeof ZExitSlipBody>;

/** When the gate takes the slip's code: from 30 minutes before leaving to 2 hours after. */
export const ZExitSlipWindow = z.object({ from: ZInstant, until: ZInstant });

export const ZExitSlip = z.object({
  id: z.uuid(),
  enrollNumber: ZEnrollNumber,
  childName: z.string(),
  leaveAt: ZInstant,
  collector: ZCollector,
  status: z.enum(REQUEST_STATUSES),
  createdAt: ZInstant,
  /** The parent may still cancel it (undecided). */
  canCancel: z.boolean(),
  window: ZExitSlipWindow,
  /** What happened at the gate: when the code was checked, when the child was handed over. */
  gate: z.object({ verifiedAt: ZInstant.nullable(), handedOverAt: ZInstant.nullable() }),
  history: z.array(ZRequestEvent),
});
export type TExitSlip = z.infer<typeof ZExitSlip>;

export const ZExitSlipsQuery = ZPageQuery.extend({ enrollNumber: ZEnrollNumber.optional() });
export const ZExitSlips = ZApiResult.extend({ items: z.array(ZExitSlip), nextCursor: ZNextCursor });
export type TExitSlips = z.infer<typeof ZExitSlips>;
export const ZExitSlipAnswer = ZApiResult.extend({ slip: ZExitSlip });
export type TExitSlipAnswer = z.infer<typeof ZExitSlipAnswer>;

export const ZExitSlipParams = z.object({ id: z.string().min(1).max(128) });

/**
 * The gate code of an approved slip and when it is valid: `code` grouped by four for reading
 * out (`ABCD-EFGH-…`); the page draws it as a QR code (without the dashes) for the gate to scan.
 */
export const ZExitSlipCode = ZApiResult.extend({
  code: z.string(),
  leaveAt: ZInstant,
  window: ZExitSlipWindow,
});
export type TExitSlipCode = z.infer<typeof ZExitSlipCode>;

export const exitSlipEndpoints = {
  exitSlips: endpoint({
    method: 'GET',
    path: '/exit-slips',
    module: 'exitSlips',
    query: ZExitSlipsQuery,
    response: ZExitSlips,
  }),
  createExitSlip: endpoint({
    method: 'POST',
    path: '/exit-slips',
    module: 'exitSlips',
    body: ZExitSlipBody,
    response: ZExitSlipAnswer,
    created: true,
  }),
  cancelExitSlip: endpoint({
    method: 'POST',
    path: '/exit-slips/:id/cancel',
    module: 'exitSlips',
    params: ZExitSlipParams,
    response: ZExitSlipAnswer,
  }),
  exitSlipCode: endpoint({
    method: 'GET',
    path: '/exit-slips/:id/code',
    module: 'exitSlips',
    params: ZExitSlipParams,
    response: ZExitSlipCode,
  }),
};

// ---------------------------------------------------------------- the gate (/api/v1/staff/gate)

/** The code as the gate reads it (the QR, or typed: spaces and dashes are ignored). */
export const ZGateCode = z.string().trim().min(1).max(64);

export const ZGateVerifyBody = z.object({ code: ZGateCode });

export const ZGateHandoverBody = z
  .object({
    code: ZGateCode.optional(),
    requestId: z.uuid().optional(),
    /** The member of staff handing the child over, kept in the audit. */
    staffId: z.string().min(1).max(128).optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.requestId === undefined), {
    message: 'give either `code` or `requestId`',
  });

/** What the gate sees of a slip: the child (with a photo to compare), the collector, the time. */
export const ZGateExitSlip = z.object({
  requestId: z.uuid(),
  child: z.object({
    enrollNumber: ZEnrollNumber,
    name: z.string(),
    /** The child's photo ('' when the school has none). */
    photoUrl: z.string(),
    grade: z.string(),
    section: z.string(),
  }),
  collector: ZCollector,
  leaveAt: ZInstant,
  window: ZExitSlipWindow,
  verifiedAt: ZInstant.nullable(),
  handedOverAt: ZInstant.nullable(),
});
export type TGateExitSlip = z.infer<typeof ZGateExitSlip>;

export const ZGateExitSlipAnswer = ZApiResult.extend({ slip: ZGateExitSlip });
