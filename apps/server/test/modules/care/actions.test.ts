import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/contracts/kits/dates';
import { pathOf } from '@portal/contracts/endpoint';
import { careEndpoints, type TCareRecord, type TCareRequest } from '@portal/contracts/families/care';
import { acknowledgements, requestEvents, requests } from '../../../src/db/schema/index.ts';
import { signIn } from '../../helper.ts';
import type { TScheduleApp } from '../schedule/schedule-data.ts';
import {
  applyFiles,
  buildCareApp,
  careList,
  careRecordsCsv,
  parentApi,
  type TParentApi,
} from './care-data.ts';

// What a parent does on the care pages (docs/modules.md F3): acknowledge an incident (once; again is
// 200 with the first time kept), comment on a goal or an open plan, propose a medical update,
// ask the counsellor for a meeting. The child is checked first (403 A002), then the record (404).
describe('care actions', () => {
  let t: TScheduleApp;
  let mogra: TParentApi;
  beforeAll(async () => {
    ({ t, mogra } = await buildCareApp());
  });
  afterAll(() => t.close());

  const expectRefusal = (answer: { statusCode: number; json: () => unknown }, status: number, id: string) => {
    expect(answer.statusCode).toBe(status);
    expect(answer.json()).toMatchObject({ messageId: id });
  };
  /** A well-formed call of a care endpoint about a child (the record named is Nour's). */
  const send = (
    api: TParentApi,
    entry: (typeof careEndpoints)[keyof typeof careEndpoints],
    enrollNumber: string,
  ) => {
    const path = pathOf(entry, { id: 'cr-MG2001-merit-1' });
    if (entry.method === 'GET') return api.get(`${path}?enrollNumber=${enrollNumber}`);
    return api.post(path, {
      enrollNumber,
      body: 'Hello',
      section: 'other',
      details: 'Hello',
      topic: 'Hello',
    });
  };
  const ack = (id: string, enrollNumber = 'MG1001') =>
    mogra.post(`/care/incidents/${encodeURIComponent(id)}/acknowledge`, { enrollNumber });
  const comment = (path: string, id: string, body: string, enrollNumber = 'MG1001') =>
    mogra.post(`/care/${path}/${encodeURIComponent(id)}/comments`, { enrollNumber, body });

  it('acknowledges an incident once, keeping the first time', async () => {
    const first = await ack('cr-MG1001-incident-1');
    expect(first.statusCode, first.body).toBe(200);
    const item = (first.json() as { item: TCareRecord }).item;
    expect(item.acknowledgedAt).not.toBeNull();
    const again = await ack('cr-MG1001-incident-1');
    expect(again.statusCode).toBe(200);
    expect((again.json() as { item: TCareRecord }).item.acknowledgedAt).toBe(item.acknowledgedAt);
    const rows = await t.database.db
      .select()
      .from(acknowledgements)
      .where(eq(acknowledgements.subjectId, 'cr-MG1001-incident-1'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subjectKind: 'careRecord', enrollNumber: 'MG1001', parentId: 'MG-P001' });
    expect((await careList(mogra, 'incidents', 'MG1001')).summary.toAcknowledge).toBe(0);
  });

  it('refuses to acknowledge what is not an incident asking for it (404 N404)', async () => {
    const hidden = careRecordsCsv([
      {
        sourcedId: 'cr-test-later',
        enrollNumber: 'MG1001',
        kind: 'incident',
        occurredOn: addDays(t.today, -1),
        title_en: 'Later',
        requiresAck: 'true',
        publishedAt: `${addDays(t.today, 2)}T08:00:00Z`,
      },
    ]);
    expect(
      (await applyFiles(t.database.db, 'mogra', new Map([['care_records.csv', hidden]]))).problems,
    ).toEqual([]);
    for (const id of [
      'cr-MG1001-incident-2',
      'cr-MG1001-merit-1',
      'cr-MG1001-draft-1',
      'cr-test-later',
      'nope',
    ])
      expectRefusal(await ack(id), 404, 'N404');
    // Layla's record named with Omar's enrolment number does not exist for him.
    expectRefusal(await ack('cr-MG1002-visit-1'), 404, 'N404');
  });

  it('adds a comment to an open plan and goal, refuses a closed one, a long one and the wrong kind', async () => {
    const added = await comment(
      'improvement-plans',
      'cr-MG1001-plan-maths',
      'We will practise equations too.',
    );
    expect(added.statusCode, added.body).toBe(201);
    const plan = (added.json() as { item: TCareRecord }).item;
    expect(plan.comments.at(-1)).toMatchObject({ author: 'parent', body: 'We will practise equations too.' });
    expect(plan.comments.at(-1)?.seq).toBe(4);
    const goal = await comment('goals', 'cr-MG1001-goal-reading', 'He finished the second book.');
    expect(goal.statusCode).toBe(201);
    expectRefusal(await comment('improvement-plans', 'cr-MG1001-plan-reading', 'Too late?'), 409, 'R001');
    expectRefusal(await comment('goals', 'cr-MG1001-goal-reading', 'x'.repeat(2001)), 400, 'V001');
    expectRefusal(await comment('goals', 'cr-MG1001-goal-reading', '   '), 400, 'V001');
    // A plan is not a goal, and the other way round.
    expectRefusal(await comment('goals', 'cr-MG1001-plan-maths', 'Wrong path'), 404, 'N404');
    expectRefusal(await comment('improvement-plans', 'cr-MG1001-goal-reading', 'Wrong path'), 404, 'N404');
    expectRefusal(await comment('goals', 'cr-MG1002-goal-speaking', 'Not Omar’s'), 404, 'N404');
  });

  it('submits a proposed medical update, listed on the medical page', async () => {
    const answer = await mogra.post('/care/medical/updates', {
      enrollNumber: 'MG1002',
      section: 'allergies',
      details: 'Layla is also allergic to sesame (mild rash).',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const created = (answer.json() as { request: TCareRequest }).request;
    expect(created).toMatchObject({
      status: 'submitted',
      summary: 'Layla is also allergic to sesame (mild rash).',
    });
    const [row] = await t.database.db.select().from(requests).where(eq(requests.requestId, created.id));
    expect(row).toMatchObject({ kind: 'medicalUpdate', parentId: 'MG-P001', enrollNumbers: ['MG1002'] });
    expect(
      await t.database.db.select().from(requestEvents).where(eq(requestEvents.requestId, created.id)),
    ).toHaveLength(1);
    const medical = await careList(mogra, 'medical', 'MG1002');
    expect((medical.requests as TCareRequest[]).map((request) => request.id)).toEqual([created.id]);
    // Someone else's or unknown attachment: nothing is created.
    const unknown = await mogra.post('/care/medical/updates', {
      enrollNumber: 'MG1002',
      section: 'other',
      details: 'See the letter.',
      attachmentIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expectRefusal(unknown, 404, 'N404');
    expect((await careList(mogra, 'medical', 'MG1002')).requests).toHaveLength(1);
    expectRefusal(
      await mogra.post('/care/medical/updates', { enrollNumber: 'MG1002', section: 'nose', details: 'x' }),
      400,
      'V001',
    );
  });

  it('asks the counsellor for a meeting on days to come, never past ones (422 R002)', async () => {
    const ask = (preferredDays: string[]) =>
      mogra.post('/care/counselling/requests', {
        enrollNumber: 'MG1003',
        topic: 'Friendships',
        preferredDays,
      });
    const answer = await ask([addDays(t.today, 3), t.today]);
    expect(answer.statusCode, answer.body).toBe(201);
    const created = (answer.json() as { request: TCareRequest }).request;
    expect(created).toMatchObject({ status: 'submitted', summary: 'Friendships' });
    const [row] = await t.database.db.select().from(requests).where(eq(requests.requestId, created.id));
    expect(row?.payload).toMatchObject({ preferredDays: [t.today, addDays(t.today, 3)] });
    expectRefusal(await ask([addDays(t.today, -1)]), 422, 'R002');
    expectRefusal(await ask(['2026-02-30']), 400, 'V001');
    const counselling = await careList(mogra, 'counselling', 'MG1003');
    expect((counselling.requests as TCareRequest[]).map((request) => request.id)).toEqual([created.id]);
  });

  it("refuses another family's child on every care route (403 A002), before looking at the record", async () => {
    for (const entry of Object.values(careEndpoints)) {
      const answer = await send(mogra, entry, 'MG2001');
      expect(answer.statusCode, `${entry.method} ${entry.path}: ${answer.body}`).toBe(403);
      expect(answer.json()).toMatchObject({ messageId: 'A002' });
    }
  });

  it("refuses another school's session (401) and a school that does not grant the module (403 A001)", async () => {
    const bcadToken = await signIn(t.app, 'bcad', 'parent@bcad.demo');
    for (const entry of Object.values(careEndpoints))
      expect((await send(parentApi(t, 'mogra', bcadToken), entry, 'MG1001')).statusCode, entry.path).toBe(
        401,
      );
    const bcad = parentApi(t, 'bcad', bcadToken);
    for (const path of ['merit-demerit', 'incidents', 'medical', 'goals'])
      expectRefusal(await bcad.get(`/care/${path}?enrollNumber=BC3101`), 403, 'A001');
    expectRefusal(
      await bcad.post('/care/incidents/cr-BC3101-incident-1/acknowledge', { enrollNumber: 'BC3101' }),
      403,
      'A001',
    );
  });
});
