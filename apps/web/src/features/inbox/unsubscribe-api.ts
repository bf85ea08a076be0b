import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { TNotificationCategory, TNotificationMode } from '@portal/contracts/kits/inbox';
import { api, type TApiError } from '../../lib/api.ts';
import { checkAnswer } from '../../lib/check-answer.ts';

/**
 * Unsubscribing by the link in a mail, without signing in (docs/decisions/021-publications-and-inbox.md):
 * GET says what the link stops and changes nothing (mail scanners open links); POST stops it.
 * The contract loads with the first call, so zod stays off the page's first load.
 */
const contract = () => import('@portal/contracts/kits/inbox');

/** What a link stops, as the page shows it. */
export type TUnsubscribeState = {
  /** The address the mail goes to, partly hidden. */
  email: string;
  /** The categories the link stops, with their mode now (`off` once stopped). */
  stoppable: { category: TNotificationCategory; mode: TNotificationMode }[];
  /** Categories it names that cannot be stopped (safety: always instant). */
  fixed: TNotificationCategory[];
};

type TBaseQuery = (
  args: FetchArgs,
) => PromiseLike<{ data?: unknown; error?: TApiError }> | { data?: unknown; error?: TApiError };

async function unsubscribeCall(
  token: string,
  method: 'GET' | 'POST',
  baseQuery: TBaseQuery,
): Promise<{ data: TUnsubscribeState } | { error: FetchBaseQueryError }> {
  const { UNSUBSCRIBE_PATH, ZUnsubscribeAnswer, ALWAYS_INSTANT } = await contract();
  const answer = await baseQuery({ url: UNSUBSCRIBE_PATH, method, params: { token } });
  if (answer.error) return { error: answer.error };
  const checked = await checkAnswer(answer.data, Promise.resolve(ZUnsubscribeAnswer));
  if ('error' in checked) return checked;
  const { category, mode, categories, email } = checked.data;
  const named = categories.length > 0 ? categories : [{ category, mode }];
  return {
    data: {
      email,
      stoppable: named.filter((one) => !ALWAYS_INSTANT.includes(one.category)),
      fixed: named.filter((one) => ALWAYS_INSTANT.includes(one.category)).map((one) => one.category),
    },
  };
}

export const unsubscribeApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** What the link stops: the categories, their mode now, and the address (partly hidden). */
    getUnsubscribe: build.query<TUnsubscribeState, string>({
      queryFn: (token, _api, _extra, baseQuery) => unsubscribeCall(token, 'GET', baseQuery),
    }),
    /** Stops the mail the link names; the answer says the modes now (`off`). */
    unsubscribe: build.mutation<TUnsubscribeState, string>({
      queryFn: (token, _api, _extra, baseQuery) => unsubscribeCall(token, 'POST', baseQuery),
    }),
  }),
});

export const { useGetUnsubscribeQuery, useUnsubscribeMutation } = unsubscribeApi;
