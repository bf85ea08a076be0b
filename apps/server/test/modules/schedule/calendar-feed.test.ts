import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/contracts/kits/dates';
import { parentSettings } from '../../../src/db/schema/index.ts';
import { signIn } from '../../helper.ts';
import { buildScheduleAppAsMogra, parentApi, type TParentApi, type TScheduleApp } from './schedule-data.ts';

// The parent's iCalendar feed (docs/modules.md section 5, "One iCalendar feed"): a personal address
// that needs no header, RFC 5545 as calendar clients read it (parsed back here with ical.js),
// lessons of the next 14 days, the school calendar and due dates of every child, stable UIDs,
// the school's time zone, the parent's language; rotating the address revokes the old one.
describe('the calendar feed', () => {
  let t: TScheduleApp;
  let mogra: TParentApi;
  beforeAll(async () => {
    ({ t, mogra } = await buildScheduleAppAsMogra());
  });
  afterAll(() => t.close());

  const feedPath = async (api: TParentApi, rotate = false) => {
    const answer = rotate ? await api.post('/calendar/feed/rotate') : await api.get('/calendar/feed');
    expect(answer.statusCode, answer.body).toBe(200);
    const { url } = answer.json() as { url: string };
    expect(url).toMatch(/^http:\/\/mogra\.localhost:\d+\/ical\/mogra\/[A-Za-z0-9_-]{43}\.ics$/);
    return new URL(url).pathname;
  };

  /** The feed fetched with no header at all, as a calendar app does, and parsed back. */
  const fetchFeed = async (path: string) => {
    const answer = await t.app.inject({ method: 'GET', url: path });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/calendar/);
    const calendar = ICAL.Component.fromString(answer.body);
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    return { calendar, events, text: answer.body };
  };

  it('makes the address once, and answers the same one after', async () => {
    const first = await feedPath(mogra);
    expect(await feedPath(mogra)).toBe(first);
  });

  it("holds the next two weeks of lessons, the calendar and the due dates of every child, in the school's zone", async () => {
    const { calendar, events, text } = await fetchFeed(await feedPath(mogra));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Asia/Dubai');
    expect(text).toContain('X-WR-TIMEZONE:Asia/Dubai');
    const uids = events.map((event) => event.uid);
    expect(new Set(uids).size).toBe(uids.length);
    const lessons = events.filter((event) => event.uid.startsWith('lesson-'));
    expect(lessons.length).toBeGreaterThan(50);
    for (const enrollNumber of ['MG1001', 'MG1002', 'MG1003'])
      expect(
        lessons.some((event) => event.uid.includes(`-${enrollNumber}@`)),
        enrollNumber,
      ).toBe(true);
    const lastDay = addDays(t.today, 13);
    for (const lesson of lessons) {
      const day = lesson.startDate.toString().slice(0, 10);
      expect(day >= t.today && day <= lastDay, day).toBe(true);
      expect(lesson.startDate.zone?.tzid).toBe('Asia/Dubai');
    }
    // A first period at 07:45 in Dubai is 03:45 UTC.
    const first = lessons.find((lesson) => lesson.startDate.toString().endsWith('T07:45:00'));
    expect(first?.startDate.toJSDate().toISOString().slice(11, 16)).toBe('03:45');
    expect(first?.summary).toMatch(/ · (Omar|Layla|Yousef)$/);
    const holiday = events.find((event) => event.uid.startsWith('event-cal-mogra-national-day@'));
    expect(holiday?.startDate.isDate).toBe(true);
    expect(holiday?.summary).toBe('National Day holiday');
    expect(holiday?.endDate.toString()).toBe(addDays(holiday!.startDate.toString(), 2));
    const due = events.filter((event) => event.uid.startsWith('due-'));
    expect(due.length).toBeGreaterThan(0);
    expect(events.some((event) => event.uid.includes('draft') || event.uid.includes('book-week'))).toBe(
      false,
    );
  });

  it('keeps every UID from one fetch to the next', async () => {
    const path = await feedPath(mogra);
    const first = (await fetchFeed(path)).events.map((event) => event.uid).sort();
    const second = (await fetchFeed(path)).events.map((event) => event.uid).sort();
    expect(second).toEqual(first);
  });

  it("speaks the parent's language", async () => {
    await t.database.db
      .insert(parentSettings)
      .values({ schoolId: 'mogra', parentId: 'MG-P001', language: 'ar' })
      .onConflictDoUpdate({
        target: [parentSettings.schoolId, parentSettings.parentId],
        set: { language: 'ar' },
      });
    const { calendar, events } = await fetchFeed(await feedPath(mogra));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('مدرسة موغرا التجريبية: التقويم المدرسي');
    expect(events.find((event) => event.uid.startsWith('event-cal-mogra-national-day@'))?.summary).toBe(
      'عطلة اليوم الوطني',
    );
    expect(
      events.some((event) => event.uid.startsWith('lesson-') && event.summary.startsWith('الرياضيات')),
    ).toBe(true);
    await t.database.db.delete(parentSettings);
  });

  it("holds only the family's own children", async () => {
    const haddad = parentApi(t, 'mogra', await signIn(t.app, 'mogra', 'family.haddad@mogra.demo'));
    const path = await feedPath(haddad);
    expect(path).not.toBe(await feedPath(mogra));
    const { text } = await fetchFeed(path);
    for (const other of ['MG1001', 'MG1002', 'MG1003', 'Omar', 'Layla', 'cls-09-A'])
      expect(text).not.toContain(other);
    expect(text).toContain('MG2001');
  });

  it('revokes the old address when rotated: it answers 404', async () => {
    const old = await feedPath(mogra);
    const rotated = await feedPath(mogra, true);
    expect(rotated).not.toBe(old);
    expect(await feedPath(mogra)).toBe(rotated);
    const gone = await t.app.inject({ method: 'GET', url: old });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ messageId: 'N404' });
    expect((await fetchFeed(rotated)).events.length).toBeGreaterThan(0);
    // The token opens only its own school's feed.
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: rotated.replace('/ical/mogra/', '/ical/bcad/'),
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});
