import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { pathOf, PARENT_API_PATH, type TEndpoint } from '@portal/contracts/endpoint';
import type { input, output, ZodType } from 'zod';
import type { TApiError } from './api.ts';
import { checkAnswer } from './check-answer.ts';

type TInput<S> = S extends ZodType ? input<S> : undefined;

/** What one call of an endpoint sends: its path parameters, query and body, as its entry says. */
export type TEndpointCall<E extends TEndpoint> = {
  params?: Record<string, string>;
  query?: TInput<E['query']>;
  body?: TInput<E['body']>;
};

export type TEndpointAnswer<E extends TEndpoint> = output<E['response']>;

/**
 * The RTK Query `queryFn` of an endpoint entry (docs/decisions/018-module-families.md): the
 * path, method and answer schema come from the entry, which loads with the first call (so
 * zod stays off the first page), and the answer is checked against the entry's schema.
 */
export function endpointQueryFn<E extends TEndpoint, A, T = TEndpointAnswer<E>>(
  load: (arg: A) => Promise<E>,
  callOf: (arg: A) => TEndpointCall<E>,
  /** The part of the answer the query gives (the whole answer by default). */
  select: (answer: TEndpointAnswer<E>) => T = (answer) => answer as T,
) {
  return async (
    arg: A,
    _api: unknown,
    _extra: unknown,
    baseQuery: (args: FetchArgs) => ReturnType<BaseQueryFn<FetchArgs, unknown, TApiError>>,
  ): Promise<{ error: FetchBaseQueryError; data?: undefined } | { data: NoInfer<T>; error?: undefined }> => {
    const entry = await load(arg);
    const call = callOf(arg);
    const answer = await baseQuery({
      url: `${PARENT_API_PATH}${pathOf(entry, call.params)}`,
      method: entry.method,
      ...(call.query ? { params: call.query as Record<string, unknown> } : {}),
      ...(call.body !== undefined ? { body: call.body } : {}),
    });
    if (answer.error) return { error: answer.error };
    const checked = await checkAnswer(
      answer.data,
      Promise.resolve(entry.response as ZodType<TEndpointAnswer<E>>),
    );
    if ('error' in checked) return { error: checked.error };
    return { data: select(checked.data) };
  };
}
