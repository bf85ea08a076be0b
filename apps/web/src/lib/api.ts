import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { CLIENT_ID_HEADER } from '@portal/contracts/constants';
import { appConfig } from '../config/app-config.ts';
import { getSchoolId } from './school-id.ts';
import { sessionExpired, type TTokenState } from './session-events.ts';

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
    // The spec: every path that does not contain /auth carries the bearer token. An /auth
    // endpoint that needs it (sign-out) sets the header itself.
    if (!urlOf(arg).includes('/auth') && !headers.has('authorization')) {
      // The store's root state satisfies TTokenState; app/store.ts checks that at compile time.
      const { token } = (getState() as TTokenState).session;
      if (token) headers.set('authorization', `Bearer ${token}`);
    }
    return headers;
  },
});

/** The one HTTP client: client-id and bearer headers, 60 s timeout, and any 401 ends the session. */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const result = await fetchQuery(args, api, extraOptions);
  if (result.error?.status === 401) api.dispatch(sessionExpired());
  return result;
};

/** The single RTK Query api slice; features inject their endpoints into it. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Profile', 'School'],
  endpoints: () => ({}),
});
