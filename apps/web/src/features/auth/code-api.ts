import type { TApiResult } from '@portal/contracts/api-result';
import type {
  TForgetPasswordRequest,
  TLoginResponse,
  TRegisterRequest,
  TResetPasswordRequest,
  TSendCodeRequest,
  TVerifyAuthOtpRequest,
  TVerifyOtpRequest,
} from '@portal/contracts/auth';
import { appConfig } from '../../config/app-config.ts';
import { apiPaths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { checkAnswer } from '../../lib/check-answer.ts';
import { loginSchema, resultSchema, signedInWithCode } from './api.ts';

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The endpoints of the code flows: one-time-code sign-in, registration, forgotten password. */
export const codeApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Sends a sign-in code; `resend` uses the resend path. Same answer whether the account exists. */
    sendSignInCode: build.mutation<TApiResult, TSendCodeRequest & { resend: boolean }>({
      async queryFn({ resend, ...body }, _api, _extra, baseQuery) {
        const url = resend ? apiPaths.resendSignInCode : apiPaths.sendSignInCode;
        const answer = await baseQuery({ url, method: 'POST', body });
        if (answer.error) return { error: answer.error };
        return checkAnswer(answer.data, resultSchema());
      },
    }),
    /** Signs in with the code; the session follows `signedInWithCode`, after the spec's delay. */
    verifySignInCode: build.mutation<TLoginResponse, TVerifyAuthOtpRequest>({
      async queryFn(body, _api, _extra, baseQuery) {
        const answer = await baseQuery({ url: apiPaths.verifySignInCode, method: 'POST', body });
        if (answer.error) return { error: answer.error };
        return checkAnswer(answer.data, loginSchema());
      },
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const result = await queryFulfilled.catch(() => null);
        if (!result) return;
        await wait(appConfig.otpSignInDelayMs);
        dispatch(signedInWithCode(result.data));
      },
    }),
    /** Claims the account the school created; a code is mailed when the details match. */
    register: build.mutation<TApiResult, TRegisterRequest>({
      async queryFn(body, _api, _extra, baseQuery) {
        const answer = await baseQuery({ url: apiPaths.register, method: 'POST', body });
        if (answer.error) return { error: answer.error };
        return checkAnswer(answer.data, resultSchema());
      },
    }),
    /** Activates the claimed account with the code from the registration mail. */
    verifyRegistration: build.mutation<TApiResult, TVerifyOtpRequest>({
      async queryFn(body, _api, _extra, baseQuery) {
        const answer = await baseQuery({ url: apiPaths.verifyRegistration, method: 'POST', body });
        if (answer.error) return { error: answer.error };
        return checkAnswer(answer.data, resultSchema());
      },
    }),
    /** Mails a code to reset the password; the same answer whether the account exists. */
    forgetPassword: build.mutation<TApiResult, TForgetPasswordRequest>({
      async queryFn(body, _api, _extra, baseQuery) {
        const answer = await baseQuery({ url: apiPaths.forgetPassword, method: 'POST', body });
        if (answer.error) return { error: answer.error };
        return checkAnswer(answer.data, resultSchema());
      },
    }),
    /** Sets a new password with the mailed code; every session of the account ends. */
    resetPassword: build.mutation<TApiResult, TResetPasswordRequest>({
      async queryFn(body, _api, _extra, baseQuery) {
        const answer = await baseQuery({ url: apiPaths.resetPassword, method: 'POST', body });
        if (answer.error) return { error: answer.error };
        return checkAnswer(answer.data, resultSchema());
      },
    }),
  }),
});

export const {
  useSendSignInCodeMutation,
  useVerifySignInCodeMutation,
  useRegisterMutation,
  useVerifyRegistrationMutation,
  useForgetPasswordMutation,
  useResetPasswordMutation,
} = codeApi;
