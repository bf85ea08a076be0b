import { z } from 'zod';
import { ZApiResult } from '../api-result.ts';
import { endpoint } from '../endpoint.ts';
import { ZEnrollNumber } from '../fees.ts';
import { ZDay, ZInstant } from '../kits/dates.ts';

/**
 * School trips (F5 of docs/modules.md, module `trips`): the school publishes a trip through
 * trips.csv (docs/school-data.md); a parent gives or refuses consent for each child it is
 * for, by the consent deadline. A trip that costs money adds a fee line for the child when
 * consent is given, paid like any fee line (`POST /payments {kind: 'fees'}`)
 * (docs/school-data.md, "trips.csv").
 */

export const TRIP_CONSENT_STATES = ['awaiting', 'given', 'refused'] as const;
export type TTripConsentState = (typeof TRIP_CONSENT_STATES)[number];

/** `none`: nothing to pay (free, or no consent given). */
export const TRIP_PAYMENT_STATES = ['none', 'unpaid', 'partlyPaid', 'paid'] as const;
export type TTripPaymentState = (typeof TRIP_PAYMENT_STATES)[number];

/** The longest note a parent may add to a consent. */
export const MAX_TRIP_NOTE_LENGTH = 500;

const ZId = z.string().min(1).max(128);
export const ZTripIdParams = z.object({ id: ZId });

export const ZTripChild = z.object({
  enrollNumber: ZEnrollNumber,
  childName: z.string(),
  consent: z.enum(TRIP_CONSENT_STATES),
  decidedAt: ZInstant.nullable(),
  note: z.string(),
  /** The child's fee line for the trip, once consent is given to a trip that costs money. */
  feeItemId: z.string().nullable(),
  payment: z.enum(TRIP_PAYMENT_STATES),
  /** What the fee line still owes (minor units). */
  outstandingMinor: z.number().int().nonnegative(),
});
export type TTripChild = z.infer<typeof ZTripChild>;

export const ZTrip = z.object({
  id: z.string(),
  title: z.string(),
  titleAr: z.string(),
  description: z.string(),
  descriptionAr: z.string(),
  place: z.string(),
  placeAr: z.string(),
  departsAt: ZInstant,
  returnsAt: ZInstant,
  /** What the trip costs a child, in minor units; 0: free. */
  costMinor: z.number().int().nonnegative(),
  currency: z.string(),
  /** The last day to give or refuse consent (the school's day). */
  consentBy: ZDay,
  /** The consent deadline has passed: no decision can change. */
  deadlinePassed: z.boolean(),
  /** The parent's children the trip is for. */
  children: z.array(ZTripChild),
});
export type TTrip = z.infer<typeof ZTrip>;

export const ZTripsQuery = z.object({ enrollNumber: ZEnrollNumber.optional() });

export const ZTrips = ZApiResult.extend({
  /** Trips to come first (the nearest first), then those of the last 30 days. */
  items: z.array(ZTrip),
});
export type TTrips = z.infer<typeof ZTrips>;

export const ZTripConsentBody = z.object({
  enrollNumber: ZEnrollNumber,
  decision: z.enum(['give', 'refuse']),
  note: z.string().trim().max(MAX_TRIP_NOTE_LENGTH).optional(),
});
export type TTripConsentBody = z.infer<typeof ZTripConsentBody>;

export const ZTripConsentAnswer = ZApiResult.extend({
  trip: ZTrip,
  /** The fee line to pay, when consent was given to a trip that costs money; else null. */
  feeItemId: z.string().nullable(),
});
export type TTripConsentAnswer = z.infer<typeof ZTripConsentAnswer>;

export const tripEndpoints = {
  trips: endpoint({ method: 'GET', path: '/trips', module: 'trips', query: ZTripsQuery, response: ZTrips }),
  consent: endpoint({
    method: 'POST',
    path: '/trips/:id/consent',
    module: 'trips',
    params: ZTripIdParams,
    body: ZTripConsentBody,
    response: ZTripConsentAnswer,
  }),
};
