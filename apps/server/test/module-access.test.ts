import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorityOf, isEntryAllowed } from '@portal/contracts/authority';
import { MENU } from '@portal/contracts/menu';
import { schools } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import { DEMO_SCHOOLS } from '../src/db/seed/demo-schools.ts';
import { DEMO_PASSWORD, addParent, buildTestApp, signIn, type TTestApp } from './helper.ts';
import { identifiersOf, probesFor, type TProbe } from './probes.ts';

// Every module API refuses a parent whose school does not grant its codes (403 A001), and
// lets a parent whose school grants them through. The routes come from `app.moduleRoutes`,
// so a new module route is covered as soon as it declares its module.
describe('module access on every module route', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    // A school created for the test, granting nothing, before any request reaches it.
    await t.database.db
      .insert(schools)
      .values({ schoolId: 'nogrant', nameEn: 'No Grant', nameAr: 'بلا صلاحيات', logoUrl: '' });
    await addParent(t.database, 'nogrant', {
      parentId: 'NG-P001',
      username: 'parent@nogrant.demo',
      enrollNumber: 'NG1001',
      passwordHash: await hashPassword(DEMO_PASSWORD),
    });
  });
  afterAll(() => t.close());

  const send = (probe: TProbe, schoolId: string, token: string) =>
    t.app.inject({
      method: probe.method as 'GET',
      url: probe.url,
      headers: { 'client-id': schoolId, authorization: `Bearer ${token}` },
      ...(probe.payload === undefined ? {} : { payload: probe.payload as Record<string, unknown> }),
    });

  const isA001 = (response: Awaited<ReturnType<typeof send>>, method: string) =>
    response.statusCode === 403 && (method === 'HEAD' || response.json().messageId === 'A001');

  it('has module routes to check', () => {
    expect(t.app.moduleRoutes.length).toBeGreaterThan(0);
  });

  it('declares a module on every fee, invoice, payment link and wallet route', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const declared = new Set(t.app.moduleRoutes.map((route) => `${route.method} ${route.url}`));
    const feeRoutes = Object.entries(doc.paths)
      .filter(([path]) => /^\/api\/v1\/ppn\/(fees|payment-links|wallet)(\/|$)/.test(path))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map(
          (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
        ),
      );
    expect(feeRoutes.length).toBeGreaterThanOrEqual(10);
    for (const route of feeRoutes) expect(declared.has(route), route).toBe(true);
  });

  it('refuses every module route to a parent whose school grants nothing', async () => {
    const token = await signIn(t.app, 'nogrant', 'parent@nogrant.demo');
    const ids = await identifiersOf(t.database.db, 'nogrant', 'NG1001');
    expect(t.app.moduleRoutes.length).toBeGreaterThan(0);
    for (const route of t.app.moduleRoutes) {
      for (const probe of probesFor(t.app, route, ids)) {
        const response = await send(probe, 'nogrant', token);
        expect(
          isA001(response, probe.method),
          `${probe.method} ${probe.url}: ${response.statusCode} ${response.body}`,
        ).toBe(true);
      }
    }
  });

  it("answers each demo school's parent by the school's grants", async () => {
    expect(t.app.moduleRoutes.length).toBeGreaterThan(0);
    let refused = 0;
    let allowed = 0;
    for (const school of DEMO_SCHOOLS) {
      const parent = school.parents[0];
      const child = parent?.children[0];
      if (!parent || !child) continue;
      const token = await signIn(t.app, school.schoolId, parent.username);
      const ids = await identifiersOf(t.database.db, school.schoolId, child.enrollNumber);
      const authority = authorityOf(school.schoolId, [...school.grantedCodes]);
      for (const route of t.app.moduleRoutes) {
        const entry = MENU.find((candidate) => candidate.key === route.module);
        if (!entry) throw new Error(`unknown module ${route.module}`);
        const granted = isEntryAllowed(entry, authority);
        for (const probe of probesFor(t.app, route, ids)) {
          const response = await send(probe, school.schoolId, token);
          const where = `${school.schoolId} ${probe.method} ${probe.url}: ${response.statusCode} ${response.body}`;
          if (granted) {
            // HEAD runs the GET handler behind the same check; once is enough where it is let through.
            if (probe.method === 'HEAD') continue;
            expect(isA001(response, probe.method), where).toBe(false);
            expect(response.statusCode, where).toBeLessThan(500);
            allowed += 1;
          } else {
            expect(isA001(response, probe.method), where).toBe(true);
            refused += 1;
          }
        }
      }
    }
    // Both sides were exercised: mogra grants everything, the others only some modules.
    expect(allowed).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
});
