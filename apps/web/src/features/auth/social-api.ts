import type { TFacebookLoginRequest, TGoogleLoginRequest, TLoginResponse } from '@portal/contracts/auth';
import { apiPaths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { checkAnswer } from '../../lib/check-answer.ts';
import { loginSchema, signedInWithProvider } from './api.ts';

/** Google and Facebook sign-in: the provider's credential for a session. */
export const socialApi = api.injectEndpoints({
  endpoints: (build) => {
    const providerLogin = <TBody>(url: string) =>
      build.mutation<TLoginResponse, TBody>({
        async queryFn(body, _api, _extra, baseQuery) {
          const answer = await baseQuery({ url, method: 'POST', body });
          if (answer.error) return { error: answer.error };
          return checkAnswer(answer.data, loginSchema());
        },
        async onQueryStarted(_body, { dispatch, queryFulfilled }) {
          const result = await queryFulfilled.catch(() => null);
          if (result) dispatch(signedInWithProvider({ answer: result.data, at: Date.now() }));
        },
      });
    return {
      /** A Google ID token (JWT) from Google Identity Services. */
      googleLogin: providerLogin<TGoogleLoginRequest>(apiPaths.googleLogin),
      /** A Facebook user access token from the Facebook SDK. */
      facebookLogin: providerLogin<TFacebookLoginRequest>(apiPaths.facebookLogin),
    };
  },
});

export const { useGoogleLoginMutation, useFacebookLoginMutation } = socialApi;
