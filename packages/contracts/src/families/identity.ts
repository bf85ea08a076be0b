import { z } from 'zod';
import { ZApiResult } from '../api-result.ts';
import { endpoint } from '../endpoint.ts';
import { ZEnrollNumber, ZEnrollQuery } from '../fees.ts';
import { ZDay, ZInstant, ZTimeOfDay } from '../kits/dates.ts';
import { REQUEST_STATUSES } from '../kits/requests.ts';

/**
 * Transport and the student ID card (F6 of the design, docs/school-data.md "transport.csv"):
 * the child's bus route, stop and bus as the school gives them, the parent's requests to change
 * them (requests of kind `transportChange` of the request workflow), and the child's ID card
 * with a signed code that the school's staff check (POST /api/v1/staff/student-ids/verify).
 * School text comes in pairs: the English field, and the Arabic one with the suffix `Ar`.
 */

// ---------------------------------------------------------------- transport

export const ZTransportStop = z.object({
  id: z.string(),
  name: z.string(),
  nameAr: z.string(),
  /** Its place along the route, 1 first. */
  seq: z.number().int().positive(),
  /** When the bus comes for the morning run / leaves the child in the afternoon; null: not said. */
  pickupAt: ZTimeOfDay.nullable(),
  dropAt: ZTimeOfDay.nullable(),
});
export type TTransportStop = z.infer<typeof ZTransportStop>;

export const ZTransportRoute = z.object({
  id: z.string(),
  name: z.string(),
  nameAr: z.string(),
  busNumber: z.string(),
  driverName: z.string(),
  driverNameAr: z.string(),
  /** '' when the school does not share it. */
  driverPhone: z.string(),
  assistantName: z.string(),
  assistantNameAr: z.string(),
  assistantPhone: z.string(),
});
export type TTransportRoute = z.infer<typeof ZTransportRoute>;

/** Why a parent asks to change the child's transport. */
export const TRANSPORT_CHANGE_REASONS = [
  'newAddress',
  'otherStop',
  'startUsing',
  'stopUsing',
  'other',
] as const;
export type TTransportChangeReason = (typeof TRANSPORT_CHANGE_REASONS)[number];
export const MAX_TRANSPORT_DETAILS_LENGTH = 1_000;

export const ZTransportChange = z.object({
  id: z.string(),
  status: z.enum(REQUEST_STATUSES),
  createdAt: ZInstant,
  reason: z.enum(TRANSPORT_CHANGE_REASONS),
  /** The stop asked for; null when the parent described the change instead. */
  requestedStop: ZTransportStop.pick({ id: true, name: true, nameAr: true }).nullable(),
  details: z.string(),
});
export type TTransportChange = z.infer<typeof ZTransportChange>;

export const ZTransport = ZApiResult.extend({
  enrollNumber: ZEnrollNumber,
  /** The child's route; null when the child does not use the school's transport. */
  route: ZTransportRoute.nullable(),
  /** The child's stop on it; null with no route. */
  stop: ZTransportStop.nullable(),
  /** Every stop of the school's routes, for asking for another one. */
  stops: z.array(ZTransportStop.extend({ routeName: z.string(), routeNameAr: z.string() })),
  /** The parent's change requests for this child, newest first (the last ten). */
  changes: z.array(ZTransportChange),
});
export type TTransport = z.infer<typeof ZTransport>;

/** A change names the stop asked for, or describes it, or both (neither: 400 `V001`). */
export const ZTransportChangeBody = z.object({
  enrollNumber: ZEnrollNumber,
  reason: z.enum(TRANSPORT_CHANGE_REASONS),
  requestedStopId: z.string().min(1).max(128).optional(),
  details: z.string().trim().max(MAX_TRANSPORT_DETAILS_LENGTH).optional(),
});

export const ZTransportChangeAnswer = ZApiResult.extend({ change: ZTransportChange });

// ---------------------------------------------------------------- student ID card

export const ZStudentIdCard = z.object({
  schoolName: z.string(),
  schoolNameAr: z.string(),
  logoUrl: z.string(),
  enrollNumber: ZEnrollNumber,
  childName: z.string(),
  /** '' when the school gave no Arabic name (the English one is shown). */
  childNameAr: z.string(),
  /** The child's photograph; null: the card shows the initials. */
  photoUrl: z.string().nullable(),
  initials: z.string(),
  grade: z.string(),
  gradeAr: z.string(),
  section: z.string(),
  sectionAr: z.string(),
  /** The school year, as the school names it (`2026-2027`). */
  academicYear: z.string(),
  /** The last day of that school year: the card is valid until then. */
  validUntil: ZDay.nullable(),
});
export type TStudentIdCard = z.infer<typeof ZStudentIdCard>;

export const ZStudentIdAnswer = ZApiResult.extend({
  card: ZStudentIdCard,
  /** What the card's QR code holds: a code signed by the portal naming school, child and year. */
  code: z.string(),
});
export type TStudentIdAnswer = z.infer<typeof ZStudentIdAnswer>;

export const identityEndpoints = {
  transport: endpoint({
    method: 'GET',
    path: '/transport',
    module: 'transport',
    query: ZEnrollQuery,
    response: ZTransport,
  }),
  requestTransportChange: endpoint({
    method: 'POST',
    path: '/transport/changes',
    module: 'transport',
    body: ZTransportChangeBody,
    response: ZTransportChangeAnswer,
    created: true,
  }),
  studentId: endpoint({
    method: 'GET',
    path: '/student-id',
    module: 'studentId',
    query: ZEnrollQuery,
    response: ZStudentIdAnswer,
  }),
};

// ---------------------------------------------------------------- the staff API (/api/v1/staff)

/** The longest code a card's QR may hold. */
export const MAX_STUDENT_ID_CODE_LENGTH = 600;

export const ZStudentIdVerifyBody = z.object({
  code: z.string().trim().min(1).max(MAX_STUDENT_ID_CODE_LENGTH),
});

export const ZStudentIdVerifyAnswer = ZApiResult.extend({
  child: z.object({
    enrollNumber: ZEnrollNumber,
    name: z.string(),
    photoUrl: z.string().nullable(),
    grade: z.string(),
    section: z.string(),
    academicYear: z.string(),
    validUntil: ZDay.nullable(),
    /** The card is of the school year now running and the child is still enrolled. */
    valid: z.boolean(),
  }),
});
