import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/contracts/kits/dates';
import type { TCalendarEvent, TCalendarEvents } from '@portal/contracts/families/schedule';
import { signIn } from '../../helper.ts';
import { buildScheduleAppAsMogra, parentApi, type TParentApi, type TScheduleApp } from './schedule-data.ts';

// GET calendar/events (docs/modules.md F1): the published school calendar of the parent's
// children's grades and their due dates, in a range of at most 366 days.
describe('calendar/events', () => {
  let t: TScheduleApp;
  let mogra: TParentApi;
  let range: string;
  beforeAll(async () => {
    ({ t, mogra } = await buildScheduleAppAsMogra());
    range = `from=${addDays(t.today, -90)}&to=${addDays(t.today, 60)}`;
  });
  afterAll(() => t.close());

  const eventsOf = async (api: TParentApi, query: string) => {
    const answer = await api.get(`/calendar/events?${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json() as TCalendarEvents).items;
  };
  const byId = (items: TCalendarEvent[], id: string) =>
    items.find((item) => item.id === `event-cal-mogra-${id}`);

  it("gathers the school calendar of all the parent's children, with who each event is for", async () => {
    const items = await eventsOf(mogra, range);
    expect(byId(items, 'term-1')).toMatchObject({
      kind: 'term',
      title: 'Term 1',
      titleAr: 'الفصل الأول',
      enrollNumbers: [],
    });
    expect(byId(items, 'mid-term-break')).toMatchObject({ kind: 'holiday', startsAt: null });
    expect(byId(items, 'maths-mid-term')).toMatchObject({
      kind: 'exam',
      startsAt: '08:00',
      endsAt: '09:30',
      enrollNumbers: ['MG1001'],
    });
    expect(byId(items, 'science-fair')?.enrollNumbers.sort()).toEqual(['MG1001', 'MG1002']);
    expect(byId(items, 'parent-teacher')).toMatchObject({ startsAt: '15:00', endsAt: '18:00' });
    const starts = items.map((item) => item.startsOn);
    expect(starts).toEqual([...starts].sort());
  });

  it('leaves out drafts and what is published only later', async () => {
    const items = await eventsOf(mogra, range);
    expect(byId(items, 'open-day-draft')).toBeUndefined();
    expect(byId(items, 'book-week')).toBeUndefined();
    expect(items.some((item) => item.id.endsWith('-draft'))).toBe(false);
  });

  it("adds the children's due dates, each naming its child", async () => {
    const items = await eventsOf(mogra, range);
    const due = items.filter((item) => item.kind === 'due');
    expect(due.length).toBeGreaterThan(10);
    const children = new Set(due.flatMap((item) => item.enrollNumbers));
    expect(children).toEqual(new Set(['MG1001', 'MG1002', 'MG1003']));
    expect(due[0]?.title).toMatch(/^[^:]+: /);
  });

  it("narrows to one child's grade and diary", async () => {
    const items = await eventsOf(mogra, `${range}&enrollNumber=MG1003`);
    expect(byId(items, 'science-fair')).toBeUndefined();
    expect(byId(items, 'maths-mid-term')).toBeUndefined();
    expect(byId(items, 'term-1')).toBeDefined();
    expect(new Set(items.flatMap((item) => item.enrollNumbers))).toEqual(new Set(['MG1003']));
  });

  it("shows another family only their own child's events", async () => {
    const haddad = parentApi(t, 'mogra', await signIn(t.app, 'mogra', 'family.haddad@mogra.demo'));
    const items = await eventsOf(haddad, range);
    expect(byId(items, 'term-1')).toBeDefined();
    expect(byId(items, 'science-fair')).toBeUndefined();
    const body = JSON.stringify(items);
    for (const other of ['MG1001', 'MG1002', 'MG1003', 'cls-09-A']) expect(body).not.toContain(other);
  });

  it('refuses a range past 366 days, a backwards one and a bad day (400 V001)', async () => {
    for (const query of [
      `from=${t.today}&to=${addDays(t.today, 366)}`,
      `from=${t.today}&to=${addDays(t.today, -1)}`,
      `from=${t.today}&to=tomorrow`,
      `from=${t.today}`,
    ]) {
      const answer = await mogra.get(`/calendar/events?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json()).toMatchObject({ messageId: 'V001' });
    }
    expect((await mogra.get(`/calendar/events?from=${t.today}&to=${addDays(t.today, 365)}`)).statusCode).toBe(
      200,
    );
  });

  it("refuses another family's child, another school's session and a school without the module", async () => {
    const sibling = await mogra.get(`/calendar/events?${range}&enrollNumber=MG2001`);
    expect(sibling.statusCode).toBe(403);
    expect(sibling.json()).toMatchObject({ messageId: 'A002' });
    const bcdToken = await signIn(t.app, 'bcd', 'parent@bcd.demo');
    expect((await parentApi(t, 'mogra', bcdToken).get(`/calendar/events?${range}`)).statusCode).toBe(401);
    for (const path of [`/calendar/events?${range}`, '/calendar/feed']) {
      const ungranted = await parentApi(t, 'bcd', bcdToken).get(path);
      expect(ungranted.statusCode, path).toBe(403);
      expect(ungranted.json()).toMatchObject({ messageId: 'A001' });
    }
  });
});
