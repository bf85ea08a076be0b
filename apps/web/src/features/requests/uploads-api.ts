import type {
  TDocumentRequest,
  TDocumentRequests,
  TDocumentUploadBody,
} from '@portal/contracts/families/uploads';
import { api } from '../../lib/api.ts';
import { endpointQueryFn } from '../../lib/endpoint-query.ts';

/**
 * The documents the school asked of the family and the family's answers (docs/modules.md F5,
 * module `uploads`), each derived from its endpoint entry, loaded with the first call.
 */
const entries = () => import('@portal/contracts/families/uploads').then((m) => m.uploadEndpoints);

const uploadsBase = api.enhanceEndpoints({ addTagTypes: ['DocumentRequests', 'FamilyRequests'] });

export type TSendDocumentArg = { documentRequestId: string } & TDocumentUploadBody;

export const uploadsApi = uploadsBase.injectEndpoints({
  endpoints: (build) => ({
    /** Every document the school asked of the family's children, soonest due first. */
    getDocumentRequests: build.query<TDocumentRequests['items'], void>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.documentRequests),
        () => ({ query: {} }),
        (answer) => answer.items,
      ),
      providesTags: ['DocumentRequests'],
    }),
    /** Sends the uploaded files for one asked document. */
    sendDocument: build.mutation<TDocumentRequest, TSendDocumentArg>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.sendDocument),
        ({ documentRequestId, attachmentIds }: TSendDocumentArg) => ({
          params: { documentRequestId },
          body: { attachmentIds },
        }),
        (answer) => answer.document,
      ),
      // A refusal (409: already under review or accepted) may mean the list is out of date.
      invalidatesTags: ['DocumentRequests', 'FamilyRequests'],
    }),
  }),
});

export const { useGetDocumentRequestsQuery, useSendDocumentMutation } = uploadsApi;
