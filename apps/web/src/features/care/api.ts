import type {
  careEndpoints,
  TCareModule,
  TCareRecord,
  TCareRecords,
  TCareRequest,
  TMedicalProfile,
} from '@portal/contracts/families/care';
import { api } from '../../lib/api.ts';
import { endpointQueryFn } from '../../lib/endpoint-query.ts';

/**
 * The care family's queries and actions (docs/decisions/018-module-families.md), each derived
 * from its endpoint entry. The entries load with the first call, so zod stays off the first page.
 */
const entries = () => import('@portal/contracts/families/care').then((m) => m.careEndpoints);

type TCareEntryName = keyof typeof careEndpoints;

/** The list entry of each care module (`GET care/<path>?enrollNumber`). */
const listEntryOf = {
  meritDemerit: 'meritDemerit',
  incidents: 'incidents',
  medical: 'medical',
  counselling: 'counselling',
  wellbeing: 'wellbeing',
  goalSetting: 'goals',
  improvement: 'improvementPlans',
  portfolio: 'portfolio',
  gntPortfolio: 'gntPortfolio',
} as const satisfies Record<TCareModule, TCareEntryName>;

/**
 * What a care page reads: its records and their counts; `care/medical` adds the profile and
 * `care/medical` and `care/counselling` the parent's own requests.
 */
export type TCareAnswer = TCareRecords & {
  profile?: TMedicalProfile | null;
  requests?: TCareRequest[];
};

export type TCareModuleArg = { module: TCareModule; enrollNumber: string };

/** The modules whose records take comments, and the entry that posts one. */
export type TCommentModule = 'goalSetting' | 'improvement';
const commentEntryOf = { goalSetting: 'commentOnGoal', improvement: 'commentOnPlan' } as const;

export type TCommentRequest = { module: TCommentModule; id: string; enrollNumber: string; body: string };
export type TAcknowledgeRequest = { id: string; enrollNumber: string };
export type TMedicalUpdateRequest = {
  enrollNumber: string;
  section: 'allergies' | 'conditions' | 'medications' | 'dietary' | 'bloodGroup' | 'other';
  details: string;
};
export type TCounsellingRequest = {
  enrollNumber: string;
  topic: string;
  details: string;
  preferredDays: string[];
};

const careBase = api.enhanceEndpoints({ addTagTypes: ['Care'] });

export const careApi = careBase.injectEndpoints({
  endpoints: (build) => ({
    /** A care module's records of the child, newest first, with their counts. */
    getCareRecords: build.query<TCareAnswer, TCareModuleArg>({
      queryFn: endpointQueryFn(
        ({ module }: TCareModuleArg) => entries().then((e) => e[listEntryOf[module]]),
        ({ enrollNumber }: TCareModuleArg) => ({ query: { enrollNumber } }),
        (answer) => answer as TCareAnswer,
      ),
      providesTags: (_result, _error, { module, enrollNumber }) => [
        { type: 'Care', id: `${module}:${enrollNumber}` },
      ],
    }),
    /** Acknowledges an incident for the child; the first acknowledgement is the one kept. */
    acknowledgeIncident: build.mutation<TCareRecord, TAcknowledgeRequest>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.acknowledgeIncident),
        ({ id, enrollNumber }: TAcknowledgeRequest) => ({ params: { id }, body: { enrollNumber } }),
        (answer) => answer.item,
      ),
      async onQueryStarted({ enrollNumber }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(replaceRecord('incidents', enrollNumber, data));
      },
    }),
    /** Adds the parent's comment to an open goal or plan. */
    commentOnRecord: build.mutation<TCareRecord, TCommentRequest>({
      queryFn: endpointQueryFn(
        ({ module }: TCommentRequest) => entries().then((e) => e[commentEntryOf[module]]),
        ({ id, enrollNumber, body }: TCommentRequest) => ({ params: { id }, body: { enrollNumber, body } }),
        (answer) => answer.item,
      ),
      async onQueryStarted({ module, enrollNumber }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(replaceRecord(module, enrollNumber, data));
      },
    }),
    /** Tells the nurse what is new or wrong on the medical profile. */
    proposeMedicalUpdate: build.mutation<TCareRequest, TMedicalUpdateRequest>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.proposeMedicalUpdate),
        (body: TMedicalUpdateRequest) => ({ body: { ...body, attachmentIds: [] } }),
        (answer) => answer.request,
      ),
      async onQueryStarted({ enrollNumber }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(addRequest('medical', enrollNumber, data));
      },
    }),
    /** Asks the counsellor for a meeting. */
    requestCounselling: build.mutation<TCareRequest, TCounsellingRequest>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.requestCounselling),
        (body: TCounsellingRequest) => ({ body }),
        (answer) => answer.request,
      ),
      async onQueryStarted({ enrollNumber }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(addRequest('counselling', enrollNumber, data));
      },
    }),
  }),
});

/** Puts the server's copy of a record into the module's list, and recounts what waits for the parent. */
function replaceRecord(module: TCareModule, enrollNumber: string, record: TCareRecord) {
  return careApi.util.updateQueryData('getCareRecords', { module, enrollNumber }, (draft) => {
    draft.items = draft.items.map((item) => (item.id === record.id ? record : item));
    draft.summary.toAcknowledge = draft.items.filter(
      (item) => item.requiresAck && item.acknowledgedAt === null,
    ).length;
  });
}

/** Shows a request the parent just made at the top of their requests. */
function addRequest(module: 'medical' | 'counselling', enrollNumber: string, request: TCareRequest) {
  return careApi.util.updateQueryData('getCareRecords', { module, enrollNumber }, (draft) => {
    draft.requests = [request, ...(draft.requests ?? []).filter((one) => one.id !== request.id)];
  });
}

export const {
  useGetCareRecordsQuery,
  useAcknowledgeIncidentMutation,
  useCommentOnRecordMutation,
  useProposeMedicalUpdateMutation,
  useRequestCounsellingMutation,
} = careApi;
