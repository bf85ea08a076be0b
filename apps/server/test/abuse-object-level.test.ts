import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parents, passkeys, students } from '../src/db/schema/index.ts';
import { buildTestApp, signIn, type TTestApp } from './helper.ts';
import {
  identifiersOf,
  probesFor,
  SCHOOL_WIDE_IDENTIFIERS,
  type TIdentifiers,
  type TProbe,
} from './probes.ts';
import { documentedRoutes, type TApiRoute } from './abuse/api-routes.ts';
import { expectRefused } from './abuse/answers.ts';
import { multipart } from './abuse/multipart.ts';

// OWASP API Security Top 10 (API1 broken object-level authorization): on every documented
// route that needs a session, each identifier a parent can send (enrolment number, fee line,
// invoice, proforma, store invoice, payment link, payment, attachment, diary item, passkey) is
// swapped for another family's of the same school and for a family's of another school. Each
// is refused (403 or 404 with a message id) and the answer shows nothing of theirs. Routes that
// take no identifier answer the parent only their own.
const NONE = '00000000-0000-4000-8000-000000000000';

type TFamily = { schoolId: string; username: string; enrollNumber: string };

const PARENT_MOGRA: TFamily = { schoolId: 'mogra', username: 'parent@mogra.demo', enrollNumber: 'MG1001' };
const HADDAD_MOGRA: TFamily = {
  schoolId: 'mogra',
  username: 'family.haddad@mogra.demo',
  enrollNumber: 'MG2001',
};
const PARENT_BCAD: TFamily = { schoolId: 'bcad', username: 'parent@bcad.demo', enrollNumber: 'BC3101' };
const COSTA_BCAD: TFamily = { schoolId: 'bcad', username: 'family.costa@bcad.demo', enrollNumber: 'BC3201' };

// Who asks, and whose identifiers they send: a family of their own school, one of another.
const ATTACKS: { attacker: TFamily; victims: TFamily[] }[] = [
  { attacker: PARENT_MOGRA, victims: [HADDAD_MOGRA, PARENT_BCAD] },
  { attacker: HADDAD_MOGRA, victims: [PARENT_MOGRA, COSTA_BCAD] },
  { attacker: PARENT_BCAD, victims: [COSTA_BCAD, PARENT_MOGRA] },
];

describe('object-level authorization on every route that takes an identifier (API1)', () => {
  let t: TTestApp;
  let secured: TApiRoute[];
  beforeAll(async () => {
    t = await buildTestApp();
    secured = documentedRoutes(t.app).filter((route) => !route.isPublic);
    // Attachments are the parents' own uploads, not school data: each family uploads three (a
    // route that sends a document uses one up).
    for (const family of [PARENT_MOGRA, HADDAD_MOGRA, PARENT_BCAD, COSTA_BCAD].flatMap((f) => [f, f, f])) {
      const token = await signIn(t.app, family.schoolId, family.username);
      const body = multipart([
        { name: 'file', filename: 'note.pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') },
      ]);
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/v1/ppn/attachments',
        headers: {
          'client-id': family.schoolId,
          authorization: `Bearer ${token}`,
          'content-type': body.contentType,
        },
        payload: body.payload,
      });
      expect(answer.statusCode).toBe(200);
    }
    // Passkeys are the parents' own too: two each (removing one with its owner's id uses it up).
    for (const family of [PARENT_MOGRA, HADDAD_MOGRA, PARENT_BCAD, COSTA_BCAD]) {
      const [parent] = await t.database.db
        .select({ parentId: parents.parentId })
        .from(parents)
        .where(and(eq(parents.schoolId, family.schoolId), eq(parents.username, family.username)));
      await t.database.db.insert(passkeys).values(
        [0, 1].map(() => ({
          schoolId: family.schoolId,
          credentialId: randomBytes(16).toString('base64url'),
          parentId: parent?.parentId ?? '',
          publicKey: 'AA',
          deviceType: 'singleDevice',
          name: 'Probe',
        })),
      );
    }
  });
  afterAll(() => t.close());

  const idsOf = (family: TFamily) => identifiersOf(t.database.db, family.schoolId, family.enrollNumber);

  /** What must never appear in an answer to someone else: the family's identifiers and child's name. */
  const secretsOf = async (family: TFamily, ids: TIdentifiers) => {
    const [child] = await t.database.db
      .select({ fullName: students.fullName })
      .from(students)
      .where(and(eq(students.schoolId, family.schoolId), eq(students.enrollNumber, family.enrollNumber)));
    // What the school shares with every family (a policy, an album) is no secret of this one.
    const own = Object.entries(ids).filter(
      ([name, value]) => value !== NONE && !SCHOOL_WIDE_IDENTIFIERS.includes(name as keyof TIdentifiers),
    );
    return [...own.map(([, value]) => value), child?.fullName ?? 'no such child'];
  };

  const send = (family: TFamily, token: string, probe: TProbe) =>
    t.app.inject({
      method: probe.method as 'GET',
      url: probe.url,
      headers: { 'client-id': family.schoolId, authorization: `Bearer ${token}` },
      ...(probe.payload === undefined ? {} : { payload: probe.payload as Record<string, unknown> }),
    });

  // Sign-out would end the session the other routes use; it takes no identifier anyway.
  const probesOf = (route: TApiRoute, ids: TIdentifiers) =>
    route.url.includes('/sign-out')
      ? []
      : probesFor(t.app, { method: route.method, url: route.url, module: '' }, ids);

  it('has real identifiers of every kind for each family', async () => {
    for (const family of [PARENT_MOGRA, HADDAD_MOGRA, PARENT_BCAD]) {
      const ids = await idsOf(family);
      for (const [name, value] of Object.entries(ids))
        expect(value, `${family.username} ${name}`).not.toBe(NONE);
    }
  });

  it('gets a mogra parent past the ownership checks with their own identifiers', async () => {
    // mogra grants every module, so only ownership could refuse these.
    for (const family of [PARENT_MOGRA, HADDAD_MOGRA]) {
      const token = await signIn(t.app, family.schoolId, family.username);
      let ids = await idsOf(family);
      for (const route of secured) {
        const count = probesOf(route, ids).filter((candidate) => candidate.identifies).length;
        for (let index = 0; index < count; index += 1) {
          const probe = probesOf(route, ids).filter((candidate) => candidate.identifies)[index];
          if (!probe) break;
          const answer = await send(family, token, probe);
          const where = `${family.username} ${probe.method} ${probe.url}: ${answer.statusCode} ${answer.body.slice(0, 200)}`;
          expect([401, 403, 404], where).not.toContain(answer.statusCode);
          expect(answer.statusCode, where).toBeLessThan(500);
          // A route that used the attachment (a document sent) leaves it used: take an unused one.
          if (answer.statusCode < 300 && JSON.stringify(probe.payload ?? '').includes(ids.attachmentId))
            ids = await idsOf(family);
        }
      }
    }
  });

  it('refuses every identifier of another family, of the same school or another, and shows nothing of it', async () => {
    let refusals = 0;
    for (const { attacker, victims } of ATTACKS) {
      const token = await signIn(t.app, attacker.schoolId, attacker.username);
      for (const victim of victims) {
        const ids = await idsOf(victim);
        const secrets = await secretsOf(victim, ids);
        for (const route of secured) {
          for (const probe of probesOf(route, ids)) {
            const answer = await send(attacker, token, probe);
            const where = `${attacker.username} with ${victim.username}'s ids: ${probe.method} ${probe.url} ${JSON.stringify(probe.payload ?? '')}`;
            if (probe.identifies) {
              expectRefused(answer, [403, 404], secrets, where);
              refusals += 1;
            } else if (probe.method === 'GET') {
              expect(answer.statusCode, where).toBeLessThan(500);
              for (const secret of secrets)
                expect(answer.body, `${where} shows ${secret}`).not.toContain(secret);
            }
          }
        }
      }
    }
    // Each attacker, each victim: the 18 requests that carry an identifier today, or more.
    expect(refusals).toBeGreaterThanOrEqual(ATTACKS.length * 2 * 18);
  });
});
