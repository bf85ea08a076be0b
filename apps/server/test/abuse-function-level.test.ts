import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type TTestApp } from './helper.ts';
import { identifiersOf, probesFor, type TIdentifiers, type TProbe } from './probes.ts';
import { FILE_ROUTES, documentedRoutes, registeredRoutes, type TApiRoute } from './abuse/api-routes.ts';
import { refusedCredentials, type TRefusedCredential } from './abuse/credentials.ts';
import { expectApiError, expectRefused } from './abuse/answers.ts';

// OWASP API Security Top 10 (API2 broken authentication, API5 function-level authorization):
// every route of the app is in the OpenAPI document, the document says which need a session,
// and each of those refuses every credential that is not a live session of the host's school
// with 401 L004 (ASVS 7.2.1, 7.3.1, 7.3.2, 7.4.1, 8.4.1).
describe('function-level authorization on every route (API2, API5)', () => {
  let t: TTestApp;
  let routes: TApiRoute[];
  let own: TIdentifiers;
  let refused: TRefusedCredential[];
  beforeAll(async () => {
    t = await buildTestApp();
    routes = documentedRoutes(t.app);
    own = await identifiersOf(t.database.db, 'mogra', 'MG1001');
    refused = await refusedCredentials(
      t,
      { schoolId: 'mogra', username: 'parent@mogra.demo' },
      { schoolId: 'bcad', username: 'parent@bcad.demo' },
    );
  });
  afterAll(() => t.close());

  const send = (probe: TProbe, authorization: string | null) =>
    t.app.inject({
      method: probe.method as 'GET',
      url: probe.url,
      headers: { 'client-id': 'mogra', ...(authorization === null ? {} : { authorization }) },
      ...(probe.payload === undefined ? {} : { payload: probe.payload as Record<string, unknown> }),
    });

  /** A well-formed request to a route that needs a session, with the parent's own identifiers. */
  const probeOf = (route: TApiRoute): TProbe => {
    const [probe] = probesFor(t.app, { method: route.method, url: route.url, module: '' }, own);
    if (!probe) throw new Error(`no request for ${route.method} ${route.url}`);
    return probe;
  };

  it('documents every route the app serves, so none escapes these tests', () => {
    const documented = routes.map((route) => `${route.method} ${route.url}`);
    const registered = registeredRoutes(t.app);
    // The tree is read right: it holds every documented route.
    for (const route of documented) expect(registered).toContain(route);
    const undocumented = registered.filter(
      (route) => !documented.includes(route) && !FILE_ROUTES.includes(route),
    );
    expect(undocumented, 'routes missing from the OpenAPI document').toEqual([]);
  });

  it('documents a session on the routes of a parent, and none on sign-in and public routes', () => {
    const secured = routes.filter((route) => !route.isPublic).map((route) => route.url);
    expect(secured).toEqual(
      expect.arrayContaining([
        '/api/v1/ppn/parent/profile',
        '/api/v1/ppn/auth/sign-out',
        '/api/v1/ppn/payments',
        '/api/v1/ppn/fees/fee-details',
      ]),
    );
    for (const url of secured) expect(url).not.toMatch(/\/(auth\/(?!sign-out)|oa\/public\/)/);
  });

  it('lets a live session of the school through every route that needs one', async () => {
    for (const route of routes.filter((candidate) => !candidate.isPublic)) {
      // A new session each time: the sign-out routes end the one they are given.
      const token = await signIn(t.app, 'mogra', 'parent@mogra.demo');
      const answer = await send(probeOf(route), `Bearer ${token}`);
      const where = `${route.method} ${route.url}: ${answer.statusCode} ${answer.body.slice(0, 200)}`;
      expect(answer.statusCode, where).not.toBe(401);
      expect(answer.statusCode, where).toBeLessThan(500);
    }
  });

  it('refuses every other credential on every route that needs a session (401 L004)', async () => {
    const secured = routes.filter((route) => !route.isPublic);
    expect(secured.length).toBeGreaterThanOrEqual(20);
    expect(refused.length).toBeGreaterThanOrEqual(10);
    for (const route of secured) {
      const probe = probeOf(route);
      for (const credential of refused) {
        const answer = await send(probe, credential.authorization);
        const where = `${route.method} ${route.url} with ${credential.label}`;
        expectRefused(answer, [401], [], where);
        expect(answer.json(), where).toMatchObject({ messageId: 'L004' });
        if (route.method === 'GET') {
          const head = await send({ ...probe, method: 'HEAD' }, credential.authorization);
          expect(head.statusCode, `HEAD ${where}`).toBe(401);
        }
      }
    }
  });

  it('asks no session of the routes documented as public', async () => {
    for (const route of routes.filter((candidate) => candidate.isPublic)) {
      const url = route.url.replace(/:\w+/g, 'x');
      const answer = await send({ method: route.method, url, identifies: false }, null);
      const where = `${route.method} ${url}: ${answer.statusCode} ${answer.body.slice(0, 200)}`;
      expect(answer.statusCode, where).toBeLessThan(500);
      if (answer.statusCode === 401) expect(expectApiError(answer, where), where).not.toBe('L004');
    }
  });
});
