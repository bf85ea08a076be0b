import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/contracts/kits/dates';
import type { TAssessments } from '@portal/contracts/families/results';
import { assessments, notifications } from '../../../src/db/schema/index.ts';
import { sendReleaseNotices } from '../../../src/modules/results/release-notices.ts';
import { buildTestApp, signIn, type TTestApp } from '../../helper.ts';
import { csvOf, deltaBundle, importReport } from '../school-data/bundles.ts';
import { importMarks, marksBundle, today } from './results-data.ts';

// OneRoster marks through the sync API (docs/school-data.md): a score scale's bands and
// descriptors become the legend; the portal's assessment_releases.csv releases line items
// (now, later, or withdrawn), a line item it does not know is a problem of the row, and
// sending lineItems.csv again never undoes a release. An old release is told to no one.
describe('marks and releases through the import', () => {
  let t: TTestApp;
  let list: () => Promise<TAssessments>;
  const itemOf = async (id: string) => (await list()).items.find((item) => item.id === id);
  const releasedAtOf = async (id: string) =>
    (
      await t.database.db
        .select({ at: assessments.resultsPublishedAt })
        .from(assessments)
        .where(and(eq(assessments.schoolId, 'mogra'), eq(assessments.assessmentId, id)))
    )[0]?.at ?? null;
  const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

  beforeAll(async () => {
    t = await buildTestApp();
    const token = await signIn(t.app, 'mogra', 'parent@mogra.demo');
    list = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/ppn/assessments?enrollNumber=MG1001',
          headers: { 'client-id': 'mogra', authorization: `Bearer ${token}` },
        })
      ).json() as TAssessments;
  });
  afterAll(() => t.close());

  it("shows a released result with its band and descriptor from the school's own scale", async () => {
    const bundle = marksBundle(
      [
        {
          id: 'imp-essay',
          classId: 'cls-09-A-eng',
          category: 'cat-tests',
          scale: 'scale-merit',
          max: 50,
          score: 36,
        },
      ],
      [{ id: 'imp-essay', publishedAt: hoursFromNow(-2) }],
    );
    const scales = deltaBundle('1.2', {
      'scoreScales.csv': {
        columns: ['sourcedId', 'title', 'scoreScaleValue', 'metadata.descriptors', 'metadata.descriptorsAr'],
        rows: [
          {
            sourcedId: 'scale-merit',
            title: 'Merit scale',
            scoreScaleValue: '{85-100:Distinction},{65-84:Merit},{40-64:Pass},{0-39:Not yet}',
            'metadata.descriptors': '{Distinction:Exceptional work},{Merit:Strong work},{Pass:Sound work}',
            'metadata.descriptorsAr': '{Distinction:عمل استثنائي},{Merit:عمل قوي},{Pass:عمل سليم}',
          },
        ],
      },
    });
    for (const [file, text] of scales) if (file !== 'manifest.csv') bundle.set(file, text);
    bundle.set('manifest.csv', (bundle.get('manifest.csv') ?? '') + 'file.scoreScales,delta\r\n');
    const report = await importReport(t.app, 'mogra', bundle);
    expect(report.errors).toEqual([]);
    expect(report.counts['assessment_releases.csv']).toMatchObject({ changed: 1 });
    const item = await itemOf('imp-essay');
    expect(item).toMatchObject({ released: true, titleAr: 'اختبار imp-essay', subject: 'English' });
    expect(item?.result).toMatchObject({
      score: 36,
      max: 50,
      percent: 0.72,
      grade: 'Merit',
      descriptor: 'Strong work',
      descriptorAr: 'عمل قوي',
      scaleId: 'scale-merit',
    });
    expect((await list()).legend.map((scale) => scale.id)).toContain('scale-merit');
    // Released two hours ago: the job tells Omar's parent once.
    await sendReleaseNotices(t.database.db);
    await sendReleaseNotices(t.database.db);
    const notices = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, 'academics.resultsReleased:imp-essay:MG1001'));
    expect(notices.map((notice) => notice.parentId)).toEqual(['MG-P001']);
  });

  it('invents no letter for work without a scale', async () => {
    const bundle = marksBundle(
      [{ id: 'imp-plain', classId: 'cls-09-A-ict', category: 'cat-tests', scale: '', score: 7 }],
      [{ id: 'imp-plain', publishedAt: hoursFromNow(-1) }],
    );
    expect((await importReport(t.app, 'mogra', bundle)).errors).toEqual([]);
    expect((await itemOf('imp-plain'))?.result).toMatchObject({
      score: 7,
      grade: null,
      descriptor: '',
      scaleId: null,
    });
  });

  it('refuses a release of a line item the school does not have, or a time it cannot read', async () => {
    const releases = (rows: { sourcedId: string; publishedAt: string }[]) =>
      deltaBundle('1.2', { 'assessment_releases.csv': { columns: ['sourcedId', 'publishedAt'], rows } });
    const unreadable = await importReport(
      t.app,
      'mogra',
      releases([{ sourcedId: 'li-09-A-sci-test3', publishedAt: 'next Tuesday' }]),
      { status: 422 },
    );
    expect(unreadable.errors).toEqual([
      expect.objectContaining({
        file: 'assessment_releases.csv',
        row: 2,
        column: 'publishedAt',
        messageId: 'I001',
      }),
    ]);
    const unknown = await importReport(
      t.app,
      'mogra',
      releases([
        { sourcedId: 'imp-nope', publishedAt: hoursFromNow(-1) },
        { sourcedId: 'li-09-A-sci-test3', publishedAt: hoursFromNow(-1) },
        { sourcedId: 'li-07-Blue-math-test1', publishedAt: hoursFromNow(-1) },
      ]),
      { status: 422 },
    );
    expect(unknown.errors).toEqual([
      expect.objectContaining({ file: 'assessment_releases.csv', row: 2, column: 'sourcedId' }),
      expect.objectContaining({ file: 'assessment_releases.csv', row: 4, column: 'sourcedId' }),
    ]);
    expect(await releasedAtOf('li-09-A-sci-test3')).toBeNull();
  });

  it('keeps a release when lineItems.csv comes again, schedules a later one and withdraws one', async () => {
    const first = await releasedAtOf('imp-essay');
    expect(first).not.toBeNull();
    const again = marksBundle([
      {
        id: 'imp-essay',
        classId: 'cls-09-A-eng',
        category: 'cat-tests',
        scale: 'scale-merit',
        max: 50,
        score: 38,
      },
    ]);
    again.set('lineItems.csv', csvOf(again, 'lineItems.csv').replace('Test imp-essay', 'Essay: a journey'));
    expect((await importReport(t.app, 'mogra', again)).errors).toEqual([]);
    expect(await releasedAtOf('imp-essay')).toEqual(first);
    expect(await itemOf('imp-essay')).toMatchObject({ title: 'Essay: a journey', result: { score: 38 } });

    await importMarks(t.app, [], [{ id: 'imp-plain', publishedAt: hoursFromNow(5) }]);
    expect(await itemOf('imp-plain')).toMatchObject({ released: false, result: null, releasedAt: null });

    const withdraw = deltaBundle('1.2', {
      'assessment_releases.csv': {
        columns: ['sourcedId', 'status', 'publishedAt'],
        rows: [{ sourcedId: 'imp-essay', status: 'tobedeleted', publishedAt: '' }],
      },
    });
    const report = await importReport(t.app, 'mogra', withdraw);
    expect(report.counts['assessment_releases.csv']).toMatchObject({ removed: 1 });
    expect(await itemOf('imp-essay')).toMatchObject({ released: false, result: null });
  });

  it('tells no one of a release over two weeks old when first seen (old marks imported late)', async () => {
    const long = `${addDays(today(), -20)}T08:00:00+04:00`;
    await importMarks(
      t.app,
      [{ id: 'imp-old', classId: 'cls-09-A-soc', category: 'cat-tests', score: 15, enrollNumber: 'MG1001' }],
      [{ id: 'imp-old', publishedAt: long }],
    );
    expect(await itemOf('imp-old')).toMatchObject({ released: true, result: { score: 15 } });
    const run = await sendReleaseNotices(t.database.db);
    expect(run.assessments).toBeGreaterThanOrEqual(1);
    const notices = await t.database.db
      .select()
      .from(notifications)
      .where(like(notifications.dedupeKey, 'academics.resultsReleased:imp-old:%'));
    expect(notices).toEqual([]);
    const [row] = await t.database.db
      .select({ told: assessments.releaseNotifiedAt })
      .from(assessments)
      .where(eq(assessments.assessmentId, 'imp-old'));
    expect(row?.told).not.toBeNull();
  });
});
