import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/contracts/kits/dates';
import type { TAgenda, TAgendaItem } from '@portal/contracts/families/schedule';
import { agendaDone, agendaItems } from '../../../src/db/schema/index.ts';
import { signIn } from '../../helper.ts';
import {
  applyFiles,
  buildScheduleAppAsMogra,
  parentApi,
  type TParentApi,
  type TScheduleApp,
} from './schedule-data.ts';

// GET agenda and PUT agenda/:itemId/done (docs/modules.md F1): the diary of the child's classes,
// published entries only, ticked per child; anything else is 404 N404.
describe('agenda', () => {
  let t: TScheduleApp;
  let mogra: TParentApi;
  let range: string;
  beforeAll(async () => {
    ({ t, mogra } = await buildScheduleAppAsMogra());
    range = `from=${addDays(t.today, -7)}&to=${addDays(t.today, 7)}`;
  });
  afterAll(() => t.close());

  const agendaOf = async (enrollNumber: string) => {
    const answer = await mogra.get(`/agenda?enrollNumber=${enrollNumber}&${range}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json() as TAgenda).items;
  };

  it("lists two weeks of the child's diary by day, in both languages, without drafts", async () => {
    const items = await agendaOf('MG1001');
    expect(items.length).toBeGreaterThanOrEqual(8);
    expect(items.map((item) => item.dueOn)).toEqual(items.map((item) => item.dueOn).sort());
    expect(items.every((item) => item.id.startsWith('ag-cls-09-A-'))).toBe(true);
    expect(items.some((item) => item.id.endsWith('-draft'))).toBe(false);
    const first = items[0]!;
    expect(first.subject).not.toBe('');
    expect(first.subjectAr).not.toBe('');
    expect(first.titleAr).not.toBe('');
    expect(first.doneAt).toBeNull();
    // Another child has the diary of their own classes.
    const layla = await agendaOf('MG1002');
    expect(layla.every((item) => item.id.startsWith('ag-cls-06-B-'))).toBe(true);
  });

  it('hides an entry until its publication time', async () => {
    const [item] = await agendaOf('MG1001');
    const later = `${addDays(t.today, 3)}T08:00:00Z`;
    const scheduled = new Map([
      [
        'agenda.csv',
        `sourcedId,classSourcedId,dueDate,kind,title_en,title_ar,publishedAt\n${item!.id},cls-09-A-math,${item!.dueOn},homework,Later,,${later}`,
      ],
    ]);
    expect((await applyFiles(t.database.db, 'mogra', scheduled)).problems).toEqual([]);
    expect((await agendaOf('MG1001')).map((entry) => entry.id)).not.toContain(item!.id);
    const done = await mogra.put(`/agenda/${encodeURIComponent(item!.id)}/done`, {
      enrollNumber: 'MG1001',
      done: true,
    });
    expect(done.statusCode).toBe(404);
    expect(done.json()).toMatchObject({ messageId: 'N404' });
    const back = new Map([
      [
        'agenda.csv',
        `sourcedId,classSourcedId,dueDate,kind,title_en,title_ar,publishedAt\n${item!.id},cls-09-A-math,${item!.dueOn},homework,Back,,2020-01-01`,
      ],
    ]);
    expect((await applyFiles(t.database.db, 'mogra', back)).problems).toEqual([]);
    expect((await agendaOf('MG1001')).find((entry) => entry.id === item!.id)?.title).toBe('Back');
  });

  it('ticks an entry done for the child, and back', async () => {
    const [item] = await agendaOf('MG1001');
    const path = `/agenda/${encodeURIComponent(item!.id)}/done`;
    const done = await mogra.put(path, { enrollNumber: 'MG1001', done: true });
    expect(done.statusCode, done.body).toBe(200);
    const ticked = (done.json() as { item: TAgendaItem }).item;
    expect(ticked.id).toBe(item!.id);
    expect(ticked.doneAt).not.toBeNull();
    expect((await agendaOf('MG1001')).find((entry) => entry.id === item!.id)?.doneAt).toBe(ticked.doneAt);
    // Twice is the same tick.
    expect(
      ((await mogra.put(path, { enrollNumber: 'MG1001', done: true })).json() as { item: TAgendaItem }).item
        .doneAt,
    ).toBe(ticked.doneAt);
    const undone = await mogra.put(path, { enrollNumber: 'MG1001', done: false });
    expect((undone.json() as { item: TAgendaItem }).item.doneAt).toBeNull();
    const [row] = await t.database.db.select().from(agendaDone).where(eq(agendaDone.itemId, item!.id));
    expect(row).toBeUndefined();
  });

  it("answers 404 for a draft, another class's entry and another school's", async () => {
    const [draft] = await t.database.db
      .select({ itemId: agendaItems.itemId })
      .from(agendaItems)
      .where(and(eq(agendaItems.schoolId, 'mogra'), like(agendaItems.itemId, '%-draft')));
    const [laylas] = await agendaOf('MG1002');
    const [bcads] = await t.database.db
      .select()
      .from(agendaItems)
      .where(eq(agendaItems.schoolId, 'bcad'))
      .limit(1);
    for (const itemId of [draft!.itemId, laylas!.id, bcads!.itemId, 'no-such-item']) {
      const answer = await mogra.put(`/agenda/${encodeURIComponent(itemId)}/done`, {
        enrollNumber: 'MG1001',
        done: true,
      });
      expect(answer.statusCode, itemId).toBe(404);
      expect(answer.json()).toMatchObject({ messageId: 'N404' });
    }
  });

  it("refuses another family's child, another school's session and a school without the module", async () => {
    const [item] = await agendaOf('MG1001');
    const list = await mogra.get(`/agenda?enrollNumber=MG2001&${range}`);
    expect(list.statusCode).toBe(403);
    expect(list.json()).toMatchObject({ messageId: 'A002' });
    const tick = await mogra.put(`/agenda/${encodeURIComponent(item!.id)}/done`, {
      enrollNumber: 'MG2001',
      done: true,
    });
    expect(tick.statusCode).toBe(403);
    expect(tick.json()).toMatchObject({ messageId: 'A002' });
    const bcadToken = await signIn(t.app, 'bcad', 'parent@bcad.demo');
    expect(
      (await parentApi(t, 'mogra', bcadToken).get(`/agenda?enrollNumber=MG1001&${range}`)).statusCode,
    ).toBe(401);
    // bcad grants the agenda; bcd does not.
    const bcad = await parentApi(t, 'bcad', bcadToken).get(`/agenda?enrollNumber=BC3101&${range}`);
    expect(bcad.statusCode).toBe(200);
    expect((bcad.json() as TAgenda).items.length).toBeGreaterThan(0);
    const bcd = parentApi(t, 'bcd', await signIn(t.app, 'bcd', 'parent@bcd.demo'));
    const ungranted = await bcd.get(`/agenda?enrollNumber=BD4101&${range}`);
    expect(ungranted.statusCode).toBe(403);
    expect(ungranted.json()).toMatchObject({ messageId: 'A001' });
  });

  it('refuses a range past 366 days or backwards (400 V001)', async () => {
    for (const query of [
      `from=${t.today}&to=${addDays(t.today, 366)}`,
      `from=${t.today}&to=${addDays(t.today, -1)}`,
    ]) {
      const answer = await mogra.get(`/agenda?enrollNumber=MG1001&${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json()).toMatchObject({ messageId: 'V001' });
    }
  });
});
