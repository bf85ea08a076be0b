import type { TApiResult } from '@portal/contracts/api-result';
import type { TPushKey, TPushSubscription, TPushUnsubscribe } from '@portal/contracts/push';
import { api } from '../../lib/api.ts';
import { endpointQueryFn } from '../../lib/endpoint-query.ts';

/** The calls of "notifications on this device"; the entries load with the first call. */
const entries = () => import('@portal/contracts/push').then((m) => m.pushEndpoints);

export const pushApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPushKey: build.query<TPushKey, void>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.key),
        () => ({}),
      ),
    }),
    subscribePush: build.mutation<TApiResult, TPushSubscription>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.subscribe),
        (body: TPushSubscription) => ({ body }),
      ),
    }),
    unsubscribePush: build.mutation<TApiResult, TPushUnsubscribe>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.unsubscribe),
        (body: TPushUnsubscribe) => ({ body }),
      ),
    }),
  }),
});

export const { useLazyGetPushKeyQuery, useSubscribePushMutation, useUnsubscribePushMutation } = pushApi;
