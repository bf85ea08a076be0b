import { api } from '../../lib/api.ts';
import { endpointQueryFn, type TEndpointAnswer } from '../../lib/endpoint-query.ts';

/**
 * The insights page's query (docs/decisions/018-module-families.md), derived from its endpoint
 * entry. The entry loads with the first call, so zod stays off the first page.
 */
const insights = () => import('@portal/contracts/families/results').then((m) => m.resultsEndpoints.insights);

export type TInsightsAnswer = TEndpointAnswer<Awaited<ReturnType<typeof insights>>>;

export const insightsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The child's trends of released results and attendance over the year, with highlights. */
    getInsights: build.query<TInsightsAnswer, string>({
      queryFn: endpointQueryFn(insights, (enrollNumber: string) => ({ query: { enrollNumber } })),
    }),
  }),
});

export const { useGetInsightsQuery } = insightsApi;
