import type { THomeActionDraft, THomeActionProvider } from '../../kits/home-actions.ts';
import { listTrips } from './trips.ts';

// What the trips family asks of a parent on Home (docs/modules.md section 5), read with the trips
// page's own list (trips.ts): a consent leaves once given or refused, a payment once the trip's
// fee line is paid.

/** The most items one answer names (the nearest deadline first). */
const MAX_ITEMS = 50;

/**
 * For each child a trip is for: consent awaited while the deadline has not passed
 * (`tripConsent`), or consent given and the trip's fee line still owing (`tripPayment`).
 */
const tripActions: THomeActionProvider = {
  modules: ['trips'],
  async items({ db, schoolId, parentId, today }) {
    const trips = await listTrips(db, { schoolId, parentId });
    return trips
      .flatMap((trip) =>
        trip.children.flatMap((child): THomeActionDraft[] => {
          const about = {
            enrollNumber: child.enrollNumber,
            title: trip.title,
            titleAr: trip.titleAr || trip.title,
            dueOn: trip.consentBy,
            source: trip.id,
          };
          if (child.consent === 'awaiting' && !trip.deadlinePassed)
            return [{ ...about, kind: 'tripConsent', overdue: false, amount: null }];
          if (child.consent === 'given' && child.outstandingMinor > 0)
            return [
              {
                ...about,
                kind: 'tripPayment',
                // The fee line is due on the consent deadline (trips.ts).
                overdue: trip.consentBy < today,
                amount: { minor: child.outstandingMinor, currency: trip.currency },
                // The same money is a fee line of the fee family's list too.
                ...(child.feeItemId ? { sameAs: `feeItem:${child.feeItemId}` } : {}),
              },
            ];
          return [];
        }),
      )
      .sort((a, b) => (a.dueOn ?? '').localeCompare(b.dueOn ?? ''))
      .slice(0, MAX_ITEMS);
  },
};

/** What the trips family asks of a parent on Home (docs/modules.md section 5). */
export const tripsHomeActions: readonly THomeActionProvider[] = [tripActions];
