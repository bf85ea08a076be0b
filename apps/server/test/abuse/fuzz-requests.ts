import fc from 'fast-check';
import { INSTANT_INPUT_PATTERN } from '@portal/contracts/kits/dates';
import type { TApiRoute, TJsonSchema, TParameter } from './api-routes.ts';
import {
  asText,
  encodeForUrl,
  headerText,
  hostileKey,
  hostileScalar,
  hostileValue,
  malformedJson,
  oddContentType,
  rawUrlPiece,
} from './hostile-values.ts';
import { multipart, pngOfSize } from './multipart.ts';

/** A request as `app.inject` takes it, with the body already as text. */
export type TFuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

/** How values are made: real values to reuse, and whether hostile ones are mixed in. */
export type TValueContext = {
  /** Real identifiers and usernames, so that some requests get past validation into the handlers. */
  knownValues: string[];
  /** False for values that always match their schema. */
  hostile: boolean;
};

/** Who sends the requests: the school's host and a session token, and how values are made. */
export type TFuzzContext = TValueContext & { schoolId: string; token: string | null };

const INT32 = 2 ** 31 - 1;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A value the schema describes, with (if hostile) other values in its place now and then, at any depth. */
export function schemaValue(schema: TJsonSchema, context: TValueContext): fc.Arbitrary<unknown> {
  if (!context.hostile) return conformingValue(schema, context);
  return fc.oneof(
    { weight: 5, arbitrary: conformingValue(schema, context) },
    { weight: 1, arbitrary: hostileValue },
  );
}

function conformingValue(schema: TJsonSchema, context: TValueContext): fc.Arbitrary<unknown> {
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) return fc.oneof(...variants.map((variant) => schemaValue(variant, context)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return objectValue(schema, context);
    case 'array':
      return fc.array(schemaValue(schema.items ?? {}, context), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case 'integer':
    case 'number': {
      const exclusive = schema.exclusiveMinimum === true ? 1 : 0;
      const min = Math.max((schema.minimum ?? -INT32) + exclusive, -INT32);
      const max = Math.min(schema.maximum ?? INT32, INT32);
      return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max, schema.maximum ?? max));
    }
    case 'boolean':
      return fc.boolean();
    case 'string':
      return stringValue(schema, context);
    default:
      return context.hostile ? hostileValue : fc.constant(null);
  }
}

function objectValue(schema: TJsonSchema, context: TValueContext): fc.Arbitrary<unknown> {
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, property]) => [name, schemaValue(property, context)]),
  );
  const named = fc.record(properties, { requiredKeys: schema.required ?? [] });
  const extra =
    typeof schema.additionalProperties === 'object'
      ? fc.dictionary(
          fc.string({ minLength: 1, maxLength: 20 }),
          schemaValue(schema.additionalProperties, context),
          {
            maxKeys: 4,
          },
        )
      : fc.dictionary(hostileKey, hostileValue, { maxKeys: 2 });
  if (!context.hostile && typeof schema.additionalProperties !== 'object') return named;
  return fc.tuple(named, fc.option(extra, { freq: 3 })).map(([known, more]) => ({ ...more, ...known }));
}

const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
const realDay = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

// An instant a client sends (contracts/kits/dates.ts) must also exist.
const realInstant = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString());

function stringValue(schema: TJsonSchema, context: TValueContext): fc.Arbitrary<string> {
  const known =
    schema.pattern && schema.format !== 'uuid'
      ? []
      : context.knownValues.filter((value) =>
          schema.format === 'uuid' ? UUID.test(value) : !UUID.test(value),
        );
  let made: fc.Arbitrary<string>;
  if (schema.format === 'uuid') made = fc.uuid();
  // A day (contracts/kits/dates.ts) must also exist: its pattern alone allows 2026-02-31.
  else if (schema.pattern === DAY_PATTERN) made = realDay;
  else if (schema.pattern === INSTANT_INPUT_PATTERN.source) made = realInstant;
  else if (schema.pattern) made = fc.stringMatching(new RegExp(schema.pattern));
  else
    made = fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) });
  if (known.length === 0) return made;
  return fc.oneof({ weight: 1, arbitrary: made }, { weight: 2, arbitrary: fc.constantFrom(...known) });
}

/** A path segment: usually what the schema describes, sometimes hostile or badly encoded. */
function pathSegment(parameter: TParameter, context: TFuzzContext): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 4,
      arbitrary: schemaValue(parameter.schema, context).map((value) => encodeForUrl(asText(value))),
    },
    { weight: 1, arbitrary: rawUrlPiece },
  );
}

/** A query string: the documented parameters (present or not, repeated or not) and strangers. */
function queryString(route: TApiRoute, context: TFuzzContext): fc.Arbitrary<string> {
  const documented = route.queryParams.map((parameter) =>
    fc.option(
      fc
        .array(schemaValue(parameter.schema, context), { minLength: 1, maxLength: 2 })
        .map((values) =>
          values.map((value) => `${encodeForUrl(parameter.name)}=${encodeForUrl(asText(value))}`),
        ),
      { freq: 5 },
    ),
  );
  const strangers = fc.array(
    fc
      .tuple(hostileKey, hostileScalar)
      .map(([key, value]) => `${encodeForUrl(key)}=${encodeForUrl(asText(value))}`),
    { maxLength: 3 },
  );
  const raw = fc.option(rawUrlPiece, { freq: 6 });
  return fc.tuple(fc.tuple(...documented), strangers, raw).map(([known, others, piece]) => {
    const pairs = [...known.flatMap((pair) => pair ?? []), ...others, ...(piece === null ? [] : [piece])];
    return pairs.length > 0 ? `?${pairs.join('&')}` : '';
  });
}

/** A body and its content type: JSON of the schema's shape, any JSON, broken JSON, odd types. */
type TBody = { payload?: string | Buffer; type?: string };

/** A multipart/form-data body of files and fields, now and then cut short. */
const multipartBody: fc.Arbitrary<TBody> = fc
  .record({
    parts: fc.array(
      fc.record(
        {
          name: fc.oneof(fc.constant('photo'), hostileKey),
          filename: fc.string({ unit: 'grapheme-ascii', maxLength: 20 }),
          type: fc.constantFrom('image/png', 'image/jpeg', 'text/plain', 'application/octet-stream'),
          content: fc.oneof(fc.string({ maxLength: 50 }), fc.constant(pngOfSize(64))),
        },
        { requiredKeys: ['name', 'content'] },
      ),
      { maxLength: 3 },
    ),
    closed: fc.boolean(),
  })
  .map(({ parts, closed }) => {
    const { payload, contentType } = multipart(parts, { closed });
    return { payload, type: contentType };
  });

function body(route: TApiRoute, context: TFuzzContext): fc.Arbitrary<TBody> {
  const shaped = route.bodySchema ? schemaValue(route.bodySchema, context) : hostileValue;
  const json = shaped.map((value) => JSON.stringify(value) ?? 'null');
  return fc.oneof(
    { weight: 5, arbitrary: json.map((payload) => ({ payload, type: 'application/json' })) },
    {
      weight: 1,
      arbitrary: hostileValue.map((value) => ({
        payload: JSON.stringify(value) ?? '',
        type: 'application/json',
      })),
    },
    { weight: 1, arbitrary: malformedJson.map((payload) => ({ payload, type: 'application/json' })) },
    { weight: 1, arbitrary: fc.tuple(json, oddContentType).map(([payload, type]) => ({ payload, type })) },
    // A route that documents no JSON body may take a file.
    { weight: route.bodySchema ? 1 : 4, arbitrary: multipartBody },
    { weight: 1, arbitrary: fc.constant<TBody>({}) },
  );
}

/** Headers a client may add, and ways to bend the school and the token it sends. */
function headers(context: TFuzzContext): fc.Arbitrary<Record<string, string>> {
  const token = context.token ?? '';
  const authorization = fc.oneof(
    { weight: 12, arbitrary: fc.constant(context.token ? `Bearer ${token}` : '') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(`Bearer ${token} x`, `Bearer  ${token}`, `Basic ${token}`, 'Bearer'),
    },
    { weight: 1, arbitrary: headerText.map((text) => `Bearer ${text}`) },
  );
  const schoolId = fc.oneof(
    { weight: 16, arbitrary: fc.constant(context.schoolId) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        context.schoolId.toUpperCase(),
        ` ${context.schoolId} `,
        `${context.schoolId},bcad`,
      ),
    },
    { weight: 1, arbitrary: headerText },
  );
  const extras = fc.record(
    {
      'accept-language': headerText,
      accept: fc.oneof(headerText, fc.constantFrom('application/pdf', 'text/html', '*/*')),
      'x-forwarded-for': headerText,
      'if-none-match': headerText,
      cookie: headerText,
    },
    { requiredKeys: [] },
  );
  return fc.tuple(authorization, schoolId, extras).map(([auth, school, more]) => ({
    ...more,
    'client-id': school,
    ...(auth === '' ? {} : { authorization: auth }),
  }));
}

/** One value that matches the schema, the same at every call. */
export function exampleOf(schema: TJsonSchema): unknown {
  const [example] = fc.sample(schemaValue(schema, { knownValues: [], hostile: false }), {
    numRuns: 1,
    seed: 1,
  });
  return example;
}

/** Random requests to one documented route, built from its OpenAPI description. */
export function fuzzRequest(route: TApiRoute, context: TFuzzContext): fc.Arbitrary<TFuzzRequest> {
  const segments = route.url.split('/').map((segment) => {
    if (!segment.startsWith(':')) return fc.constant(segment);
    const parameter = route.pathParams.find((candidate) => candidate.name === segment.slice(1));
    return parameter ? pathSegment(parameter, context) : fc.constant(segment);
  });
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
  return fc
    .tuple(
      fc.tuple(...segments),
      queryString(route, context),
      hasBody ? body(route, context) : fc.constant<TBody>({}),
      headers(context),
    )
    .map(([path, query, { payload, type }, sent]) => ({
      method: route.method,
      url: `${path.join('/')}${query}`,
      headers: type ? { ...sent, 'content-type': type } : sent,
      ...(payload === undefined ? {} : { payload }),
    }));
}
