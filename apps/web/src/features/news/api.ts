import type {
  TAlbumAnswer,
  TAlbums,
  TAmbassadorApplication,
  TAmbassadors,
  TNews,
} from '@portal/contracts/families/publications';
import { api } from '../../lib/api.ts';
import { endpointQueryFn } from '../../lib/endpoint-query.ts';

/**
 * The news, gallery and ambassador pages' queries (docs/decisions/021-publications-and-inbox.md),
 * each derived from its endpoint entry. The entries load with the first call, so zod stays off
 * the first page.
 */
const entries = () => import('@portal/contracts/families/publications').then((m) => m.publicationEndpoints);

/** Posts asked for at a time: the page's first screen and a bit more. */
export const NEWS_PAGE_SIZE = 10 as const;

export type TApplyRequest = { enrollNumber: string; motivation: string };

const newsBase = api.enhanceEndpoints({ addTagTypes: ['Ambassadors'] });

export const newsApi = newsBase.injectEndpoints({
  endpoints: (build) => ({
    /** The school's news, newest first, a page at a time; `''` is the first page's cursor. */
    getNews: build.infiniteQuery<TNews, void, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (last) => last.nextCursor,
      },
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.news),
        ({ pageParam }: { pageParam: string }) => ({
          query: { pageSize: NEWS_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
        }),
      ),
    }),
    /** The albums of the family's children's classes and of the whole school; of one child when given. */
    getAlbums: build.query<TAlbums, string | null>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.albums),
        (enrollNumber: string | null) => (enrollNumber ? { query: { enrollNumber } } : {}),
      ),
    }),
    /** One album and its photos. */
    getAlbum: build.query<TAlbumAnswer, string>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.album),
        (id: string) => ({ params: { id } }),
      ),
    }),
    /** The child's class, its ambassadors, and this parent's applications to be one. */
    getAmbassadors: build.query<TAmbassadors, string>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.ambassadors),
        (enrollNumber: string) => ({ query: { enrollNumber } }),
      ),
      providesTags: (_answer, _error, enrollNumber) => [{ type: 'Ambassadors', id: enrollNumber }],
    }),
    /** Offers to be an ambassador of the child's class. */
    applyAmbassador: build.mutation<TAmbassadorApplication, TApplyRequest>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.applyAmbassador),
        (body: TApplyRequest) => ({ body }),
        (answer) => answer.application,
      ),
      async onQueryStarted({ enrollNumber }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(
          newsApi.util.updateQueryData('getAmbassadors', enrollNumber, (draft) => {
            draft.applications = [data, ...draft.applications.filter((one) => one.id !== data.id)];
          }),
        );
      },
      // A refusal (409: one is already being considered) means the page's copy is out of date.
      invalidatesTags: (_answer, error, { enrollNumber }) =>
        error ? [{ type: 'Ambassadors', id: enrollNumber }] : [],
    }),
  }),
});

export const {
  useGetNewsInfiniteQuery,
  useGetAlbumsQuery,
  useGetAlbumQuery,
  useGetAmbassadorsQuery,
  useApplyAmbassadorMutation,
} = newsApi;
