import type {
  TLeaveBody,
  TLeaveDraftBody,
  TLeavePrefill,
  TLeaveRequest,
  TLeaveRequests,
  TRequestItem,
  TRequests,
} from '@portal/contracts/families/requests';
import type { TRequestStatus } from '@portal/contracts/kits/requests';
import { api } from '../../lib/api.ts';
import { endpointQueryFn } from '../../lib/endpoint-query.ts';

/**
 * Leave requests and the family's hub of every request (docs/modules.md F5), each derived from its
 * endpoint entry. The entries load with the first call, so zod stays off the first page.
 */
const entries = () => import('@portal/contracts/families/requests').then((m) => m.requestEndpoints);

/** Requests asked for at a time. */
export const REQUESTS_PAGE_SIZE = 10 as const;

const requestsBase = api.enhanceEndpoints({ addTagTypes: ['LeaveRequests', 'FamilyRequests'] });

const cursorPaging = {
  initialPageParam: '',
  getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor,
};

const paged = (pageParam: string) => ({
  pageSize: REQUESTS_PAGE_SIZE,
  ...(pageParam ? { cursor: pageParam } : {}),
});

export type TPrefillArg = { enrollNumber: string; absentOn: string };

export const leaveApi = requestsBase.injectEndpoints({
  endpoints: (build) => ({
    /** The family's leave requests, newest first, a page at a time; `''` is the first page's cursor. */
    getLeaveRequests: build.infiniteQuery<TLeaveRequests, void, string>({
      infiniteQueryOptions: cursorPaging,
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.leaveRequests),
        ({ pageParam }: { pageParam: string }) => ({ query: paged(pageParam) }),
      ),
      providesTags: ['LeaveRequests'],
    }),
    /** The leave form filled from an unexplained absence (the child, the day, the absent siblings). */
    getLeavePrefill: build.query<TLeavePrefill['prefill'], TPrefillArg>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.leavePrefill),
        (arg: TPrefillArg) => ({ query: arg }),
        (answer) => answer.prefill,
      ),
    }),
    /** Asks for leave for one or several of the children. */
    createLeaveRequest: build.mutation<TLeaveRequest, TLeaveBody>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.createLeave),
        (body: TLeaveBody) => ({ body }),
        (answer) => answer.request,
      ),
      // A refusal (409: another leave holds the days) may mean the list is out of date too.
      invalidatesTags: ['LeaveRequests', 'FamilyRequests'],
    }),
    /** Rewrites a draft (not sent to the school yet). */
    updateLeaveDraft: build.mutation<TLeaveRequest, { id: string; body: TLeaveDraftBody }>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.updateLeaveDraft),
        ({ id, body }: { id: string; body: TLeaveDraftBody }) => ({ params: { id }, body }),
        (answer) => answer.request,
      ),
      invalidatesTags: ['LeaveRequests', 'FamilyRequests'],
    }),
    /** Sends a draft to the school. */
    submitLeaveRequest: build.mutation<TLeaveRequest, string>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.submitLeave),
        (id: string) => ({ params: { id } }),
        (answer) => answer.request,
      ),
      invalidatesTags: ['LeaveRequests', 'FamilyRequests'],
    }),
    /** Cancels a leave request the school has not decided yet. */
    cancelLeaveRequest: build.mutation<TLeaveRequest, string>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.cancelLeave),
        (id: string) => ({ params: { id } }),
        (answer) => answer.request,
      ),
      invalidatesTags: ['LeaveRequests', 'FamilyRequests'],
    }),
    /** Every request of the family, of every kind the school offers, newest first. */
    getFamilyRequests: build.infiniteQuery<TRequests, { status?: TRequestStatus }, string>({
      infiniteQueryOptions: cursorPaging,
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.requests),
        ({ queryArg, pageParam }: { queryArg: { status?: TRequestStatus }; pageParam: string }) => ({
          query: { ...paged(pageParam), ...(queryArg.status ? { status: queryArg.status } : {}) },
        }),
      ),
      providesTags: ['FamilyRequests'],
    }),
    /** Cancels any request of the family the school has not decided yet. */
    cancelFamilyRequest: build.mutation<TRequestItem, string>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.cancelRequest),
        (id: string) => ({ params: { id } }),
        (answer) => answer.request,
      ),
      invalidatesTags: ['LeaveRequests', 'FamilyRequests'],
    }),
  }),
});

export const {
  useGetLeaveRequestsInfiniteQuery,
  useGetLeavePrefillQuery,
  useCreateLeaveRequestMutation,
  useUpdateLeaveDraftMutation,
  useSubmitLeaveRequestMutation,
  useCancelLeaveRequestMutation,
  useGetFamilyRequestsInfiniteQuery,
  useCancelFamilyRequestMutation,
} = leaveApi;
