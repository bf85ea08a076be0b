import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/contracts/kits/dates';
import type { TCircular, TCirculars } from '@portal/contracts/families/publications';
import { acknowledgements, parentStudents, parents } from '../../../src/db/schema/index.ts';
import { hashPassword } from '../../../src/modules/auth/password.ts';
import { DEMO_PASSWORD, seededDay, signIn } from '../../helper.ts';
import {
  allCirculars,
  answerOf,
  buildCircularsApp,
  circularsCsv,
  importFiles,
  parentApi,
  repository,
  type TCircularsApp,
  type TParentApi,
} from './circulars-data.ts';

// The circulars a parent reads (docs/modules.md F4; docs/decisions/021-publications-and-inbox.md), on
// the demo data: each names exactly the parent's children it was addressed to, with each child's
// first acknowledgement; the library searches what reached the family in English and Arabic;
// a circular that does not reach the family does not exist for it (404), another's child is 403.
describe('circulars for parents', () => {
  let t: TCircularsApp;
  let haddad: TParentApi;
  let khalid: TParentApi;
  /**
   * The year of the newest demo circular the family has, published the day before the seed day
   * (db/seed/demo-circulars.ts): not always the year of today (the seed on 1 January, or on
   * 31 December with the school's midnight passed since).
   */
  let newestYear: number;
  const byId = (items: TCircular[], id: string) => {
    const item = items.find((candidate) => candidate.id === id);
    if (!item) throw new Error(`no circular ${id} in ${items.map((one) => one.id).join(', ')}`);
    return item;
  };
  const childrenOf = (item: TCircular) => item.children.map((child) => child.enrollNumber);
  const ack = (api: TParentApi, id: string, enrollNumbers: string[]) =>
    api.post(`/circulars/${encodeURIComponent(id)}/acknowledge`, { enrollNumbers });

  // Building the seeded app takes long while other suites share the machine.
  beforeAll(async () => {
    t = await buildCircularsApp();
    newestYear = Number(addDays(await seededDay(t.database.db, 'mogra'), -1).slice(0, 4));
    haddad = parentApi(t, 'mogra', await signIn(t.app, 'mogra', 'family.haddad@mogra.demo'));
    // Omar's father, a second parent of the same child.
    await t.database.db.insert(parents).values({
      schoolId: 'mogra',
      parentId: 'MG-P009',
      username: 'khalid@mogra.demo',
      nameEn: 'Khalid Al Mansouri',
      nameAr: 'خالد المنصوري',
      email: 'khalid@mogra.demo',
      passwordHash: await hashPassword(DEMO_PASSWORD),
    });
    await t.database.db
      .insert(parentStudents)
      .values({ schoolId: 'mogra', parentId: 'MG-P009', enrollNumber: 'MG1001' });
    khalid = parentApi(t, 'mogra', await signIn(t.app, 'mogra', 'khalid@mogra.demo'));
  }, 180_000);
  afterAll(() => t.close());

  it("names each circular's children of the family, newest first, with their acknowledgements", async () => {
    const list = await allCirculars(t.mogra);
    expect(list.all.map((item) => item.id)).toEqual([
      'circ-mg-parent-evening',
      'circ-mg-museum-trip',
      'circ-mg-winter-uniform',
      'circ-mg-exam-timetable',
      'circ-mg-health-check',
      'circ-mg-sports-day',
      'circ-mg-fees-term2',
      'circ-mg-ramadan-hours',
    ]);
    expect(childrenOf(byId(list.all, 'circ-mg-museum-trip'))).toEqual(['MG1001']);
    expect(childrenOf(byId(list.all, 'circ-mg-parent-evening'))).toEqual(['MG1003']);
    expect(childrenOf(byId(list.all, 'circ-mg-health-check'))).toEqual(['MG1002']);
    expect(childrenOf(byId(list.all, 'circ-mg-sports-day'))).toEqual(['MG1001', 'MG1002', 'MG1003']);
    const exams = byId(list.all, 'circ-mg-exam-timetable');
    expect(exams.children).toEqual([
      expect.objectContaining({
        enrollNumber: 'MG1001',
        childName: 'Omar Khalid Al Mansouri',
        acknowledgedBy: 'you',
      }),
      expect.objectContaining({ enrollNumber: 'MG1002', acknowledgedAt: null, acknowledgedBy: null }),
    ]);
    expect(exams.overdue).toBe(false);
    expect(byId(list.all, 'circ-mg-fees-term2').overdue).toBe(true);
    expect(
      byId(list.all, 'circ-mg-winter-uniform').children.every((child) => child.acknowledgedBy === 'you'),
    ).toBe(true);
    expect(byId(list.all, 'circ-mg-museum-trip').title).toBe('Grade 9 trip to the Museum of the Future');
    expect(byId(list.all, 'circ-mg-museum-trip').titleAr).toBe('رحلة الصف التاسع إلى متحف المستقبل');
    // Waiting: the trip (Omar), the exams (Layla), the parent evening (Yousef), the fees (all).
    expect(list.toAcknowledge).toBe(4);
  });

  it('shows another family only what was addressed to its children', async () => {
    const list = await allCirculars(haddad);
    expect(list.all.map((item) => item.id).sort()).toEqual(
      ['circ-mg-fees-term2', 'circ-mg-ramadan-hours', 'circ-mg-sports-day', 'circ-mg-winter-uniform'].sort(),
    );
    for (const item of list.all) expect(childrenOf(item)).toEqual(['MG2001']);
  });

  it("filters by one of the parent's children and refuses another's (403 A002)", async () => {
    const yousef = await allCirculars(t.mogra, '&enrollNumber=MG1003');
    expect(yousef.all.map((item) => item.id)).toEqual([
      'circ-mg-parent-evening',
      'circ-mg-winter-uniform',
      'circ-mg-sports-day',
      'circ-mg-fees-term2',
      'circ-mg-ramadan-hours',
    ]);
    const nour = await t.mogra.get('/circulars?enrollNumber=MG2001');
    expect(nour.statusCode).toBe(403);
    expect(nour.json()).toMatchObject({ messageId: 'A002' });
    const bad = await t.mogra.get('/circulars?cursor=bm90LWEtY3Vyc29y');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ messageId: 'V001' });
  });

  it('lists those waiting for an acknowledgement', async () => {
    const waiting = await allCirculars(t.mogra, '&unacknowledged=1');
    expect(waiting.all.map((item) => item.id)).toEqual([
      'circ-mg-parent-evening',
      'circ-mg-museum-trip',
      'circ-mg-exam-timetable',
      'circ-mg-fees-term2',
    ]);
    const layla = await allCirculars(t.mogra, '&unacknowledged=1&enrollNumber=MG1002');
    expect(layla.all.map((item) => item.id)).toEqual(['circ-mg-exam-timetable', 'circ-mg-fees-term2']);
  });

  it('acknowledges for the children named, keeping the first time; the other parent sees who', async () => {
    const first = await answerOf<{ item: TCircular }>(ack(t.mogra, 'circ-mg-museum-trip', ['MG1001']));
    const at = first.item.children[0]?.acknowledgedAt;
    expect(at).not.toBeNull();
    expect(first.item.children[0]?.acknowledgedBy).toBe('you');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await answerOf<{ item: TCircular }>(ack(khalid, 'circ-mg-museum-trip', ['MG1001']));
    expect(again.item.children).toEqual([
      {
        enrollNumber: 'MG1001',
        childName: 'Omar Khalid Al Mansouri',
        acknowledgedAt: at,
        acknowledgedBy: 'otherParent',
      },
    ]);
    const rows = await t.database.db
      .select()
      .from(acknowledgements)
      .where(
        and(
          eq(acknowledgements.subjectKind, 'circular'),
          eq(acknowledgements.subjectId, 'circ-mg-museum-trip'),
        ),
      );
    expect(rows).toEqual([expect.objectContaining({ enrollNumber: 'MG1001', parentId: 'MG-P001' })]);
    const list = await allCirculars(t.mogra, '&unacknowledged=1');
    expect(list.all.map((item) => item.id)).not.toContain('circ-mg-museum-trip');
    expect(list.toAcknowledge).toBe(3);
    // Khalid sees only Omar among the exams' children, acknowledged by Sara.
    const exams = (await allCirculars(khalid)).all.find((item) => item.id === 'circ-mg-exam-timetable');
    expect(exams?.children).toEqual([
      expect.objectContaining({ enrollNumber: 'MG1001', acknowledgedBy: 'otherParent' }),
    ]);
  });

  it('acknowledges for several children at once, late ones too', async () => {
    const fees = await answerOf<{ item: TCircular }>(
      ack(t.mogra, 'circ-mg-fees-term2', ['MG1001', 'MG1002', 'MG1003']),
    );
    expect(fees.item.children.every((child) => child.acknowledgedBy === 'you')).toBe(true);
    expect(fees.item.overdue).toBe(false);
  });

  it('refuses what cannot be acknowledged', async () => {
    const expectRefusal = async (answer: ReturnType<typeof ack>, status: number, messageId: string) => {
      const response = await answer;
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({ messageId });
    };
    // Layla is not in grade 9 A.
    await expectRefusal(ack(t.mogra, 'circ-mg-museum-trip', ['MG1002']), 404, 'N404');
    await expectRefusal(ack(t.mogra, 'circ-mg-museum-trip', ['MG1001', 'MG1002']), 404, 'N404');
    // Nour is another family's child.
    await expectRefusal(ack(t.mogra, 'circ-mg-winter-uniform', ['MG2001']), 403, 'A002');
    await expectRefusal(ack(t.mogra, 'circ-no-such', ['MG1001']), 404, 'N404');
    // The trip does not reach the Haddads at all.
    await expectRefusal(ack(haddad, 'circ-mg-museum-trip', ['MG2001']), 404, 'N404');
    // The sports day asks for no acknowledgement.
    await expectRefusal(ack(t.mogra, 'circ-mg-sports-day', ['MG1001']), 409, 'R001');
    const rows = await t.database.db
      .select()
      .from(acknowledgements)
      .where(and(eq(acknowledgements.subjectKind, 'circular'), eq(acknowledgements.enrollNumber, 'MG1002')));
    expect(rows.map((row) => row.subjectId).sort()).toEqual(['circ-mg-fees-term2', 'circ-mg-winter-uniform']);
  });

  it('pages with a cursor, without losing or repeating a circular', async () => {
    const first = await answerOf<TCirculars>(t.mogra.get('/circulars?pageSize=5'));
    expect(first.items).toHaveLength(5);
    expect(first.nextCursor).not.toBeNull();
    const second = await answerOf<TCirculars>(
      t.mogra.get(`/circulars?pageSize=5&cursor=${encodeURIComponent(first.nextCursor!)}`),
    );
    expect(second.items).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((item) => item.id)).size).toBe(8);
  });

  it('searches the library in English and Arabic, by year', async () => {
    const ids = async (query: string) => (await repository(t.mogra, query)).items.map((item) => item.id);
    expect(await ids('&q=WINTER')).toEqual(['circ-mg-winter-uniform']);
    expect(await ids('&q=museum%20thursday')).toEqual(['circ-mg-museum-trip']);
    // Arabic as typed, with or without hamza and tashkeel; a body word too.
    expect(await ids(`&q=${encodeURIComponent('الزي الشتوي')}`)).toEqual(['circ-mg-winter-uniform']);
    expect(await ids(`&q=${encodeURIComponent('الزِّيّ الشِّتْوِيّ')}`)).toEqual(['circ-mg-winter-uniform']);
    expect(await ids(`&q=${encodeURIComponent('اقلامهم')}`)).toEqual(['circ-mg-exam-timetable']);
    expect(await ids(`&q=${encodeURIComponent('رمضان')}`)).toEqual(['circ-mg-ramadan-hours']);
    // LIKE's wildcards are letters like any other.
    expect(await ids('&q=%25')).toEqual([]);
    expect(await ids('&q=_')).toEqual([]);
    // The Haddads' library has no trip.
    expect((await repository(haddad, '&q=museum')).items).toEqual([]);
    const all = await repository(t.mogra, '');
    expect(all.items).toHaveLength(8);
    expect(all.years).toContain(newestYear);
    expect((await repository(t.mogra, '&year=2001')).items).toEqual([]);
  });

  it("keeps a year's circulars in the library, with its year", async () => {
    const { problems } = await importFiles(
      t,
      'mogra',
      new Map([
        [
          'circulars.csv',
          circularsCsv([
            {
              sourcedId: 'circ-mg-old-graduation',
              title_en: 'Graduation ceremony',
              title_ar: 'حفل التخرج',
              body_en: 'The ceremony takes place in the main hall.',
              publishedAt: '2024-05-20T08:00:00+04:00',
            },
          ]),
        ],
      ]),
    );
    expect(problems).toEqual([]);
    const old = await repository(t.mogra, '&year=2024');
    expect(old.items.map((item) => item.id)).toEqual(['circ-mg-old-graduation']);
    expect(old.years).toEqual(expect.arrayContaining([2024, newestYear]));
    expect(old.years).toEqual([...old.years].sort((a, b) => b - a));
    expect((await repository(t.mogra, `&year=2024&q=${encodeURIComponent('التخرج')}`)).items).toHaveLength(1);
  });

  it("downloads a circular's file for a family it reaches, and no other", async () => {
    const trip = (await allCirculars(t.mogra)).all.find((item) => item.id === 'circ-mg-museum-trip');
    const file = trip?.files[0];
    expect(file?.fileName).toBe('science-museum-trip-consent.pdf');
    const pdf = await t.mogra.get(file!.path);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('science-museum-trip-consent.pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.rawPayload.byteLength).toBe(file!.sizeBytes);
    // The Haddads' children are not in grade 9 A.
    const theirs = await haddad.get(file!.path);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ messageId: 'N404' });
    // A file id the circular does not carry.
    const other = await t.mogra.get(`/circulars/circ-mg-winter-uniform/files/${file!.id}`);
    expect(other.statusCode).toBe(404);
  });

  it("answers another school's parent with that school's circulars only", async () => {
    const bcd = parentApi(t, 'bcd', await signIn(t.app, 'bcd', 'parent@bcd.demo'));
    const list = await allCirculars(bcd);
    expect(list.all.map((item) => item.id)).toEqual([
      'circ-bd-mock-exams',
      'circ-bd-library',
      'circ-bd-national-day',
    ]);
    expect(list.all[0]?.children.map((child) => child.enrollNumber)).toEqual(['BD4101']);
    expect(list.all[1]?.children).toEqual([
      expect.objectContaining({ enrollNumber: 'BD4102', acknowledgedBy: 'you' }),
    ]);
    // mogra's circulars do not exist there.
    const trip = await answerOf<{ messageId: string }>(
      bcd.post('/circulars/circ-mg-winter-uniform/acknowledge', { enrollNumbers: ['BD4101'] }),
      404,
    );
    expect(trip.messageId).toBe('N404');
    expect((await bcd.get('/circulars?enrollNumber=MG1001')).statusCode).toBe(403);
    // bcad grants neither circulars nor their library: its circular stays behind the gate.
    const bcad = parentApi(t, 'bcad', await signIn(t.app, 'bcad', 'parent@bcad.demo'));
    for (const path of ['/circulars', '/circular-repository', '/circulars/circ-photo-day/files/x']) {
      const refused = await bcad.get(path);
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json()).toMatchObject({ messageId: 'A001' });
    }
  });
});
