import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPolicies, TPolicy } from '@portal/contracts/families/publications';
import {
  acknowledgements,
  notifications,
  parentStudents,
  schoolPolicies,
} from '../../../src/db/schema/index.ts';
import { noticeDuePolicies } from '../../../src/modules/publications/policy-notices.ts';
import { signIn } from '../../helper.ts';
import {
  buildScheduleAppAsMogra,
  parentApi,
  type TParentApi,
  type TScheduleApp,
} from '../schedule/schedule-data.ts';
import { applyPolicyFiles, daysFromNow, policiesCsv, testPdf } from './policies-data.ts';

// School policies (docs/modules.md F4; docs/decisions/021-publications-and-inbox.md): the list with
// every child's acknowledgement of each policy's current version, one press acknowledging for
// the children named (the first kept), a new version asking again and told once, the PDF, and
// the refusals (another's child 403 A002, an unknown policy 404 N404, an ungranted school 403 A001).
describe('school policies', () => {
  let t: TScheduleApp;
  let mogra: TParentApi;
  beforeAll(async () => {
    ({ t, mogra } = await buildScheduleAppAsMogra());
  });
  afterAll(() => t.close());

  const list = async (api: TParentApi = mogra) => {
    const answer = await api.get('/policies');
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json() as TPolicies).items;
  };
  const find = (items: TPolicy[], id: string) => {
    const policy = items.find((item) => item.id === id);
    if (!policy) throw new Error(`no policy ${id} in ${items.map((item) => item.id).join(', ')}`);
    return policy;
  };
  const ack = (id: string, enrollNumbers: string[], api: TParentApi = mogra) =>
    api.post(`/policies/${encodeURIComponent(id)}/acknowledge`, { enrollNumbers });
  const expectRefusal = (answer: { statusCode: number; json: () => unknown }, status: number, id: string) => {
    expect(answer.statusCode).toBe(status);
    expect(answer.json()).toMatchObject({ messageId: id });
  };

  it("lists the published policies with every child's acknowledgement of the current version", async () => {
    const items = await list();
    expect(items.map((item) => item.id).sort()).toEqual([
      'pol-behaviour',
      'pol-health-safety',
      'pol-mobile-phones',
      'pol-privacy',
    ]);
    const behaviour = find(items, 'pol-behaviour');
    expect(behaviour).toMatchObject({
      version: '2026.2',
      title: 'Behaviour and relationships policy',
      titleAr: 'سياسة السلوك والعلاقات',
      requiresAck: true,
    });
    expect(behaviour.file).toMatchObject({
      path: '/policies/pol-behaviour/file',
      fileName: 'pol-behaviour-2026.2.pdf',
    });
    // The earlier version was acknowledged; this one asks again.
    expect(behaviour.children.map((child) => [child.enrollNumber, child.acknowledgedAt])).toEqual([
      ['MG1001', null],
      ['MG1002', null],
      ['MG1003', null],
    ]);
    const phones = find(items, 'pol-mobile-phones');
    expect(phones.children.every((child) => child.acknowledgedBy === 'you' && child.acknowledgedAt)).toBe(
      true,
    );
    expect(phones.children[0]?.childName).toBe('Omar Khalid Al Mansouri');
    expect(find(items, 'pol-health-safety').requiresAck).toBe(false);
    // The demo's new version was told to the school's parents (as mailed history); the policy
    // published two months ago was not.
    const told = await t.database.db
      .select({
        parentId: notifications.parentId,
        mailState: notifications.mailState,
        key: notifications.dedupeKey,
      })
      .from(notifications)
      .where(and(eq(notifications.schoolId, 'mogra'), eq(notifications.kind, 'announcements.policy')));
    expect(told.map((notice) => `${notice.key} ${notice.parentId} ${notice.mailState}`).sort()).toEqual([
      'policy:pol-behaviour@2026.2 MG-P001 sent',
      'policy:pol-behaviour@2026.2 MG-P002 sent',
    ]);
  });

  it('acknowledges the current version for the children named, keeping the first time', async () => {
    const first = await ack('pol-behaviour', ['MG1001', 'MG1002', 'MG1001']);
    expect(first.statusCode, first.body).toBe(200);
    const item = (first.json() as { item: TPolicy }).item;
    const [omar, layla, yousef] = item.children;
    expect(omar).toMatchObject({ enrollNumber: 'MG1001', acknowledgedBy: 'you' });
    expect(layla?.acknowledgedAt).not.toBeNull();
    expect(yousef).toMatchObject({ enrollNumber: 'MG1003', acknowledgedAt: null, acknowledgedBy: null });
    const again = await ack('pol-behaviour', ['MG1001', 'MG1003']);
    expect(again.statusCode).toBe(200);
    const after = (again.json() as { item: TPolicy }).item.children;
    expect(after[0]?.acknowledgedAt).toBe(omar?.acknowledgedAt);
    expect(after[2]?.acknowledgedAt).not.toBeNull();
    const rows = await t.database.db
      .select()
      .from(acknowledgements)
      .where(
        and(
          eq(acknowledgements.subjectKind, 'policy'),
          eq(acknowledgements.subjectId, 'pol-behaviour@2026.2'),
        ),
      );
    expect(rows.map((row) => row.enrollNumber).sort()).toEqual(['MG1001', 'MG1002', 'MG1003']);
  });

  it('shows the other parent of a child who acknowledged first', async () => {
    // Rami becomes Omar's second parent: Sara's acknowledgement is "the other parent's" for him.
    await t.database.db
      .insert(parentStudents)
      .values({ schoolId: 'mogra', parentId: 'MG-P002', enrollNumber: 'MG1001' });
    const rami = parentApi(t, 'mogra', await signIn(t.app, 'mogra', 'family.haddad@mogra.demo'));
    const behaviour = find(await list(rami), 'pol-behaviour');
    expect(behaviour.children.map((child) => [child.enrollNumber, child.acknowledgedBy])).toEqual([
      ['MG1001', 'otherParent'],
      ['MG2001', null],
    ]);
    await t.database.db
      .delete(parentStudents)
      .where(and(eq(parentStudents.parentId, 'MG-P002'), eq(parentStudents.enrollNumber, 'MG1001')));
  });

  it('asks again for a new version, and tells the parents once', async () => {
    const files = new Map<string, string | Uint8Array>([
      [
        'policies.csv',
        policiesCsv([
          {
            sourcedId: 'pol-mobile-phones',
            version: '2026.1',
            title_en: 'Mobile phones and devices policy',
            title_ar: 'سياسة الهواتف المحمولة والأجهزة',
            file: 'policies/phones-2026.pdf',
            requiresAck: 'true',
            publishedAt: daysFromNow(-1 / 24),
          },
        ]),
      ],
      ['policies/phones-2026.pdf', testPdf('Mobile phones, 2026')],
    ]);
    expect((await applyPolicyFiles(t.database.db, 'mogra', files)).problems).toEqual([]);
    const phones = find(await list(), 'pol-mobile-phones');
    expect(phones.version).toBe('2026.1');
    expect(phones.children.every((child) => child.acknowledgedAt === null)).toBe(true);
    const told = () =>
      t.database.db
        .select({
          parentId: notifications.parentId,
          kind: notifications.kind,
          enrollNumber: notifications.enrollNumber,
        })
        .from(notifications)
        .where(
          and(
            eq(notifications.schoolId, 'mogra'),
            eq(notifications.dedupeKey, 'policy:pol-mobile-phones@2026.1'),
          ),
        );
    const notices = await told();
    expect(notices.map((notice) => notice.parentId).sort()).toEqual(['MG-P001', 'MG-P002']);
    expect(notices[0]).toMatchObject({ kind: 'announcements.policy', enrollNumber: null });
    // The same bundle again tells no one twice.
    expect((await applyPolicyFiles(t.database.db, 'mogra', files)).problems).toEqual([]);
    expect(await told()).toHaveLength(2);
    // The earlier version's acknowledgements are kept.
    const earlier = await t.database.db
      .select()
      .from(acknowledgements)
      .where(eq(acknowledgements.subjectId, 'pol-mobile-phones@2025.1'));
    expect(earlier).toHaveLength(3);
    const answer = await ack('pol-mobile-phones', ['MG1003']);
    expect((answer.json() as { item: TPolicy }).item.children[2]?.acknowledgedBy).toBe('you');
  });

  it('tells nobody of a version first seen more than two weeks after its publication', async () => {
    const files = new Map([
      [
        'policies.csv',
        policiesCsv([
          {
            sourcedId: 'pol-late',
            version: '1',
            title_en: 'Late policy',
            requiresAck: 'true',
            publishedAt: daysFromNow(-20),
          },
        ]),
      ],
    ]);
    expect((await applyPolicyFiles(t.database.db, 'mogra', files)).problems).toEqual([]);
    const notices = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, 'policy:pol-late@1'));
    expect(notices).toHaveLength(0);
    const [stored] = await t.database.db
      .select({ notifiedAt: schoolPolicies.notifiedAt })
      .from(schoolPolicies)
      .where(and(eq(schoolPolicies.schoolId, 'mogra'), eq(schoolPolicies.policyId, 'pol-late')));
    expect(stored?.notifiedAt).not.toBeNull();
    expect(find(await list(), 'pol-late').file).toBeNull();
  });

  it("refuses another parent's child (403 A002), an unknown or unpublished policy and one asking for nothing (404 N404)", async () => {
    expectRefusal(await ack('pol-behaviour', ['MG2001']), 403, 'A002');
    expectRefusal(await ack('pol-behaviour', ['MG1001', 'BD4101']), 403, 'A002');
    expectRefusal(await ack('pol-nope', ['MG1001']), 404, 'N404');
    expectRefusal(await ack('pol-health-safety', ['MG1001']), 404, 'N404');
    const files = new Map([
      [
        'policies.csv',
        policiesCsv([
          { sourcedId: 'pol-draft', version: '1', title_en: 'Draft', requiresAck: 'true', publishedAt: '' },
          {
            sourcedId: 'pol-later',
            version: '1',
            title_en: 'Later',
            requiresAck: 'true',
            publishedAt: daysFromNow(3),
          },
        ]),
      ],
    ]);
    expect((await applyPolicyFiles(t.database.db, 'mogra', files)).problems).toEqual([]);
    expectRefusal(await ack('pol-draft', ['MG1001']), 404, 'N404');
    expectRefusal(await ack('pol-later', ['MG1001']), 404, 'N404');
    const ids = (await list()).map((item) => item.id);
    expect(ids).not.toContain('pol-draft');
    expect(ids).not.toContain('pol-later');
    expectRefusal(await mogra.get('/policies/pol-later/file'), 404, 'N404');
    expectRefusal(
      await mogra.post('/policies/pol-behaviour/acknowledge', { enrollNumbers: [] }),
      400,
      'V001',
    );
  });

  it("downloads a policy's PDF", async () => {
    const answer = await mogra.get('/policies/pol-behaviour/file');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toContain('pol-behaviour-2026.2.pdf');
    expect(answer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expectRefusal(await mogra.get('/policies/pol-late/file'), 404, 'N404');
    expectRefusal(await mogra.get('/policies/pol-nope/file'), 404, 'N404');
  });

  it('refuses a PDF the bundle lacks or that is not one, and a removed policy leaves the list', async () => {
    const bad = new Map<string, string | Uint8Array>([
      [
        'policies.csv',
        policiesCsv([
          {
            sourcedId: 'pol-x',
            version: '1',
            title_en: 'X',
            file: 'policies/missing.pdf',
            publishedAt: daysFromNow(-1),
          },
          {
            sourcedId: 'pol-y',
            version: '1',
            title_en: 'Y',
            file: 'policies/fake.pdf',
            publishedAt: daysFromNow(-1),
          },
          { sourcedId: 'pol-z', version: '', title_en: 'Z', publishedAt: daysFromNow(-1) },
        ]),
      ],
      ['policies/fake.pdf', new TextEncoder().encode('not a pdf at all')],
    ]);
    const { problems } = await applyPolicyFiles(t.database.db, 'mogra', bad);
    expect(problems.map((problem) => [problem.row, problem.column])).toEqual([
      [2, 'file'],
      [3, 'file'],
      [4, 'version'],
    ]);
    const removal = new Map([
      ['policies.csv', policiesCsv([{ sourcedId: 'pol-late', status: 'tobedeleted' }])],
    ]);
    expect((await applyPolicyFiles(t.database.db, 'mogra', removal)).problems).toEqual([]);
    expect((await list()).map((item) => item.id)).not.toContain('pol-late');
  });

  it('tells a version whose publication time comes after its import once the job finds it, once', async () => {
    const files = new Map([
      [
        'policies.csv',
        policiesCsv([
          {
            sourcedId: 'pol-scheduled',
            version: '1',
            title_en: 'Scheduled policy',
            requiresAck: 'true',
            publishedAt: daysFromNow(1),
          },
        ]),
      ],
    ]);
    expect((await applyPolicyFiles(t.database.db, 'mogra', files)).problems).toEqual([]);
    const told = () =>
      t.database.db
        .select({ parentId: notifications.parentId })
        .from(notifications)
        .where(eq(notifications.dedupeKey, 'policy:pol-scheduled@1'));
    expect(await noticeDuePolicies(t.database.db)).toBe(0);
    expect(await told()).toEqual([]);
    await t.database.db
      .update(schoolPolicies)
      .set({ publishedAt: new Date(Date.now() - 60_000) })
      .where(eq(schoolPolicies.policyId, 'pol-scheduled'));
    expect(await noticeDuePolicies(t.database.db)).toBe(2);
    expect((await told()).map((notice) => notice.parentId).sort()).toEqual(['MG-P001', 'MG-P002']);
    expect(await noticeDuePolicies(t.database.db)).toBe(0);
  });

  it('is refused by a school that does not grant it (403 A001)', async () => {
    const bcd = parentApi(t, 'bcd', await signIn(t.app, 'bcd', 'parent@bcd.demo'));
    expectRefusal(await bcd.get('/policies'), 403, 'A001');
    expectRefusal(await bcd.get('/policies/pol-uniform/file'), 403, 'A001');
  });
});
