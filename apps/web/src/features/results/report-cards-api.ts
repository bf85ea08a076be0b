import { PARENT_API_PATH } from '@portal/contracts/endpoint';
import { api } from '../../lib/api.ts';
import { endpointQueryFn, type TEndpointAnswer } from '../../lib/endpoint-query.ts';

/**
 * The report cards page's query (docs/decisions/018-module-families.md), derived from its
 * endpoint entry. The entry loads with the first call, so zod stays off the first page.
 */
const reportCards = () =>
  import('@portal/contracts/families/results').then((m) => m.resultsEndpoints.reportCards);

export type TReportCardsAnswer = TEndpointAnswer<Awaited<ReturnType<typeof reportCards>>>;

/** The API path of a report card's PDF (`?lng=en|ar` picks its language). */
export const reportCardPdfPath = (id: string) =>
  `${PARENT_API_PATH}/report-cards/${encodeURIComponent(id)}/pdf`;

export const reportCardsApi = api.enhanceEndpoints({ addTagTypes: ['ReportCards'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The child's published report cards, newest first, with when this parent opened each. */
    getReportCards: build.query<TReportCardsAnswer, string>({
      queryFn: endpointQueryFn(reportCards, (enrollNumber: string) => ({ query: { enrollNumber } })),
      providesTags: (_answer, _error, enrollNumber) => [{ type: 'ReportCards', id: enrollNumber }],
    }),
  }),
});

export const { useGetReportCardsQuery } = reportCardsApi;
