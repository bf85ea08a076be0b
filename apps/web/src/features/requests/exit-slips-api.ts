import type {
  TExitSlip,
  TExitSlipBody,
  TExitSlipCode,
  TExitSlips,
} from '@portal/contracts/families/exit-slips';
import { api } from '../../lib/api.ts';
import { endpointQueryFn } from '../../lib/endpoint-query.ts';

/**
 * Exit slips (docs/modules.md F5, "Exit slip"): the family's slips, a new one, cancelling one, and
 * the gate code of an approved one, each derived from its endpoint entry. The entries load
 * with the first call, so zod stays off the first page.
 */
const entries = () => import('@portal/contracts/families/exit-slips').then((m) => m.exitSlipEndpoints);

/** Slips asked for at a time. */
export const EXIT_SLIPS_PAGE_SIZE = 10 as const;

const exitSlipsBase = api.enhanceEndpoints({ addTagTypes: ['ExitSlips', 'ExitSlipCode'] });

export const exitSlipsApi = exitSlipsBase.injectEndpoints({
  endpoints: (build) => ({
    /** The family's slips, newest first, a page at a time; `''` is the first page's cursor. */
    getExitSlips: build.infiniteQuery<TExitSlips, void, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (last) => last.nextCursor,
      },
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.exitSlips),
        ({ pageParam }: { pageParam: string }) => ({
          query: { pageSize: EXIT_SLIPS_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
        }),
      ),
      providesTags: ['ExitSlips'],
    }),
    /** Asks for a child to leave early with a named collector. */
    createExitSlip: build.mutation<TExitSlip, TExitSlipBody>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.createExitSlip),
        (body: TExitSlipBody) => ({ body }),
        (answer) => answer.slip,
      ),
      // A refusal (409: another slip holds the day) may mean the page's list is out of date too.
      invalidatesTags: ['ExitSlips'],
    }),
    /** Cancels a slip the school has not decided yet. */
    cancelExitSlip: build.mutation<TExitSlip, string>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.cancelExitSlip),
        (id: string) => ({ params: { id } }),
        (answer) => answer.slip,
      ),
      invalidatesTags: ['ExitSlips'],
    }),
    /** The gate code of an approved slip: its text, its QR and when it is valid. */
    getExitSlipCode: build.query<TExitSlipCode, string>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.exitSlipCode),
        (id: string) => ({ params: { id } }),
      ),
      providesTags: (_answer, _error, id) => [{ type: 'ExitSlipCode', id }],
    }),
  }),
});

export const {
  useGetExitSlipsInfiniteQuery,
  useCreateExitSlipMutation,
  useCancelExitSlipMutation,
  useGetExitSlipCodeQuery,
} = exitSlipsApi;
