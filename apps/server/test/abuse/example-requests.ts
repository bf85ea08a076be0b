import type { TApiRoute, TParameter } from './api-routes.ts';
import { exampleOf } from './fuzz-requests.ts';
import { encodeForUrl } from './hostile-values.ts';
import { stringSlots, withValueAt } from './schema-limits.ts';
import { OPAQUE_TOKEN } from '@portal/contracts/kits/paging';
import { demoSyncKey } from '../../src/db/seed/seed.ts';

/** A request as `app.inject` takes it. */
export type TRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

/**
 * Sends a request on behalf of a school: with a session token on the routes that need one, and
 * the school's demo key on the routes of its systems (the sync and staff APIs).
 */
export type TSender = { schoolId: string; token: string };

/** A request that matches the route's schemas: path parameters and the body may be given. */
export function exampleRequest(
  route: TApiRoute,
  sender: TSender,
  given: { path?: Record<string, string>; query?: Record<string, string>; body?: unknown } = {},
): TRequest {
  const url = route.url.replace(/:(\w+)/g, (_match, name: string) => {
    const parameter = route.pathParams.find((candidate) => candidate.name === name);
    return encodeForUrl(given.path?.[name] ?? String(parameter ? exampleOf(parameter.schema) : 'x'));
  });
  const query = new URLSearchParams();
  for (const parameter of route.queryParams) {
    const value = given.query?.[parameter.name];
    // An optional opaque token (a cursor) is left out: no made-up value of it is valid.
    if (value === undefined && !parameter.required && parameter.schema.description === OPAQUE_TOKEN) continue;
    query.set(parameter.name, value ?? String(exampleOf(parameter.schema)));
  }
  const body = given.body ?? (route.bodySchema ? exampleOf(route.bodySchema) : undefined);
  const hasBody = body !== undefined && route.method !== 'GET';
  return {
    method: route.method,
    url: query.size > 0 ? `${url}?${query.toString()}` : url,
    headers: {
      'client-id': sender.schoolId,
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
      ...(route.needsApiKey
        ? { authorization: `Bearer ${demoSyncKey(sender.schoolId)}` }
        : route.isPublic
          ? {}
          : { authorization: `Bearer ${sender.token}` }),
    },
    ...(hasBody ? { payload: JSON.stringify(body) } : {}),
  };
}

const EMAIL_DOMAIN = '@example.com';
/** An address the portal may post to outside production (a push service's, in tests). */
const URI_PREFIX = 'http://127.0.0.1/';

/** A string of a route with a length limit, and the request that carries a string of any length there. */
export type TLengthProbe = {
  label: string;
  maxLength: number;
  /** An opaque token (a cursor, a signed link): no made-up value is valid, even at the limit. */
  opaque: boolean;
  request: (length: number) => TRequest;
};

/** Every string of a route (path, query, body) that has a `maxLength`. */
export function lengthProbes(route: TApiRoute, sender: TSender): TLengthProbe[] {
  // A JSON string literal of the length: valid where a string must itself hold JSON; an
  // address where the string must be an e-mail address, a local one where it must be a URL; letters alone where a pattern takes them
  // (a base64url value).
  const text = (length: number, format?: string, pattern?: string) => {
    if (format === 'email') return `${'a'.repeat(length - EMAIL_DOMAIN.length)}${EMAIL_DOMAIN}`;
    if (format === 'uri') return `${URI_PREFIX}${'a'.repeat(length - URI_PREFIX.length)}`;
    const letters = 'a'.repeat(length);
    return pattern !== undefined && new RegExp(pattern).test(letters)
      ? letters
      : JSON.stringify('a'.repeat(length - 2));
  };
  const parameters = (where: 'path' | 'query', list: TParameter[]) =>
    list.flatMap(({ name, schema }) =>
      schema.maxLength === undefined
        ? []
        : [
            {
              label: `${where} ${name}`,
              maxLength: schema.maxLength,
              opaque: schema.description === OPAQUE_TOKEN,
              request: (length: number) =>
                exampleRequest(route, sender, {
                  [where]: { [name]: text(length, schema.format, schema.pattern) },
                }),
            },
          ],
    );
  const body = (route.bodySchema ? stringSlots(route.bodySchema) : []).map((slot) => ({
    label: `body ${slot.path.join('.')}`,
    maxLength: slot.maxLength,
    opaque: false,
    request: (length: number) =>
      exampleRequest(route, sender, {
        body: withValueAt(exampleOf(slot.root), slot.path, text(length, slot.format, slot.pattern)),
      }),
  }));
  return [...parameters('path', route.pathParams), ...parameters('query', route.queryParams), ...body];
}
