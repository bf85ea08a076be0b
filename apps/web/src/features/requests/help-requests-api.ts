import type {
  THelpdeskBody,
  THelpdeskTicket,
  THelpdeskTickets,
  TPhotocopyBody,
  TPhotocopyRequest,
  TPhotocopyRequests,
} from '@portal/contracts/families/help-requests';
import type { TRequestItem } from '@portal/contracts/families/requests';
import { api } from '../../lib/api.ts';
import { endpointQueryFn } from '../../lib/endpoint-query.ts';

/**
 * Help desk tickets and photocopy requests (docs/modules.md F5), each derived from its endpoint
 * entry; cancelling goes through the family's hub. The entries load with the first call.
 */
const entries = () => import('@portal/contracts/families/help-requests').then((m) => m.helpRequestEndpoints);
const hubEntries = () => import('@portal/contracts/families/requests').then((m) => m.requestEndpoints);

/** Requests asked for at a time. */
export const HELP_PAGE_SIZE = 10 as const;

const base = api.enhanceEndpoints({
  addTagTypes: ['HelpdeskTickets', 'PhotocopyRequests', 'FamilyRequests'],
});

const cursorPaging = {
  initialPageParam: '',
  getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor,
};

const paged = ({ pageParam }: { pageParam: string }) => ({
  query: { pageSize: HELP_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
});

export const helpRequestsApi = base.injectEndpoints({
  endpoints: (build) => ({
    /** The family's help desk tickets, newest first, a page at a time. */
    getHelpdeskTickets: build.infiniteQuery<THelpdeskTickets, void, string>({
      infiniteQueryOptions: cursorPaging,
      queryFn: endpointQueryFn(() => entries().then((e) => e.helpdeskTickets), paged),
      providesTags: ['HelpdeskTickets'],
    }),
    createHelpdeskTicket: build.mutation<THelpdeskTicket, THelpdeskBody>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.createHelpdeskTicket),
        (body: THelpdeskBody) => ({ body }),
        (answer) => answer.ticket,
      ),
      invalidatesTags: ['HelpdeskTickets', 'FamilyRequests'],
    }),
    /** Adds the parent's note to an open ticket. */
    addHelpdeskNote: build.mutation<THelpdeskTicket, { id: string; body: string }>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.addHelpdeskNote),
        (arg: { id: string; body: string }) => ({ params: { id: arg.id }, body: { body: arg.body } }),
        (answer) => answer.ticket,
      ),
      invalidatesTags: ['HelpdeskTickets', 'FamilyRequests'],
    }),
    /** The family's photocopy requests, newest first, a page at a time. */
    getPhotocopyRequests: build.infiniteQuery<TPhotocopyRequests, void, string>({
      infiniteQueryOptions: cursorPaging,
      queryFn: endpointQueryFn(() => entries().then((e) => e.photocopyRequests), paged),
      providesTags: ['PhotocopyRequests'],
    }),
    createPhotocopyRequest: build.mutation<TPhotocopyRequest, TPhotocopyBody>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.createPhotocopyRequest),
        (body: TPhotocopyBody) => ({ body }),
        (answer) => answer.request,
      ),
      invalidatesTags: ['PhotocopyRequests', 'FamilyRequests'],
    }),
    /** Cancels a ticket or a photocopy request the school has not decided yet (the hub's cancel). */
    cancelHelpRequest: build.mutation<TRequestItem, string>({
      queryFn: endpointQueryFn(
        () => hubEntries().then((e) => e.cancelRequest),
        (id: string) => ({ params: { id } }),
        (answer) => answer.request,
      ),
      invalidatesTags: ['HelpdeskTickets', 'PhotocopyRequests', 'FamilyRequests'],
    }),
  }),
});

export const {
  useGetHelpdeskTicketsInfiniteQuery,
  useCreateHelpdeskTicketMutation,
  useAddHelpdeskNoteMutation,
  useGetPhotocopyRequestsInfiniteQuery,
  useCreatePhotocopyRequestMutation,
  useCancelHelpRequestMutation,
} = helpRequestsApi;
