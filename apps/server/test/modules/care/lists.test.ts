import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/contracts/kits/dates';
import { CARE_MODULES, type TMedicalRecords } from '@portal/contracts/families/care';
import { sensitiveReads } from '../../../src/db/schema/index.ts';
import { demoSyncKey } from '../../../src/db/seed/seed.ts';
import type { TScheduleApp } from '../schedule/schedule-data.ts';
import { buildCareApp, careList, idsOf, type TParentApi } from './care-data.ts';

// GET care/<path>?enrollNumber for the nine care modules (docs/modules.md F3): the child's published
// records of the module's kinds, newest first, with their counts; medical adds the profile and
// counselling the parent's requests, and a read of either is logged for the school.
describe('care lists', () => {
  let t: TScheduleApp;
  let mogra: TParentApi;
  beforeAll(async () => {
    ({ t, mogra } = await buildCareApp());
  });
  afterAll(() => t.close());

  it("lists each module's kinds only, newest first", async () => {
    for (const enrollNumber of ['MG1001', 'MG1002', 'MG1003']) {
      for (const module of Object.values(CARE_MODULES)) {
        const { items, summary } = await careList(mogra, module.path, enrollNumber);
        const kinds: readonly string[] = module.kinds;
        expect(items.every((item) => kinds.includes(item.kind))).toBe(true);
        const days = items.map((item) => item.occurredOn);
        expect(days).toEqual([...days].sort().reverse());
        expect(summary.total).toBe(items.length);
        expect(summary.latestOn).toBe(days[0] ?? null);
      }
    }
  });

  it("sums up Omar's merits and demerits, without the draft", async () => {
    const { items, summary } = await careList(mogra, 'merit-demerit', 'MG1001');
    expect(items.filter((item) => item.kind === 'merit')).toHaveLength(7);
    expect(items.filter((item) => item.kind === 'demerit')).toHaveLength(2);
    expect(idsOf(items)).not.toContain('cr-MG1001-draft-1');
    expect(summary).toMatchObject({ merits: 14, demerits: 2, balance: 12, toAcknowledge: 0, open: 0 });
    const kindness = items.find((item) => item.id === 'cr-MG1001-merit-1')!;
    expect(kindness).toMatchObject({ points: 2, category: 'Kindness', categoryAr: 'اللطف' });
    expect(kindness.staffName).toBe('Sarah Mitchell');
    expect(kindness.staffNameAr).not.toBe('');
    expect(items.find((item) => item.kind === 'demerit')?.points).toBeLessThan(0);
  });

  it('shows the incident to acknowledge, plans with targets and comments, and portfolio links', async () => {
    const incidents = await careList(mogra, 'incidents', 'MG1001');
    expect(incidents.summary.toAcknowledge).toBe(1);
    expect(incidents.items[0]).toMatchObject({ requiresAck: true, severity: 'low', acknowledgedAt: null });
    const plans = await careList(mogra, 'improvement-plans', 'MG1001');
    expect(plans.summary.open).toBe(1);
    const maths = plans.items.find((item) => item.id === 'cr-MG1001-plan-maths')!;
    expect(maths.targets.map((target) => target.status)).toEqual(['met', 'inProgress', 'notStarted']);
    expect(maths.targets[0]?.titleAr).not.toBe('');
    expect(maths.comments.map((comment) => comment.author)).toEqual(['school', 'parent', 'school']);
    expect(maths.comments[0]?.authorName).toBe('Sarah Mitchell');
    expect(maths.comments[1]?.authorName).not.toBe('');
    expect(plans.items.find((item) => item.id === 'cr-MG1001-plan-reading')?.status).toBe('closed');
    const portfolio = await careList(mogra, 'portfolio', 'MG1001');
    expect(portfolio.items.length).toBeGreaterThanOrEqual(3);
    expect(portfolio.items.every((item) => item.link?.startsWith('https://'))).toBe(true);
    const wellbeing = await careList(mogra, 'wellbeing', 'MG1002');
    expect(wellbeing.items.map((item) => item.wellbeingScore)).toEqual([4, 3, 4, 5]);
    const empty = await careList(mogra, 'counselling', 'MG1001');
    expect(empty).toMatchObject({ items: [], requests: [], summary: { total: 0, latestOn: null } });
  });

  it("answers Layla's medical profile and clinic visits, and logs the read once a minute", async () => {
    const readsOf = (enrollNumber: string) =>
      t.database.db
        .select()
        .from(sensitiveReads)
        .where(and(eq(sensitiveReads.schoolId, 'mogra'), eq(sensitiveReads.enrollNumber, enrollNumber)));
    // The first test read every list: the log starts again here.
    await t.database.db.delete(sensitiveReads);
    const medical = (await careList(mogra, 'medical', 'MG1002')) as TMedicalRecords;
    expect(medical.profile?.allergies[0]).toMatchObject({ name: 'Peanuts', nameAr: 'الفول السوداني' });
    expect(medical.profile?.bloodGroup).toBe('A+');
    expect(medical.profile?.dietaryAr).not.toBe('');
    expect(medical.items.map((item) => item.kind)).toEqual(['medicalVisit', 'medicalVisit']);
    expect(medical.requests).toEqual([]);
    await careList(mogra, 'medical', 'MG1002');
    const reads = await readsOf('MG1002');
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ parentId: 'MG-P001', module: 'medical' });
    await careList(mogra, 'counselling', 'MG1003');
    expect((await readsOf('MG1003')).map((read) => read.module)).toEqual(['counselling']);
    // A list that is not sensitive is not logged.
    await careList(mogra, 'merit-demerit', 'MG1001');
    expect(await readsOf('MG1001')).toHaveLength(0);
  });

  it('lets the school see who read what through the staff API', async () => {
    await careList(mogra, 'medical', 'MG1002');
    const staffGet = (query: string, key = demoSyncKey('mogra')) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/staff/care/reads?${query}`,
        headers: { 'client-id': 'mogra', authorization: `Bearer ${key}` },
      });
    const range = `from=${addDays(t.today, -1)}&to=${t.today}`;
    const answer = await staffGet(`enrollNumber=MG1002&${range}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const { items } = answer.json() as { items: { module: string; parentName: string; childName: string }[] };
    expect(items.length).toBeGreaterThan(0);
    expect(items[0]).toMatchObject({ module: 'medical', childName: 'Layla Khalid Al Mansouri' });
    expect(items[0]?.parentName).not.toBe('');
    const before = await staffGet(`from=${addDays(t.today, -30)}&to=${addDays(t.today, -20)}`);
    expect((before.json() as { items: unknown[] }).items).toEqual([]);
    const backwards = await staffGet(`from=${t.today}&to=${addDays(t.today, -1)}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ messageId: 'V001' });
    expect((await staffGet(range, 'not-a-key')).statusCode).toBe(401);
  });

  it('shows no profile for a child the nurse holds none of', async () => {
    const medical = (await careList(mogra, 'medical', 'MG1003')) as TMedicalRecords;
    expect(medical.profile).toBeNull();
    expect(medical.items.map((item) => item.id)).toEqual(['cr-MG1003-visit-1']);
  });
});
