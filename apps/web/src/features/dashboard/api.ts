import type { TApiResult } from '@portal/contracts/api-result';
import type { TSaveDashboardLayoutRequest } from '@portal/contracts/parent';
import { apiPaths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { checkAnswer } from '../../lib/check-answer.ts';

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Saves the parent's dashboard layout (a JSON string of at most 16 KB). */
    saveDashboardLayout: build.mutation<TApiResult, TSaveDashboardLayoutRequest>({
      async queryFn(body, _api, _extra, baseQuery) {
        const answer = await baseQuery({ url: apiPaths.dashboardLayout, method: 'PUT', body });
        if (answer.error) return { error: answer.error };
        return checkAnswer(
          answer.data,
          import('@portal/contracts/api-result').then((result) => result.ZApiResult),
        );
      },
      // The stored profile carries the saved layout: refresh it, so a later visit starts from it.
      invalidatesTags: ['Profile'],
    }),
  }),
});

export const { useSaveDashboardLayoutMutation } = dashboardApi;
