import type { TTrip, TTripConsentAnswer, TTrips } from '@portal/contracts/families/trips';
import { api } from '../../lib/api.ts';
import { endpointQueryFn } from '../../lib/endpoint-query.ts';

/**
 * The family's school trips (docs/modules.md F5, module `trips`), each query derived from its
 * endpoint entry; the entries load with the first call, so zod stays off the first page.
 */
const entries = () => import('@portal/contracts/families/trips').then((m) => m.tripEndpoints);

export type TConsentRequest = {
  id: string;
  enrollNumber: string;
  decision: 'give' | 'refuse';
};

export const tripsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The family's trips, those to come first. */
    getTrips: build.query<TTrips, void>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.trips),
        () => ({}),
      ),
    }),
    /** Gives or refuses consent for one child; the trip in the list takes the answer. */
    decideConsent: build.mutation<TTripConsentAnswer, TConsentRequest>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.consent),
        ({ id, enrollNumber, decision }: TConsentRequest) => ({
          params: { id },
          body: { enrollNumber, decision },
        }),
      ),
      async onQueryStarted(_request, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        const trip: TTrip = data.trip;
        dispatch(
          tripsApi.util.updateQueryData('getTrips', undefined, (draft) => {
            draft.items = draft.items.map((item) => (item.id === trip.id ? trip : item));
          }),
        );
      },
    }),
  }),
});

export const { useGetTripsQuery, useDecideConsentMutation } = tripsApi;
