import type { TApiResult } from '@portal/contracts/api-result';
import { apiPaths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { checkAnswer } from '../../lib/check-answer.ts';
import { resultSchema, signedOutEverywhere } from './api.ts';

/** What the signed-in parent does with the account itself. */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Revokes every session of the parent; the path contains /auth, so the token is sent explicitly. */
    signOutAll: build.mutation<TApiResult, string>({
      async queryFn(token, _api, _extra, baseQuery) {
        const answer = await baseQuery({
          url: apiPaths.signOutAll,
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
        });
        if (answer.error) return { error: answer.error };
        return checkAnswer(answer.data, resultSchema());
      },
      async onQueryStarted(_token, { dispatch, queryFulfilled }) {
        // Only a confirmed revocation ends the session here; a 401 ends it in the base query.
        const result = await queryFulfilled.catch(() => null);
        if (!result) return;
        dispatch(signedOutEverywhere());
        // Nothing cached for this parent may outlive the session.
        dispatch(api.util.resetApiState());
      },
    }),
  }),
});

export const { useSignOutAllMutation } = accountApi;
