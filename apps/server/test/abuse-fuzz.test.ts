import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type TTestApp } from './helper.ts';
import { demoSyncKey } from '../src/db/seed/seed.ts';
import { identifiersOf } from './probes.ts';
import { documentedRoutes, type TApiRoute } from './abuse/api-routes.ts';
import { fuzzRequest } from './abuse/fuzz-requests.ts';
import { expectSafeAnswer } from './abuse/answers.ts';

// OWASP API Security Top 10 (API4, API8): every route of the OpenAPI document, fuzzed from its
// own description as a signed-in parent. Bodies, query strings, path parameters and headers are
// mostly what the schema asks for, with wrong types, huge numbers, unicode, nulls, arrays for
// objects, prototype keys, broken JSON and odd content types mixed in at any depth. The answer
// is never a 5xx, and every refusal carries a message id.
const RUNS_PER_ROUTE = 40;

// The files under /media are served outside the OpenAPI document; their paths are fuzzed too.
const MEDIA_FILES: TApiRoute = {
  method: 'GET',
  url: '/media/:file',
  pathParams: [{ name: 'file', required: true, schema: { type: 'string', maxLength: 100 } }],
  queryParams: [],
  bodySchema: null,
  isPublic: true,
  needsApiKey: false,
};

describe('fuzzing every documented route (API4, API8)', () => {
  let t: TTestApp;
  let knownValues: string[];
  let routes: TApiRoute[];
  beforeAll(async () => {
    t = await buildTestApp();
    routes = [...documentedRoutes(t.app), MEDIA_FILES];
    const own = await identifiersOf(t.database.db, 'mogra', 'MG1001');
    // Real values let some requests through validation into the handlers; the usernames are of
    // another parent, so the signed-in parent's password is never locked by the fuzzing.
    knownValues = [...Object.values(own), 'MG1002', 'family.haddad@mogra.demo', 'sandbox', 'en', 'ar'];
  });
  afterAll(() => t.close());

  it('has the documented routes to fuzz', () => {
    expect(routes.length).toBeGreaterThanOrEqual(30);
  });

  it('never answers a 5xx, and refuses with a message id', async () => {
    for (const route of routes) {
      // A new session for each route: fuzzing sign-out ends the one it was given.
      // The routes of school systems take the school's demo key instead.
      const token = route.needsApiKey
        ? demoSyncKey('mogra')
        : route.isPublic
          ? null
          : await signIn(t.app, 'mogra', 'parent@mogra.demo');
      const requests = fuzzRequest(route, { schoolId: 'mogra', token, knownValues, hostile: true });
      await fc.assert(
        fc.asyncProperty(requests, async (request) => {
          const answer = await t.app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: request.headers,
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          });
          expectSafeAnswer(request, answer);
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
  }, 60_000);
});
