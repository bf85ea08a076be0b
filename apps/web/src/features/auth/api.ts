import { createAction } from '@reduxjs/toolkit';
import type { TApiResult } from '@portal/contracts/api-result';
import type { TLoginRequest, TLoginResponse, TProfile } from '@portal/contracts/auth';
import { apiPaths } from '../../config/paths.ts';
import { api, keptOffline } from '../../lib/api.ts';
import { checkAnswer } from '../../lib/check-answer.ts';
import { endpointQueryFn } from '../../lib/endpoint-query.ts';
import { leavePushOnThisDevice } from '../../lib/push-device.ts';

/** The contract schemas, loaded with the first answer (keeps zod off the sign-in page's first load). */
const contracts = () =>
  Promise.all([import('@portal/contracts/auth'), import('@portal/contracts/api-result')]);
export const loginSchema = () => contracts().then(([auth]) => auth.ZLoginResponse);
export const resultSchema = () => contracts().then(([, result]) => result.ZApiResult);

// The other auth endpoints live with the views that use them (code-api.ts, social-api.ts,
// account-api.ts), so the sign-in page does not load them; they tell the session what happened
// through these actions.

/**
 * A one-time-code sign-in took effect: dispatched OTP_SIGN_IN_DELAY_MS after the code was
 * accepted (docs/product-spec.md section 4), while the form shows that it was. `meta.at`: when.
 */
export const signedInWithCode = createAction('session/signedInWithCode', (answer: TLoginResponse) => ({
  payload: answer,
  meta: { at: Date.now() },
}));

/** A passkey sign-in succeeded: the guard sends the parent on at once. `meta.at`: when. */
export const signedInWithPasskey = createAction('session/signedInWithPasskey', (answer: TLoginResponse) => ({
  payload: answer,
  meta: { at: Date.now() },
}));

/** A Google or Facebook sign-in succeeded at `at` (epoch ms): signed in now, moved on later. */
export const signedInWithProvider = createAction<{ answer: TLoginResponse; at: number }>(
  'session/signedInWithProvider',
);

/** The server revoked every session of the parent. */
export const signedOutEverywhere = createAction('session/signedOutEverywhere');

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<TLoginResponse, TLoginRequest>({
      async queryFn(body, _api, _extra, baseQuery) {
        const answer = await baseQuery({ url: apiPaths.login, method: 'POST', body });
        if (answer.error) return { error: answer.error };
        return checkAnswer(answer.data, loginSchema());
      },
    }),
    /** The path contains /auth, so the bearer token is sent explicitly. */
    signOut: build.mutation<TApiResult, string>({
      async queryFn(token, queryApi, extra, baseQuery) {
        // A shared device stops receiving this parent's notices (docs/notifications.md).
        const pushEndpoint = await leavePushOnThisDevice();
        if (pushEndpoint !== null) {
          await endpointQueryFn(
            () => import('@portal/contracts/push').then((m) => m.pushEndpoints.unsubscribe),
            () => ({ body: { endpoint: pushEndpoint } }),
          )(undefined, queryApi, extra, baseQuery);
        }
        const answer = await baseQuery({
          url: apiPaths.signOut,
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
        });
        if (answer.error) return { error: answer.error };
        return checkAnswer(answer.data, resultSchema());
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
      extraOptions: keptOffline,
    }),
  }),
});

export const { useLoginMutation, useSignOutMutation, useGetProfileQuery } = authApi;
