import type { THomeActions, THomeGlance } from '@portal/contracts/home';
import { api, keptOffline } from '../../lib/api.ts';
import { endpointQueryFn } from '../../lib/endpoint-query.ts';

/** Home's reads (docs/modules.md section 5); the entries load with the first call. */
const entries = () => import('@portal/contracts/home').then((m) => m.homeEndpoints);

export const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** What needs the parent across every child, most urgent first; asked again at every visit of Home. */
    getHomeActions: build.query<THomeActions, void>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.actions),
        () => ({}),
      ),
      extraOptions: keptOffline,
    }),
    /** Each child today at a glance: the month's attendance, the next lessons, the latest results. */
    getHomeGlance: build.query<THomeGlance, void>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.glance),
        () => ({}),
      ),
      extraOptions: keptOffline,
    }),
  }),
});

export const { useGetHomeActionsQuery, useGetHomeGlanceQuery } = homeApi;
