import type { TApiResult } from '@portal/contracts/api-result';
import type {
  TChangeEmailBody,
  TChangePasswordBody,
  TConfirmEmailBody,
  TContact,
  TSignIns,
} from '@portal/contracts/account';
import { api } from '../../lib/api.ts';
import { endpointQueryFn } from '../../lib/endpoint-query.ts';

/** The account settings page's calls; the entries load with the first call. */
const entries = () => import('@portal/contracts/account').then((m) => m.accountEndpoints);

export const accountPageApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSignIns: build.query<TSignIns, void>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.signIns),
        () => ({}),
      ),
      providesTags: ['SignIns'],
    }),
    signOutOthers: build.mutation<TApiResult, void>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.signOutOthers),
        () => ({}),
      ),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        if (await queryFulfilled.catch(() => null)) dispatch(accountPageApi.util.invalidateTags(['SignIns']));
      },
    }),
    changePassword: build.mutation<TApiResult, TChangePasswordBody>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.changePassword),
        (body: TChangePasswordBody) => ({ body }),
      ),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        if (await queryFulfilled.catch(() => null)) dispatch(accountPageApi.util.invalidateTags(['SignIns']));
      },
    }),
    getContact: build.query<TContact, void>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.contact),
        () => ({}),
      ),
    }),
    changeEmail: build.mutation<TApiResult, TChangeEmailBody>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.changeEmail),
        (body: TChangeEmailBody) => ({ body }),
      ),
    }),
    confirmEmail: build.mutation<TContact, TConfirmEmailBody>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.confirmEmail),
        (body: TConfirmEmailBody) => ({ body }),
      ),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(accountPageApi.util.upsertQueryData('getContact', undefined, answer.data));
      },
    }),
  }),
});

export const {
  useGetSignInsQuery,
  useSignOutOthersMutation,
  useChangePasswordMutation,
  useGetContactQuery,
  useChangeEmailMutation,
  useConfirmEmailMutation,
} = accountPageApi;
