import type { THomeActions } from '@portal/contracts/home';
import { api } from '../../lib/api.ts';
import { endpointQueryFn } from '../../lib/endpoint-query.ts';

/** Home's "needs your action" (docs/modules.md section 5); the entry loads with the first call. */
const entries = () => import('@portal/contracts/home').then((m) => m.homeEndpoints);

export const homeActionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** What needs the parent across every child, most urgent first; asked again at every visit of Home. */
    getHomeActions: build.query<THomeActions, void>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.actions),
        () => ({}),
      ),
    }),
  }),
});

export const { useGetHomeActionsQuery } = homeActionsApi;
