import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/contracts/kits/dates';
import { careRecords, notifications } from '../../../src/db/schema/index.ts';
import { noticeDueCareRecords } from '../../../src/modules/care/care-notices.ts';
import { csvText } from '../../../src/modules/school-data/csv-text.ts';
import type { TScheduleApp } from '../schedule/schedule-data.ts';
import { applyFiles, buildCareApp, careList, careRecordsCsv, idsOf, type TParentApi } from './care-data.ts';

// The care family's files (docs/school-data.md): care_records.csv, medical_profiles.csv and
// care_comments.csv; a row with a problem refuses the bundle (I001, naming row and column), and
// the parents of a record newly shown from the last two weeks are told, once.
describe('care import', () => {
  let t: TScheduleApp;
  let mogra: TParentApi;
  beforeAll(async () => {
    ({ t, mogra } = await buildCareApp());
  });
  afterAll(() => t.close());

  const apply = (file: string, text: string, mode: 'bulk' | 'delta' = 'delta') =>
    applyFiles(t.database.db, 'mogra', new Map([[file, text]]), mode, t.today);
  const day = (back: number) => addDays(t.today, -back);
  const noticesOf = (recordId: string) =>
    t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, `care:${recordId}`));

  it('refuses rows with problems, naming the row and the column (I001)', async () => {
    const row = { enrollNumber: 'MG1001', occurredOn: day(1), title_en: 'T', publishedAt: day(1) };
    const { problems } = await apply(
      'care_records.csv',
      careRecordsCsv([
        { ...row, sourcedId: 'bad-1', kind: 'praise' },
        { ...row, sourcedId: 'bad-2', kind: 'portfolio', link: 'http://example.com/work' },
        { ...row, sourcedId: 'bad-3', kind: 'merit' },
        { ...row, sourcedId: 'bad-4', kind: 'goal', targets: 'Read more||someday|' },
        { ...row, sourcedId: 'bad-5', kind: 'wellbeing', wellbeingScore: '7' },
        { ...row, sourcedId: 'bad-6', kind: 'portfolio', link: 'javascript:alert(1)' },
      ]),
    );
    const where = problems.map((problem) => `${problem.row}:${problem.column}`);
    expect(where).toEqual(['2:kind', '3:link', '4:points', '5:targets', '6:wellbeingScore', '7:link']);
    expect(
      problems.every((problem) => problem.messageId === 'I001' && problem.file === 'care_records.csv'),
    ).toBe(true);
    // Rows that read well but name what the school does not have.
    const unknown = await apply(
      'care_records.csv',
      careRecordsCsv([
        { ...row, sourcedId: 'bad-7', kind: 'merit', points: '2', enrollNumber: 'NOBODY' },
        { ...row, sourcedId: 'bad-8', kind: 'merit', points: '2', staffSourcedId: 'stf-nobody' },
      ]),
    );
    expect(unknown.problems.map((problem) => `${problem.row}:${problem.column}`)).toEqual([
      '2:enrollNumber',
      '3:staffSourcedId',
    ]);
    const stored = await t.database.db.select().from(careRecords).where(like(careRecords.recordId, 'bad-%'));
    expect(stored).toEqual([]);
  });

  it('told the demo parents of the recent records only', async () => {
    const [incident] = await noticesOf('cr-MG1001-incident-1');
    expect(incident).toMatchObject({ kind: 'conduct.incident', category: 'conduct', parentId: 'MG-P001' });
    expect(incident?.path).toBe('/incidence?enrollNumber=MG1001');
    // Demo history: dated the day it happened and counted as mailed.
    expect(incident?.mailState).toBe('sent');
    expect(incident?.createdAt.getTime()).toBeLessThan(Date.now() - 86_400_000);
    expect(incident?.titleEn).toContain('Omar');
    expect(incident?.bodyAr).toContain('البوابة');
    expect((await noticesOf('cr-MG1002-visit-1'))[0]?.kind).toBe('health.clinicVisit');
    // Older than two weeks, not a kind that is told, or the Haddads' (all older): no notice.
    for (const id of [
      'cr-MG1001-plan-maths',
      'cr-MG1002-wellbeing-1',
      'cr-MG2001-merit-1',
      'cr-MG1001-draft-1',
    ])
      expect(await noticesOf(id), id).toEqual([]);
  });

  it('tells a newly shown record once, an old one never, a scheduled one when it is shown', async () => {
    const rows = [
      { sourcedId: 'cr-new-merit', kind: 'merit', points: '2', occurredOn: day(1), publishedAt: day(1) },
      { sourcedId: 'cr-new-plan', kind: 'improvementPlan', occurredOn: day(2), publishedAt: day(2) },
      { sourcedId: 'cr-old-visit', kind: 'medicalVisit', occurredOn: day(30), publishedAt: day(30) },
      {
        sourcedId: 'cr-later',
        kind: 'incident',
        occurredOn: day(1),
        publishedAt: `${addDays(t.today, 3)}T08:00:00Z`,
      },
    ].map((row) => ({ ...row, enrollNumber: 'MG1001', title_en: 'Something', title_ar: 'شيء' }));
    expect((await apply('care_records.csv', careRecordsCsv(rows))).problems).toEqual([]);
    expect((await noticesOf('cr-new-merit'))[0]).toMatchObject({
      kind: 'conduct.merit',
      path: '/meritDemerit?enrollNumber=MG1001',
    });
    expect((await noticesOf('cr-new-plan'))[0]).toMatchObject({
      kind: 'conduct.planReview',
      path: '/improvement?enrollNumber=MG1001',
    });
    expect(await noticesOf('cr-old-visit')).toEqual([]);
    expect(await noticesOf('cr-later')).toEqual([]);
    expect(idsOf((await careList(mogra, 'incidents', 'MG1001')).items)).not.toContain('cr-later');
    const [old] = await t.database.db
      .select()
      .from(careRecords)
      .where(eq(careRecords.recordId, 'cr-old-visit'));
    expect(old?.notifiedAt).not.toBeNull();
    // The same file again tells no one; the scheduled incident, once shown, is told.
    const count = async () =>
      (await t.database.db.select().from(notifications).where(like(notifications.dedupeKey, 'care:%')))
        .length;
    const before = await count();
    expect((await apply('care_records.csv', careRecordsCsv(rows))).counts['care_records.csv']).toMatchObject({
      added: 0,
      changed: 0,
    });
    expect(await count()).toBe(before);
    const shown = rows.map((row) => (row.sourcedId === 'cr-later' ? { ...row, publishedAt: day(1) } : row));
    expect((await apply('care_records.csv', careRecordsCsv(shown))).problems).toEqual([]);
    expect((await noticesOf('cr-later'))[0]?.kind).toBe('conduct.incident');
    expect(await count()).toBe(before + 1);
  });

  it('tells a scheduled record by the job once its time has come, without another import', async () => {
    const row = {
      sourcedId: 'cr-scheduled',
      kind: 'incident',
      occurredOn: day(1),
      publishedAt: `${addDays(t.today, 2)}T08:00:00Z`,
      enrollNumber: 'MG1001',
      title_en: 'Scheduled',
      title_ar: 'مجدول',
    };
    expect((await apply('care_records.csv', careRecordsCsv([row]))).problems).toEqual([]);
    expect(await noticeDueCareRecords(t.database.db)).toBe(0);
    expect(await noticesOf('cr-scheduled')).toEqual([]);
    // Its time comes (the school's clock moved past it).
    await t.database.db
      .update(careRecords)
      .set({ publishedAt: new Date(Date.now() - 60_000) })
      .where(eq(careRecords.recordId, 'cr-scheduled'));
    expect(await noticeDueCareRecords(t.database.db)).toBeGreaterThan(0);
    expect((await noticesOf('cr-scheduled'))[0]?.kind).toBe('conduct.incident');
    expect(await noticeDueCareRecords(t.database.db)).toBe(0);
  });

  it('removes a record a delta file deletes', async () => {
    const text = csvText(
      ['sourcedId', 'status', 'enrollNumber', 'kind', 'occurredOn', 'title_en', 'publishedAt'],
      [{ sourcedId: 'cr-MG1001-portfolio-3', status: 'tobedeleted' }],
    );
    expect((await apply('care_records.csv', text)).counts['care_records.csv']?.removed).toBe(1);
    expect(idsOf((await careList(mogra, 'portfolio', 'MG1001')).items)).not.toContain(
      'cr-MG1001-portfolio-3',
    );
  });

  it('imports medical profiles, and refuses a blood group or an item it cannot read', async () => {
    const columns = ['enrollNumber', 'bloodGroup', 'allergies', 'medications', 'dietary_en', 'reviewedOn'];
    const good = csvText(columns, [
      {
        enrollNumber: 'MG1003',
        bloodGroup: 'B-',
        allergies: 'Dust|الغبار|Mild;Penicillin|البنسلين|Severe|شديدة',
        reviewedOn: day(1),
      },
    ]);
    expect((await apply('medical_profiles.csv', good)).problems).toEqual([]);
    const medical = await careList(mogra, 'medical', 'MG1003');
    expect(medical.profile).toMatchObject({
      bloodGroup: 'B-',
      allergies: [
        { name: 'Dust', nameAr: 'الغبار', note: 'Mild', noteAr: '' },
        { name: 'Penicillin', nameAr: 'البنسلين', note: 'Severe', noteAr: 'شديدة' },
      ],
      reviewedOn: day(1),
    });
    const bad = csvText(columns, [
      { enrollNumber: 'MG1003', bloodGroup: 'Q', medications: '|دواء' },
      { enrollNumber: 'NOBODY' },
    ]);
    const where = (await apply('medical_profiles.csv', bad)).problems.map(
      (problem) => `${problem.row}:${problem.column}`,
    );
    expect(where).toEqual(expect.arrayContaining(['2:bloodGroup', '2:medications']));
  });

  it("imports the school's comments, and a bulk file keeps the parents' ones", async () => {
    const columns = ['sourcedId', 'recordSourcedId', 'staffSourcedId', 'at', 'body'];
    const at = `${day(1)}T10:00:00+04:00`;
    const one = (body: string) =>
      csvText(columns, [
        { sourcedId: 'c1', recordSourcedId: 'cr-MG1002-goal-speaking', staffSourcedId: 'stf-02', at, body },
      ]);
    expect(
      (await apply('care_comments.csv', one('Well done this week.'))).counts['care_comments.csv'],
    ).toMatchObject({ added: 1 });
    expect(
      (await apply('care_comments.csv', one('Very well done this week.'))).counts['care_comments.csv'],
    ).toMatchObject({ added: 0, changed: 1 });
    const goal = (await careList(mogra, 'goals', 'MG1002')).items.find(
      (item) => item.id === 'cr-MG1002-goal-speaking',
    )!;
    expect(goal.comments.at(-1)).toMatchObject({ author: 'school', body: 'Very well done this week.' });
    const bad = csvText(columns, [
      { recordSourcedId: 'cr-MG1001-merit-1', staffSourcedId: 'stf-02', at, body: 'On a merit' },
      {
        recordSourcedId: 'cr-MG1002-goal-speaking',
        staffSourcedId: 'stf-nobody',
        at: `${day(2)}T10:00:00Z`,
        body: 'Who?',
      },
    ]);
    const where = (await apply('care_comments.csv', bad)).problems.map(
      (problem) => `${problem.row}:${problem.column}`,
    );
    expect(where).toEqual(['2:recordSourcedId', '3:staffSourcedId']);
    // A bulk file with only this comment removes the school's others; the parent's stays.
    expect(
      (await apply('care_comments.csv', one('Very well done this week.'), 'bulk')).counts['care_comments.csv']
        ?.removed,
    ).toBe(3);
    const plan = (await careList(mogra, 'improvement-plans', 'MG1001')).items.find(
      (item) => item.id === 'cr-MG1001-plan-maths',
    )!;
    expect(plan.comments.map((comment) => comment.author)).toEqual(['parent']);
  });
});
