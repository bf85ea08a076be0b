import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAssessments } from '@portal/contracts/families/results';
import {
  assessments,
  auditLog,
  notifications,
  parentStudents,
  parents,
  reportCards,
} from '../../../src/db/schema/index.ts';
import { demoSyncKey } from '../../../src/db/seed/seed.ts';
import { sendReleaseNotices } from '../../../src/modules/results/release-notices.ts';
import { buildTestApp, signIn, type TTestApp } from '../../helper.ts';
import { addKey } from '../school-data/bundles.ts';
import { importMarks } from './results-data.ts';

// The publication gate (docs/modules.md F2): a result the school has not released does not exist
// for parents (a row with released:false and no score on every page, and no notice); the staff
// API's POST /publish releases it now or at a later time, and each parent of the child is told
// once the time has come.
describe('releasing results', () => {
  let t: TTestApp;
  let get: (path: string) => Promise<string>;
  const PAGES = ['assignments', 'assessments', 'marksheet', 'co-scholastic'];
  const MARKS = [
    { id: 'pub-quiz', classId: 'cls-09-A-math', category: 'cat-quizzes', score: 13.37, comment: 'SECRET-1' },
    { id: 'pub-hw', classId: 'cls-09-A-eng', category: 'cat-homework', score: 11.11, comment: 'SECRET-2' },
    {
      id: 'pub-act',
      classId: 'hr-09-A',
      category: 'cat-activities',
      scale: 'scale-levels',
      max: null,
      textScore: 'B',
      comment: 'SECRET-3',
    },
    { id: 'pub-later', classId: 'cls-09-A-sci', category: 'cat-tests', score: 14.44, comment: 'SECRET-4' },
  ];
  const publish = (payload: object, key: string | null = demoSyncKey('mogra')) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/publish',
      headers: { 'client-id': 'mogra', ...(key ? { authorization: `Bearer ${key}` } : {}) },
      payload,
    });
  const noticesOf = (id: string) =>
    t.database.db
      .select()
      .from(notifications)
      .where(like(notifications.dedupeKey, `academics.resultsReleased:${id}:%`));

  beforeAll(async () => {
    t = await buildTestApp();
    // Omar has a second parent, who is told as well.
    await t.database.db.insert(parents).values({
      schoolId: 'mogra',
      parentId: 'MG-P009',
      username: 'khalid@mogra.demo',
      nameEn: 'Khalid Al Mansouri',
      nameAr: 'خالد المنصوري',
      email: 'khalid@mogra.demo',
    });
    await t.database.db
      .insert(parentStudents)
      .values({ schoolId: 'mogra', parentId: 'MG-P009', enrollNumber: 'MG1001' });
    const report = await importMarks(t.app, MARKS);
    expect(report.errors).toEqual([]);
    const token = await signIn(t.app, 'mogra', 'parent@mogra.demo');
    get = async (path) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/ppn${path}`,
          headers: { 'client-id': 'mogra', authorization: `Bearer ${token}` },
        })
      ).body;
  });
  afterAll(() => t.close());

  it('keeps an imported result out of every page, and out of the inbox, until it is released', async () => {
    for (const page of PAGES) {
      const body = await get(`/${page}?enrollNumber=MG1001`);
      for (const secret of ['13.37', '11.11', '14.44', 'SECRET']) expect(body, page).not.toContain(secret);
    }
    const list = JSON.parse(await get('/assessments?enrollNumber=MG1001')) as TAssessments;
    expect(list.items.find((item) => item.id === 'pub-quiz')).toMatchObject({
      released: false,
      result: null,
    });
    expect(await noticesOf('pub-quiz')).toEqual([]);
    // The job finds nothing to tell of results: none is released by now (the demo's are old).
    await sendReleaseNotices(t.database.db);
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(like(notifications.dedupeKey, 'academics.resultsReleased:%'));
    expect(told).toEqual([]);
  });

  it('refuses a release time that is no time (400 V001), releasing nothing', async () => {
    for (const at of ['2026-02-31T08:00:00Z', '2026-11-20T25:00:00Z', '2026-11-20 08:00', 'soon']) {
      const answer = await publish({ kind: 'reportCard', sourcedIds: ['rc-MG1003-t1'], at });
      expect(answer.statusCode, at).toBe(400);
      expect(answer.json().messageId, at).toBe('V001');
    }
    const [card] = await t.database.db
      .select({ publishedAt: reportCards.publishedAt })
      .from(reportCards)
      .where(and(eq(reportCards.schoolId, 'mogra'), eq(reportCards.reportCardId, 'rc-MG1003-t1')));
    expect(card?.publishedAt).toBeNull();
  });

  it('refuses a call without a key (401 K001), or with a key of another scope (403 K002)', async () => {
    const body = { kind: 'assessment', sourcedIds: ['pub-quiz'] };
    const none = await publish(body, null);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ messageId: 'K001' });
    const sisOnly = await publish(body, 'pk_test-sis-only-key-0123456789');
    expect(sisOnly.statusCode).toBe(401);
    await addKey(t.database, 'mogra', 'pk_test-sis-only-key-0123456789', ['sis']);
    const wrongScope = await publish(body, 'pk_test-sis-only-key-0123456789');
    expect(wrongScope.statusCode).toBe(403);
    expect(wrongScope.json()).toMatchObject({ messageId: 'K002' });
    const badKind = await publish({ kind: 'grade', sourcedIds: ['pub-quiz'] });
    expect(badKind.json()).toMatchObject({ messageId: 'V001' });
    const stranger = await publish({ ...body, staffId: 'stf-404' });
    expect(stranger.statusCode).toBe(422);
    expect(await noticesOf('pub-quiz')).toEqual([]);
  });

  it('releases now: the results show with their grade, each parent is told once, and unknown ids come back', async () => {
    const answer = await publish({
      kind: 'assessment',
      sourcedIds: ['pub-quiz', 'pub-hw', 'pub-act', 'pub-quiz', 'li-nope', 'li-07-Blue-math-test1'],
      staffId: 'stf-03',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      success: true,
      published: ['pub-quiz', 'pub-hw', 'pub-act'],
      unknown: ['li-nope', 'li-07-Blue-math-test1'],
    });
    const list = JSON.parse(await get('/assessments?enrollNumber=MG1001')) as TAssessments;
    expect(list.items.find((item) => item.id === 'pub-quiz')).toMatchObject({
      released: true,
      result: { score: 13.37, max: 20, grade: 'C', descriptor: 'Good', comment: 'SECRET-1' },
    });
    expect(await get('/assignments?enrollNumber=MG1001')).toContain('11.11');
    expect(await get('/co-scholastic?enrollNumber=MG1001')).toContain('SECRET-3');
    expect(await get('/marksheet?enrollNumber=MG1001')).not.toContain('14.44');
    const paths = {
      'pub-quiz': '/assessment-mark',
      'pub-hw': '/assignment',
      'pub-act': '/coScholastic-marks',
    };
    for (const [id, path] of Object.entries(paths)) {
      const notices = await noticesOf(id);
      expect(notices.map((notice) => notice.parentId).sort(), id).toEqual(['MG-P001', 'MG-P009']);
      expect(notices[0]).toMatchObject({
        kind: 'academics.resultsReleased',
        category: 'academics',
        enrollNumber: 'MG1001',
        path: `${path}?enrollNumber=MG1001`,
        titleEn: `Omar's result is out: Test ${id}`,
        titleAr: `صدرت نتيجة Omar: اختبار ${id}`,
      });
    }
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, 'mogra'), eq(auditLog.action, 'results.publish')))
      .orderBy(desc(auditLog.at));
    expect(audit).toMatchObject({ staffId: 'stf-03', detail: { unknown: 2 } });
    // Released again: no one is told twice.
    await publish({ kind: 'assessment', sourcedIds: ['pub-quiz'] });
    expect(await noticesOf('pub-quiz')).toHaveLength(2);
  });

  it('schedules a release: hidden and untold until its time, told by the job when it comes', async () => {
    const at = new Date(Date.now() + 3_600_000);
    const answer = await publish({ kind: 'assessment', sourcedIds: ['pub-later'], at: at.toISOString() });
    expect(answer.json()).toMatchObject({ published: ['pub-later'], unknown: [], at: at.toISOString() });
    expect(await get('/assessments?enrollNumber=MG1001')).not.toContain('14.44');
    expect((await sendReleaseNotices(t.database.db)).notices).toBe(0);
    expect(await noticesOf('pub-later')).toEqual([]);
    const run = await sendReleaseNotices(t.database.db, new Date(at.getTime() + 60_000));
    expect(run.notices).toBe(2);
    expect(await noticesOf('pub-later')).toHaveLength(2);
    await t.database.db
      .update(assessments)
      .set({ resultsPublishedAt: new Date(Date.now() - 1000) })
      .where(and(eq(assessments.schoolId, 'mogra'), eq(assessments.assessmentId, 'pub-later')));
    expect(await get('/marksheet?enrollNumber=MG1001')).toContain('14.44');
  });

  it("publishes a report card and tells its child's parents", async () => {
    await t.database.db.insert(reportCards).values({
      schoolId: 'mogra',
      reportCardId: 'rc-pub-1',
      enrollNumber: 'MG1002',
      termId: 'term-2026-1',
      titleEn: 'Term 1 report',
      titleAr: 'تقرير الفصل الأول',
    });
    const answer = await publish({ kind: 'reportCard', sourcedIds: ['rc-pub-1', 'pub-quiz'] });
    expect(answer.json()).toMatchObject({ published: ['rc-pub-1'], unknown: ['pub-quiz'] });
    const [card] = await t.database.db
      .select()
      .from(reportCards)
      .where(eq(reportCards.reportCardId, 'rc-pub-1'));
    expect(card?.publishedAt).not.toBeNull();
    expect(card?.publishNotifiedAt).not.toBeNull();
    const notices = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, 'academics.reportCardPublished:rc-pub-1'));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      parentId: 'MG-P001',
      enrollNumber: 'MG1002',
      path: '/report?enrollNumber=MG1002',
      titleAr: 'بطاقة تقرير Layla جاهزة: تقرير الفصل الأول',
    });
  });
});
