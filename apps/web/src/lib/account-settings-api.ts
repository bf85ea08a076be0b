import type {
  TAccountSettings,
  TAccountSettingsAnswer,
  TAccountSettingsChange,
} from '@portal/contracts/account';
import { api, keptOffline } from './api.ts';
import { endpointQueryFn } from './endpoint-query.ts';

/**
 * What the parent keeps on the account (pinned menu entries, language, theme), read by the menu
 * and the settings page alike; the entries load with the first call.
 */
const entries = () => import('@portal/contracts/account').then((m) => m.accountEndpoints);

export const accountSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAccountSettings: build.query<TAccountSettings, void>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.settings),
        () => ({}),
        (answer) => answer.settings,
      ),
      extraOptions: keptOffline,
    }),
    /** Saves a change; the settings show it at once and take the server's answer when it comes. */
    changeAccountSettings: build.mutation<TAccountSettingsAnswer, TAccountSettingsChange>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.changeSettings),
        (change: TAccountSettingsChange) => ({ body: change }),
      ),
      async onQueryStarted(change, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          accountSettingsApi.util.updateQueryData('getAccountSettings', undefined, (draft) => ({
            ...draft,
            ...change,
          })),
        );
        const answer = await queryFulfilled.catch(() => null);
        if (!answer) {
          patch.undo();
          return;
        }
        dispatch(
          accountSettingsApi.util.upsertQueryData('getAccountSettings', undefined, answer.data.settings),
        );
      },
    }),
  }),
});

export const { useGetAccountSettingsQuery, useChangeAccountSettingsMutation } = accountSettingsApi;
