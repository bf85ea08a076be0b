import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type TTestApp } from './helper.ts';
import {
  identifiersOf,
  probesFor,
  SCHOOL_WIDE_IDENTIFIERS,
  type TIdentifiers,
  type TProbe,
} from './probes.ts';

// Object-level authorization on every module route (every route of `app.moduleRoutes`, of
// every family): the parent's own identifiers are answered; another family's child of the
// same school, and a child of another school, are refused with 403 A002.
describe("refusing other parents' children on every module route", () => {
  let t: TTestApp;
  let token: string;
  let own: TIdentifiers;
  let foreign: { label: string; ids: TIdentifiers }[];
  beforeAll(async () => {
    t = await buildTestApp();
    token = await signIn(t.app, 'mogra', 'parent@mogra.demo');
    own = await identifiersOf(t.database.db, 'mogra', 'MG1001');
    foreign = [
      { label: 'another family of the school', ids: await identifiersOf(t.database.db, 'mogra', 'MG2001') },
      { label: 'a child of another school', ids: await identifiersOf(t.database.db, 'bcad', 'BC3101') },
    ];
  });
  afterAll(() => t.close());

  const send = (probe: TProbe) =>
    t.app.inject({
      method: probe.method as 'GET',
      url: probe.url,
      headers: { 'client-id': 'mogra', authorization: `Bearer ${token}` },
      ...(probe.payload === undefined ? {} : { payload: probe.payload as Record<string, unknown> }),
    });

  // Attachments (the parents' uploads) and passkeys are not module data: abuse-object-level.test.ts
  // makes and swaps them.
  const NOT_MODULE_DATA = new Set(['attachmentId', 'passkeyId']);
  it('has real identifiers to swap', () => {
    for (const ids of [own, ...foreign.map((entry) => entry.ids)]) {
      for (const [name, value] of Object.entries(ids)) {
        if (!NOT_MODULE_DATA.has(name)) expect(value, name).not.toBe('00000000-0000-4000-8000-000000000000');
      }
    }
  });

  it('answers the parent their own child on every module route', async () => {
    expect(t.app.moduleRoutes.length).toBeGreaterThan(0);
    for (const route of t.app.moduleRoutes.filter((candidate) => candidate.method === 'GET')) {
      for (const probe of probesFor(t.app, route, own)) {
        const response = await send(probe);
        expect(response.statusCode, `${probe.url}: ${response.body}`).toBe(200);
      }
    }
  });

  it("refuses every module route another family's child and another school's child (403 A002)", async () => {
    expect(t.app.moduleRoutes.length).toBeGreaterThan(0);
    let refusals = 0;
    for (const route of t.app.moduleRoutes) {
      for (const { label, ids } of foreign) {
        for (const probe of probesFor(t.app, route, ids)) {
          const response = await send(probe);
          const where = `${label}: ${probe.method} ${probe.url} ${JSON.stringify(probe.payload ?? '')} -> ${response.statusCode} ${response.body}`;
          if (probe.identifies) {
            expect(response.statusCode, where).toBe(403);
            if (probe.method !== 'HEAD') expect(response.json().messageId, where).toBe('A002');
            refusals += 1;
          } else {
            // A route that names no child answers only the parent's own: nothing of theirs. What
            // the school shares (a policy, an album) is the same for another family of the school,
            // and unknown (404 N404) when it is another school's.
            if (response.statusCode === 404) {
              if (probe.method !== 'HEAD') expect(response.json().messageId, where).toBe('N404');
            } else expect(response.statusCode, where).toBeLessThan(300);
            for (const [name, value] of Object.entries(ids))
              if (!SCHOOL_WIDE_IDENTIFIERS.includes(name as keyof TIdentifiers))
                expect(response.body, `${where} shows ${name}`).not.toContain(value);
          }
        }
      }
    }
    expect(refusals).toBeGreaterThan(0);
  });

  it("refuses another school's session on every module route (401 L004), whatever it asks for", async () => {
    const bcadToken = await signIn(t.app, 'bcad', 'parent@bcad.demo');
    let refusals = 0;
    for (const route of t.app.moduleRoutes) {
      for (const probe of probesFor(t.app, route, own)) {
        const response = await t.app.inject({
          method: probe.method as 'GET',
          url: probe.url,
          headers: { 'client-id': 'mogra', authorization: `Bearer ${bcadToken}` },
          ...(probe.payload === undefined ? {} : { payload: probe.payload as Record<string, unknown> }),
        });
        const where = `${probe.method} ${probe.url} -> ${response.statusCode} ${response.body}`;
        expect(response.statusCode, where).toBe(401);
        if (probe.method !== 'HEAD') expect(response.json().messageId, where).toBe('L004');
        refusals += 1;
      }
    }
    expect(refusals).toBeGreaterThan(50);
  });
});
