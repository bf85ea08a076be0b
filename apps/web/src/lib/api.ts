import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { CLIENT_ID_HEADER } from '@portal/contracts/constants';
import { appConfig } from '../config/app-config.ts';
import type { TLocaleState } from './locale-slice.ts';
import { serverAnswered } from './offline/connection.ts';
import { answerOwnerOf, keepAnswer, keptAnswer, type TAnswerOwnerState } from './offline/kept-answers.ts';
import { getSchoolId } from './school-id.ts';
import { sessionActivity, sessionExpired, type TTokenState } from './session-events.ts';

/**
 * The part of the root state the API layer reads: the session's token, its parent (whose
 * answers are kept offline) and the current language.
 */
export type TApiState = TTokenState & TAnswerOwnerState & { locale: TLocaleState };

/** What a query may ask of the HTTP client besides its request. */
export type TQueryOptions = {
  /**
   * Keep the last answer for this parent and give it back when the network is down, so the page
   * shows what the parent last saw, read-only (docs/decisions/025-passkeys-pwa-push.md).
   */
  keptOffline?: boolean;
};

/** The `extraOptions` of a query whose last answer Home or the timetable show offline. */
export const keptOffline: TQueryOptions = { keptOffline: true };

/**
 * A failed call: RTK Query's error plus the seconds the server asked to wait (`Retry-After`
 * of a 429 or 503), so the UI can say when to try again.
 */
export type TApiError = FetchBaseQueryError & { retryAfterSeconds?: number };

/** `Retry-After` as whole seconds: either a number of seconds or an HTTP date. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

function urlOf(arg: string | FetchArgs): string {
  return typeof arg === 'string' ? arg : arg.url;
}

const fetchQuery = fetchBaseQuery({
  // Absolute, so requests are well-formed wherever `Request` needs a full URL (tests too).
  baseUrl: `${window.location.origin}${appConfig.apiPrefix}`,
  timeout: appConfig.requestTimeoutMs,
  // Resolved at call time so tests can replace `fetch` at the boundary.
  fetchFn: (input, init) => fetch(input, init),
  prepareHeaders: (headers, { getState, arg }) => {
    if (!headers.has(CLIENT_ID_HEADER)) headers.set(CLIENT_ID_HEADER, getSchoolId());
    // The store's root state satisfies TApiState; app/store.ts checks that at compile time.
    const state = getState() as TApiState;
    // Mail the server sends (one-time codes) goes out in the parent's language.
    headers.set('accept-language', state.locale.currentLang);
    // The spec: every path that does not contain /auth carries the bearer token. An /auth
    // endpoint that needs it (sign-out) sets the header itself.
    if (!urlOf(arg).includes('/auth') && !headers.has('authorization')) {
      const { token } = state.session;
      if (token) headers.set('authorization', `Bearer ${token}`);
    }
    return headers;
  },
});

/** The bearer token a request carried, or null. */
function bearerOf(request: Request | undefined): string | null {
  const match = /^Bearer (.+)$/i.exec(request?.headers.get('authorization') ?? '');
  return match?.[1] ?? null;
}

/**
 * The one HTTP client: client-id, language and bearer headers, 60 s timeout, any 401 ends the
 * session, and a `Retry-After` on an error is kept with it. An answered request with the
 * token restarted the session's idle clock on the server: the session learns when. A query
 * `keptOffline` keeps its answer, and gets it back when no network answers.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, TApiError, TQueryOptions> = async (
  args,
  api,
  extraOptions,
) => {
  const sentAt = Date.now();
  const result = await fetchQuery(args, api, extraOptions);
  const token = bearerOf(result.meta?.request);
  if (result.meta?.response) serverAnswered();
  const owner = extraOptions?.keptOffline ? answerOwnerOf(api.getState() as TApiState) : null;
  if (!result.error) {
    if (token) api.dispatch(sessionActivity({ token, at: sentAt }));
    if (owner && result.meta?.request) keepAnswer(owner, result.meta.request, result.data);
    return result;
  }
  // No network, or no answer in time: the server could not be reached.
  const unreached = result.error.status === 'FETCH_ERROR' || result.error.status === 'TIMEOUT_ERROR';
  if (owner && result.meta?.request && unreached) {
    const kept = await keptAnswer(owner, result.meta.request);
    if (kept) return { data: kept.data, meta: result.meta };
  }
  if (result.error.status === 401) api.dispatch(sessionExpired(token));
  const retryAfterSeconds = parseRetryAfter(result.meta?.response?.headers.get('retry-after'));
  if (retryAfterSeconds === null) return result;
  return { ...result, error: { ...result.error, retryAfterSeconds } };
};

/** The single RTK Query api slice; features inject their endpoints into it. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  // When the network comes back, what is on screen (perhaps kept answers) is asked for again.
  refetchOnReconnect: true,
  tagTypes: ['Profile', 'School', 'SignIns'],
  endpoints: () => ({}),
});
