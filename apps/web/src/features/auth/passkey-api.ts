import type { TLoginResponse } from '@portal/contracts/auth';
import type { TAuthenticationOptionsAnswer, TAuthenticationResponse } from '@portal/contracts/passkeys';
import { api } from '../../lib/api.ts';
import { endpointQueryFn } from '../../lib/endpoint-query.ts';
import { signedInWithPasskey } from './api.ts';

/** The passkey sign-in's entries, loaded with the first call (zod stays off the first page). */
const entries = () => import('@portal/contracts/passkeys').then((m) => m.passkeyEndpoints);

/** Signing in with a passkey: a challenge, then the browser's answer for a session. */
export const passkeyApi = api.injectEndpoints({
  endpoints: (build) => ({
    passkeySignInOptions: build.mutation<TAuthenticationOptionsAnswer, void>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.signInOptions),
        () => ({}),
      ),
    }),
    /** Signs in with the passkey's answer; the session follows `signedInWithPasskey`. */
    passkeyLogin: build.mutation<TLoginResponse, TAuthenticationResponse>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.signIn),
        (body: TAuthenticationResponse) => ({ body }),
      ),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(signedInWithPasskey(answer.data));
      },
    }),
  }),
});

export const { usePasskeySignInOptionsMutation, usePasskeyLoginMutation } = passkeyApi;
