import type {
  TCircular,
  TCircularRepository,
  TCirculars,
  TExamMaterials,
  TPolicies,
  TPolicy,
} from '@portal/contracts/families/publications';
import { api } from '../../lib/api.ts';
import { endpointQueryFn } from '../../lib/endpoint-query.ts';

/**
 * The circulars, the circular library, the school policies and the exam material
 * (docs/decisions/021-publications-and-inbox.md), each derived from its endpoint entry. The
 * entries load with the first call, so zod stays off the first page.
 */
const entries = () => import('@portal/contracts/families/publications').then((m) => m.publicationEndpoints);

/** Circulars a page at a time: a card is tall, so ten make a page. */
const PAGE_SIZE = 10 as const;

export type TCircularsFilter = {
  /** Only the circulars about this child. */
  enrollNumber?: string;
  /** Only the circulars waiting for an acknowledgement. */
  unacknowledged: boolean;
};

export type TLibraryFilter = { q: string; year?: number };

export type TAcknowledgeRequest = { id: string; enrollNumbers: string[] };

/** A page of a cursor-paged list: its cursor, null for the first page. */
type TPageArg<A> = { queryArg: A; pageParam: string | null };

const cursorPaging = {
  initialPageParam: null,
  getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor,
};

const paged = (pageParam: string | null) => ({
  pageSize: PAGE_SIZE,
  ...(pageParam === null ? {} : { cursor: pageParam }),
});

/** True while a circular asks for an acknowledgement one of the children still lacks. */
export const isWaiting = (item: Pick<TCircular, 'requiresAck' | 'children'>) =>
  item.requiresAck && item.children.some((child) => child.acknowledgedAt === null);

export const publicationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The family's circulars, newest first, with how many wait for an acknowledgement. */
    getCirculars: build.infiniteQuery<TCirculars, TCircularsFilter, string | null>({
      infiniteQueryOptions: cursorPaging,
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.circulars),
        ({ queryArg, pageParam }: TPageArg<TCircularsFilter>) => ({
          query: {
            ...paged(pageParam),
            ...(queryArg.enrollNumber ? { enrollNumber: queryArg.enrollNumber } : {}),
            ...(queryArg.unacknowledged ? { unacknowledged: '1' as const } : {}),
          },
        }),
      ),
    }),
    /** Every circular that reached the family, searched in English and Arabic, by year. */
    getCircularLibrary: build.infiniteQuery<TCircularRepository, TLibraryFilter, string | null>({
      infiniteQueryOptions: cursorPaging,
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.circularRepository),
        ({ queryArg, pageParam }: TPageArg<TLibraryFilter>) => ({
          query: {
            ...paged(pageParam),
            ...(queryArg.q ? { q: queryArg.q } : {}),
            ...(queryArg.year === undefined ? {} : { year: queryArg.year }),
          },
        }),
      ),
    }),
    /** Acknowledges a circular for the children named; the first acknowledgement is kept. */
    acknowledgeCircular: build.mutation<TCircular, TAcknowledgeRequest>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.acknowledgeCircular),
        ({ id, enrollNumbers }: TAcknowledgeRequest) => ({ params: { id }, body: { enrollNumbers } }),
        (answer) => answer.item,
      ),
      async onQueryStarted(_request, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        const state = getState();
        const util = publicationsApi.util;
        const circularArgs = util.selectCachedArgsForQuery(state, 'getCirculars');
        const libraryArgs = util.selectCachedArgsForQuery(state, 'getCircularLibrary');
        const before = [
          ...circularArgs.map((arg) => publicationsApi.endpoints.getCirculars.select(arg)(state).data),
          ...libraryArgs.map((arg) => publicationsApi.endpoints.getCircularLibrary.select(arg)(state).data),
        ]
          .flatMap((answer) => answer?.pages.flatMap((page) => page.items) ?? [])
          .find((item) => item.id === data.id);
        // One fewer waits when this acknowledgement was the last the circular lacked.
        const settled = before !== undefined && isWaiting(before) && !isWaiting(data);
        for (const arg of circularArgs) {
          dispatch(
            util.updateQueryData('getCirculars', arg, (draft) => {
              for (const page of draft.pages) {
                page.items = page.items.map((item) => (item.id === data.id ? data : item));
                if (settled) page.toAcknowledge = Math.max(0, page.toAcknowledge - 1);
              }
            }),
          );
        }
        for (const arg of libraryArgs) {
          dispatch(
            util.updateQueryData('getCircularLibrary', arg, (draft) => {
              for (const page of draft.pages) {
                page.items = page.items.map((item) => (item.id === data.id ? data : item));
              }
            }),
          );
        }
      },
    }),
    /** The school's policies in their current versions, with each child's acknowledgement. */
    getPolicies: build.query<TPolicies, void>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.policies),
        () => ({}),
      ),
    }),
    /** Acknowledges the current version of a policy for the children named. */
    acknowledgePolicy: build.mutation<TPolicy, TAcknowledgeRequest>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.acknowledgePolicy),
        ({ id, enrollNumbers }: TAcknowledgeRequest) => ({ params: { id }, body: { enrollNumbers } }),
        (answer) => answer.item,
      ),
      async onQueryStarted(_request, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(
          publicationsApi.util.updateQueryData('getPolicies', undefined, (draft) => {
            draft.items = draft.items.map((item) => (item.id === data.id ? data : item));
          }),
        );
      },
    }),
    /** The exam material of the child's grade for a term (the current one when left out). */
    getExamMaterials: build.query<TExamMaterials, { enrollNumber: string; term?: string }>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.examMaterials),
        ({ enrollNumber, term }: { enrollNumber: string; term?: string }) => ({
          query: term === undefined ? { enrollNumber } : { enrollNumber, term },
        }),
      ),
    }),
  }),
});

export const {
  useGetCircularsInfiniteQuery,
  useGetCircularLibraryInfiniteQuery,
  useAcknowledgeCircularMutation,
  useGetPoliciesQuery,
  useAcknowledgePolicyMutation,
  useGetExamMaterialsQuery,
} = publicationsApi;
