import type { TApiResult } from '@portal/contracts/api-result';
import type {
  TPasskeyAnswer,
  TPasskeys,
  TRegistrationOptionsAnswer,
  TRegistrationResponse,
} from '@portal/contracts/passkeys';
import { api } from '../../lib/api.ts';
import { endpointQueryFn } from '../../lib/endpoint-query.ts';

/** The passkeys section's calls; the entries load with the first call. */
const entries = () => import('@portal/contracts/passkeys').then((m) => m.passkeyEndpoints);

export const passkeysApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPasskeys: build.query<TPasskeys, void>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.list),
        () => ({}),
      ),
    }),
    /** A challenge for the browser to create a passkey with. */
    passkeyRegistrationOptions: build.mutation<TRegistrationOptionsAnswer, void>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.registrationOptions),
        () => ({}),
      ),
    }),
    /** Keeps the passkey the browser created; it heads the list. */
    addPasskey: build.mutation<TPasskeyAnswer, TRegistrationResponse>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.add),
        (body: TRegistrationResponse) => ({ body }),
      ),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (!answer) return;
        dispatch(
          passkeysApi.util.updateQueryData('getPasskeys', undefined, (draft) => {
            draft.items = [
              answer.data.passkey,
              ...draft.items.filter((item) => item.id !== answer.data.passkey.id),
            ];
          }),
        );
      },
    }),
    removePasskey: build.mutation<TApiResult, string>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.remove),
        (credentialId: string) => ({ params: { credentialId } }),
      ),
      async onQueryStarted(credentialId, { dispatch, queryFulfilled }) {
        if (!(await queryFulfilled.catch(() => null))) return;
        dispatch(
          passkeysApi.util.updateQueryData('getPasskeys', undefined, (draft) => {
            draft.items = draft.items.filter((item) => item.id !== credentialId);
          }),
        );
      },
    }),
  }),
});

export const {
  useGetPasskeysQuery,
  usePasskeyRegistrationOptionsMutation,
  useAddPasskeyMutation,
  useRemovePasskeyMutation,
} = passkeysApi;
