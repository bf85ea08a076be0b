import type { TKycDocument, TKycDocuments, TKycUploadBody } from '@portal/contracts/families/kyc';
import { api } from '../../lib/api.ts';
import { endpointQueryFn } from '../../lib/endpoint-query.ts';

/**
 * The identity documents page's queries (docs/modules.md F6, module `kyc`), each derived from its
 * endpoint entry, which loads with the first call.
 */
const entries = () => import('@portal/contracts/families/kyc').then((m) => m.kycEndpoints);

const kycBase = api.enhanceEndpoints({ addTagTypes: ['KycDocuments', 'FamilyRequests'] });

export const kycApi = kycBase.injectEndpoints({
  endpoints: (build) => ({
    /** The types asked of the parent and of each child, with the documents on file. */
    getKycDocuments: build.query<TKycDocuments, void>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.documents),
        () => ({}),
      ),
      providesTags: ['KycDocuments'],
    }),
    /** Sends a document (its files uploaded first) for the school to check. */
    uploadKycDocument: build.mutation<TKycDocument, TKycUploadBody>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.upload),
        (body: TKycUploadBody) => ({ body }),
        (answer) => answer.document,
      ),
      // Sent, or refused because one is already with the school: the page's copy is refreshed.
      invalidatesTags: ['KycDocuments', 'FamilyRequests'],
    }),
  }),
});

export const { useGetKycDocumentsQuery, useUploadKycDocumentMutation } = kycApi;
