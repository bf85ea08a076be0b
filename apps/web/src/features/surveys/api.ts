import type { TSurveyAnswer, TSurveyDetail, TSurveys } from '@portal/contracts/families/surveys';
import { api } from '../../lib/api.ts';
import { endpointQueryFn } from '../../lib/endpoint-query.ts';

/**
 * The family's surveys (docs/modules.md F5, module `survey`), each query derived from its endpoint
 * entry; the entries load with the first call, so zod stays off the first page.
 */
const entries = () => import('@portal/contracts/families/surveys').then((m) => m.surveyEndpoints);

export type TRespondRequest = { id: string; enrollNumber: string; answers: TSurveyAnswer[] };

export const surveysApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The open surveys first, then the answered ones. */
    getSurveys: build.query<TSurveys, void>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.surveys),
        () => ({}),
      ),
    }),
    /** One survey with its questions and who of the family answered it. */
    getSurvey: build.query<TSurveyDetail, string>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.survey),
        (id: string) => ({ params: { id } }),
      ),
    }),
    /** Answers a survey once; the lists are read again after. */
    respondToSurvey: build.mutation<{ answeredAt: string }, TRespondRequest>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.respond),
        ({ id, enrollNumber, answers }: TRespondRequest) => ({
          params: { id },
          body: { enrollNumber, answers },
        }),
        (answer) => ({ answeredAt: answer.answeredAt }),
      ),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const done = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (!done) return;
        await Promise.all([
          dispatch(
            surveysApi.endpoints.getSurveys.initiate(undefined, { subscribe: false, forceRefetch: true }),
          ),
          dispatch(surveysApi.endpoints.getSurvey.initiate(id, { subscribe: false, forceRefetch: true })),
        ]);
      },
    }),
  }),
});

export const { useGetSurveysQuery, useGetSurveyQuery, useRespondToSurveyMutation } = surveysApi;
