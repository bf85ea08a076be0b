import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAmbassadors } from '@portal/contracts/families/publications';
import { enrollments, requestEvents, requests } from '../../../src/db/schema/index.ts';
import { buildTestApp, signIn, type TTestApp } from '../../helper.ts';
import { applyFiles, csvOf } from './pictures-data.ts';

// Class ambassadors (docs/modules.md F4, F5): the ambassadors of the child's homeroom class, saying
// which is the parent signed in, and the parent's applications to be one: requests of kind
// `ambassador`, at most one undecided per class (409 R001).
describe('class ambassadors', () => {
  let t: TTestApp;
  let mogra: Record<string, string>;
  let haddad: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    const bearer = async (username: string) => ({
      'client-id': 'mogra',
      authorization: `Bearer ${await signIn(t.app, 'mogra', username)}`,
    });
    mogra = await bearer('parent@mogra.demo');
    haddad = await bearer('family.haddad@mogra.demo');
  });
  afterAll(() => t.close());

  const ambassadors = async (enrollNumber: string, headers = mogra) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/ppn/ambassadors?enrollNumber=${enrollNumber}`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TAmbassadors;
  };
  const apply = (enrollNumber: string, motivation: string, headers = mogra) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/ambassadors/apply',
      headers,
      payload: { enrollNumber, motivation },
    });

  it("lists the ambassadors of the child's homeroom class, saying which one is the parent", async () => {
    const omar = await ambassadors('MG1001');
    expect(omar).toMatchObject({ className: 'Grade 9 A', classNameAr: 'الصف 9 أ', applications: [] });
    expect(omar.items.map((item) => [item.name, item.nameAr, item.role, item.isYou])).toEqual([
      ['Huda Al Falasi', 'هدى الفلاسي', 'ambassador', false],
      ['Daniel Novak', 'دانيال نوفاك', 'deputy', false],
    ]);
    expect(omar.items[0]).toMatchObject({
      email: 'huda.alfalasi@parents.mogra.example',
      sinceOn: '2026-09-10',
    });
    const yousef = await ambassadors('MG1003');
    expect(yousef.items.find((item) => item.isYou)).toMatchObject({
      name: 'Sara Al Mansouri',
      role: 'deputy',
    });
    // Layla's class: the demo application, waiting for the school.
    const layla = await ambassadors('MG1002');
    expect(layla.className).toBe('Grade 6 B');
    expect(layla.applications).toHaveLength(1);
    expect(layla.applications[0]).toMatchObject({ status: 'submitted' });
    expect(layla.applications[0]?.motivation).toContain('class trips');
  });

  it('submits an application as a request of kind ambassador, and refuses a second while it is open (409 R001)', async () => {
    const created = await apply('MG1001', '  I organise the class WhatsApp group already.  ');
    expect(created.statusCode, created.body).toBe(201);
    const { application } = created.json() as {
      application: { id: string; status: string; motivation: string };
    };
    expect(application).toMatchObject({
      status: 'submitted',
      motivation: 'I organise the class WhatsApp group already.',
    });
    const [stored] = await t.database.db
      .select()
      .from(requests)
      .where(and(eq(requests.schoolId, 'mogra'), eq(requests.requestId, application.id)));
    expect(stored).toMatchObject({ kind: 'ambassador', parentId: 'MG-P001', enrollNumbers: ['MG1001'] });
    expect(stored?.payload).toMatchObject({
      classId: 'hr-09-A',
      motivation: 'I organise the class WhatsApp group already.',
    });
    const history = await t.database.db
      .select()
      .from(requestEvents)
      .where(eq(requestEvents.requestId, application.id));
    expect(history.map((event) => event.toStatus)).toEqual(['submitted']);
    expect((await ambassadors('MG1001')).applications.map((item) => item.id)).toEqual([application.id]);

    for (const [enrollNumber, why] of [
      ['MG1001', 'a second application while the first is open'],
      ['MG1002', "the demo's open application for Layla's class"],
      ['MG1003', 'the parent already represents the class'],
    ]) {
      const refused = await apply(enrollNumber ?? '', 'Again');
      expect(refused.statusCode, why).toBe(409);
      expect(refused.json().messageId, why).toBe('R001');
    }
    // Once the first is decided, the parent may apply again.
    await t.database.db
      .update(requests)
      .set({ status: 'rejected' })
      .where(eq(requests.requestId, application.id));
    expect((await apply('MG1001', 'Another year, another try.')).statusCode).toBe(201);
  });

  it("refuses another family's child (403 A002) and empty or too long motivations (400 V001)", async () => {
    for (const response of [
      await apply('MG2001', 'I would like to help.'),
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/ppn/ambassadors?enrollNumber=MG2001',
        headers: mogra,
      }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().messageId).toBe('A002');
    }
    for (const motivation of ['   ', 'x'.repeat(2_001)]) {
      const response = await apply('MG1003', motivation);
      expect(response.statusCode).toBe(400);
      expect(response.json().messageId).toBe('V001');
    }
  });

  it('has no class to represent for a child without a homeroom (empty list; applying is 404 N404)', async () => {
    await t.database.db
      .delete(enrollments)
      .where(
        and(
          eq(enrollments.schoolId, 'mogra'),
          eq(enrollments.personId, 'MG2001'),
          eq(enrollments.classId, 'hr-04-A'),
        ),
      );
    expect(await ambassadors('MG2001', haddad)).toMatchObject({
      className: null,
      classNameAr: null,
      items: [],
      applications: [],
    });
    const response = await apply('MG2001', 'I would like to help.', haddad);
    expect(response.statusCode).toBe(404);
    expect(response.json().messageId).toBe('N404');
  });

  it('refuses ambassadors of a class that is not a homeroom, or of an unknown guardian', async () => {
    const applied = await applyFiles(
      t.database.db,
      'mogra',
      new Map([
        [
          'ambassadors.csv',
          csvOf('ambassadors.csv', [
            { sourcedId: 'amb-x', classSourcedId: 'cls-09-A-math', name_en: 'A Parent' },
            { sourcedId: 'amb-y', classSourcedId: 'hr-09-A', name_en: 'B Parent', parentSourcedId: 'nobody' },
            { sourcedId: 'amb-z', classSourcedId: 'hr-09-A', name_en: 'C Parent', role: 'chair' },
          ]),
        ],
      ]),
    );
    expect(applied.problems.map((problem) => `${problem.row}:${problem.column}`)).toEqual(['4:role']);
    const references = await applyFiles(
      t.database.db,
      'mogra',
      new Map([
        [
          'ambassadors.csv',
          csvOf('ambassadors.csv', [
            { sourcedId: 'amb-x', classSourcedId: 'cls-09-A-math', name_en: 'A Parent' },
            { sourcedId: 'amb-y', classSourcedId: 'hr-09-A', name_en: 'B Parent', parentSourcedId: 'nobody' },
          ]),
        ],
      ]),
    );
    expect(references.problems.map((problem) => `${problem.row}:${problem.column}`)).toEqual([
      '2:classSourcedId',
      '3:parentSourcedId',
    ]);
  });
});
