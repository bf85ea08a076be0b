import type {
  TStudentIdAnswer,
  TTransport,
  TTransportChange,
  TTransportChangeReason,
} from '@portal/contracts/families/identity';
import { api } from '../../lib/api.ts';
import { endpointQueryFn } from '../../lib/endpoint-query.ts';

/**
 * The transport and student ID pages' queries (docs/modules.md F6), each derived from its endpoint
 * entry. The entries load with the first call, so zod stays off the first page.
 */
const entries = () => import('@portal/contracts/families/identity').then((m) => m.identityEndpoints);

export type TTransportChangeRequest = {
  enrollNumber: string;
  reason: TTransportChangeReason;
  requestedStopId?: string;
  details?: string;
};

const identityBase = api.enhanceEndpoints({ addTagTypes: ['Transport'] });

export const identityApi = identityBase.injectEndpoints({
  endpoints: (build) => ({
    /** The child's route, stop and bus (route null: none), the school's stops and the parent's changes. */
    getTransport: build.query<TTransport, string>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.transport),
        (enrollNumber: string) => ({ query: { enrollNumber } }),
      ),
      providesTags: (_answer, _error, enrollNumber) => [{ type: 'Transport', id: enrollNumber }],
    }),
    /** Asks the school to change the child's transport. */
    requestTransportChange: build.mutation<TTransportChange, TTransportChangeRequest>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.requestTransportChange),
        (body: TTransportChangeRequest) => ({ body }),
        (answer) => answer.change,
      ),
      // Sent, or refused because one is already being considered: the page's copy is refreshed.
      invalidatesTags: (_answer, _error, { enrollNumber }) => [{ type: 'Transport', id: enrollNumber }],
    }),
    /** The child's ID card and the code its QR holds. */
    getStudentId: build.query<TStudentIdAnswer, string>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.studentId),
        (enrollNumber: string) => ({ query: { enrollNumber } }),
      ),
    }),
  }),
});

export const { useGetTransportQuery, useRequestTransportChangeMutation, useGetStudentIdQuery } = identityApi;
