import type { TApiResult } from '@portal/contracts/api-result';
import type { TLoginRequest, TLoginResponse, TProfile } from '@portal/contracts/auth';
import { apiPaths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { checkAnswer } from '../../lib/check-answer.ts';

/** The contract schemas, loaded with the first answer (keeps zod off the sign-in page's first load). */
const contracts = () =>
  Promise.all([import('@portal/contracts/auth'), import('@portal/contracts/api-result')]);

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<TLoginResponse, TLoginRequest>({
      async queryFn(body, _api, _extra, baseQuery) {
        const answer = await baseQuery({ url: apiPaths.login, method: 'POST', body });
        if (answer.error) return { error: answer.error };
        return checkAnswer(
          answer.data,
          contracts().then(([auth]) => auth.ZLoginResponse),
        );
      },
    }),
    /** The path contains /auth, so the bearer token is sent explicitly. */
    signOut: build.mutation<TApiResult, string>({
      async queryFn(token, _api, _extra, baseQuery) {
        const answer = await baseQuery({
          url: apiPaths.signOut,
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
        });
        if (answer.error) return { error: answer.error };
        return checkAnswer(
          answer.data,
          contracts().then(([, result]) => result.ZApiResult),
        );
      },
      async onQueryStarted(_token, { dispatch, queryFulfilled }) {
        // Nothing cached for this parent may outlive the session, whatever the answer.
        await queryFulfilled.catch(() => undefined);
        dispatch(api.util.resetApiState());
      },
    }),
    getProfile: build.query<TProfile, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const answer = await baseQuery(apiPaths.profile);
        if (answer.error) return { error: answer.error };
        return checkAnswer(
          answer.data,
          contracts().then(([auth]) => auth.ZProfile),
        );
      },
      providesTags: ['Profile'],
    }),
  }),
});

export const { useLoginMutation, useSignOutMutation, useGetProfileQuery } = authApi;
