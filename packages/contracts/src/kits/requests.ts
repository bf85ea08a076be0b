import { z } from 'zod';
import { ZInstant } from './dates.ts';

/**
 * The request workflow every request kind shares (docs/decisions/018-module-families.md):
 * draft -> submitted -> in_review -> approved | rejected; cancelled by the parent while
 * undecided, or by the system when a request expires. The server's state machine and the web's
 * status chips read this one list.
 */
export const REQUEST_STATUSES = [
  'draft',
  'submitted',
  'in_review',
  'approved',
  'rejected',
  'cancelled',
] as const;
export type TRequestStatus = (typeof REQUEST_STATUSES)[number];

/** Who made a change, as a parent reads it: themselves, the school (its staff or system), the portal. */
export const REQUEST_ACTORS = ['parent', 'school', 'system'] as const;
export type TRequestActor = (typeof REQUEST_ACTORS)[number];

/** A parent's note or the school's reason on a change. */
export const MAX_REQUEST_NOTE_LENGTH = 2000;

/** One line of a request's history: who moved it, when, from which state to which, and why. */
export const ZRequestEvent = z.object({
  /** 1 for the request's creation, then one more per change. */
  seq: z.number().int().positive(),
  at: ZInstant,
  actor: z.enum(REQUEST_ACTORS),
  /** null on the first line: the request was created in `to`. */
  from: z.enum(REQUEST_STATUSES).nullable(),
  to: z.enum(REQUEST_STATUSES),
  note: z.string().max(MAX_REQUEST_NOTE_LENGTH),
});
export type TRequestEvent = z.infer<typeof ZRequestEvent>;
