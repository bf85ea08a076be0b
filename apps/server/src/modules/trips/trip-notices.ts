import { and, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import type { TBundleStep } from '../../kits/bundle-file.ts';
import { tripConsents, trips } from '../../db/schema/index.ts';
import { schoolToday, schoolWide } from '../../access/school.ts';
import { childrenReached } from '../../kits/audience.ts';
import { noticeDay, notify, type TNotice } from '../../kits/notify.ts';
import { isModuleGranted } from '../../plugins/module-access.ts';

// `requests.consentDue` (docs/notifications.md, docs/modules.md F5): when a trip becomes
// visible (published, its publication time come), the parents of each child it is for are told
// once that it waits for their consent, by its deadline. A trip whose deadline has passed, or
// that has left, is marked told without a notice; so is every trip of a school that does not
// grant the trips module. A trip imported published is told in the import's transaction, once
// its roster is settled (a step after the bundle's files); one published for a later time by
// the job, within a minute of its time.

export const TRIP_NOTICE_INTERVAL_MS = 60_000;
/** Trips told in one run at most; the rest wait for the next run. */
const TRIPS_PER_RUN = 100;

const consentDueKey = (tripId: string, enrollNumber: string) =>
  `requests.consentDue:${tripId}:${enrollNumber}`;

type TDueTrip = Pick<
  typeof trips.$inferSelect,
  'schoolId' | 'tripId' | 'titleEn' | 'titleAr' | 'consentBy' | 'audience'
>;

function consentNotice(trip: TDueTrip, child: { enrollNumber: string; firstName: string }): TNotice {
  const title = { en: trip.titleEn, ar: trip.titleAr || trip.titleEn };
  return {
    schoolId: trip.schoolId,
    enrollNumber: child.enrollNumber,
    category: 'requests',
    kind: 'requests.consentDue',
    dedupeKey: consentDueKey(trip.tripId, child.enrollNumber),
    title: {
      en: `Consent needed for ${child.firstName}: ${title.en}`,
      ar: `مطلوب موافقتك لـ${child.firstName}: ${title.ar}`,
    },
    body: {
      en: `Please give or refuse consent for ${child.firstName} by ${noticeDay('en', trip.consentBy)}.`,
      ar: `يُرجى الموافقة أو الرفض بشأن ${child.firstName} في موعد أقصاه ${noticeDay('ar', trip.consentBy)}.`,
    },
    path: '/trips',
  };
}

/** Tells one trip (claimed in `tx`): a notice for each child it is for whose consent is not given yet. */
async function tellTrip(tx: TDatabase, trip: TDueTrip, now: Date): Promise<number> {
  if (!(await isModuleGranted(tx, trip.schoolId, 'trips'))) return 0;
  const today = schoolToday((await schoolWide(tx, trip.schoolId))?.timeZone, now);
  if (trip.consentBy < today) return 0;
  const decided = await tx
    .select({ enrollNumber: tripConsents.enrollNumber })
    .from(tripConsents)
    .where(and(eq(tripConsents.schoolId, trip.schoolId), eq(tripConsents.tripId, trip.tripId)));
  const known = new Set(decided.map((consent) => consent.enrollNumber));
  const children = (await childrenReached(tx, trip.schoolId, trip.audience)).filter(
    (child) => !known.has(child.enrollNumber),
  );
  return children.length === 0
    ? 0
    : notify(
        tx,
        children.map((child) => consentNotice(trip, child)),
      );
}

/**
 * Marks the trip told and tells it, in `tx`, if it is visible and was not told yet (a trip
 * that has left is marked told without a notice). Answers how many notices were written.
 */
export async function tellTripOnce(
  tx: TDatabase,
  schoolId: string,
  tripId: string,
  now: Date,
): Promise<number> {
  // Claimed by marking it: a second instance running the job at once finds it told.
  const [claimed] = await tx
    .update(trips)
    .set({ notifiedAt: now })
    .where(
      and(
        eq(trips.schoolId, schoolId),
        eq(trips.tripId, tripId),
        isNull(trips.notifiedAt),
        isNull(trips.removedAt),
        isNotNull(trips.publishedAt),
        lte(trips.publishedAt, now),
      ),
    )
    .returning({
      schoolId: trips.schoolId,
      tripId: trips.tripId,
      titleEn: trips.titleEn,
      titleAr: trips.titleAr,
      consentBy: trips.consentBy,
      audience: trips.audience,
      departsAt: trips.departsAt,
    });
  if (!claimed || claimed.departsAt <= now) return 0;
  return tellTrip(tx, claimed, now);
}

/** Trips visible now and not told yet (of one school, when named), at most TRIPS_PER_RUN. */
function dueTrips(db: TDatabase, now: Date, schoolId?: string) {
  return db
    .select({ schoolId: trips.schoolId, tripId: trips.tripId })
    .from(trips)
    .where(
      and(
        schoolId === undefined ? undefined : eq(trips.schoolId, schoolId),
        isNull(trips.notifiedAt),
        isNull(trips.removedAt),
        isNotNull(trips.publishedAt),
        lte(trips.publishedAt, now),
      ),
    )
    .limit(TRIPS_PER_RUN);
}

/**
 * Tells the trips that became visible and were not told yet, each in a transaction of its own.
 * Answers how many notices were written.
 */
export async function noticeDueTrips(db: TDatabase, now: Date = new Date()): Promise<number> {
  let written = 0;
  for (const { schoolId, tripId } of await dueTrips(db, now)) {
    written += await db.transaction((tx) => tellTripOnce(tx as unknown as TDatabase, schoolId, tripId, now));
  }
  return written;
}

/** Once a bundle is applied (its roster settled), the school's trips visible now are told in its transaction. */
export const tripNoticesStep: TBundleStep = {
  when: ['trips.csv'],
  run: async (tx, context) => {
    const now = new Date();
    for (const { tripId } of await dueTrips(tx, now, context.schoolId))
      await tellTripOnce(tx, context.schoolId, tripId, now);
  },
};
