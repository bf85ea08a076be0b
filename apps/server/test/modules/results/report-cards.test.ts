import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TReportCards } from '@portal/contracts/families/results';
import { assessments, reportCardOpens, reportCards } from '../../../src/db/schema/index.ts';
import { buildTestApp, signIn, type TTestApp } from '../../helper.ts';
import { pdfText } from '../../pdf-text.ts';
import { addLaylaAstronomy, TEST_SUBJECT } from './report-cards-data.ts';

// GET report-cards and report-cards/:id/pdf (docs/modules.md F2): the child's published report
// cards, newest first, "new" until opened; the PDF drawn by the portal from the term's
// released results in English and Arabic; the publication gate; other parents refused.
describe('report cards', () => {
  let t: TTestApp;
  let mother: string;
  let haddad: string;
  beforeAll(async () => {
    t = await buildTestApp();
    await addLaylaAstronomy(t.database.db);
    mother = await signIn(t.app, 'mogra', 'parent@mogra.demo');
    haddad = await signIn(t.app, 'mogra', 'family.haddad@mogra.demo');
  });
  afterAll(() => t.close());

  const get = (url: string, token = mother, schoolId = 'mogra') =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/ppn${url}`,
      headers: { 'client-id': schoolId, authorization: `Bearer ${token}` },
    });
  const listOf = async (enrollNumber: string) => {
    const answer = await get(`/report-cards?enrollNumber=${enrollNumber}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json() as TReportCards).items;
  };
  const pdfOf = async (id: string, lng: 'en' | 'ar') => {
    const answer = await get(`/report-cards/${id}/pdf?lng=${lng}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    return answer;
  };
  // PDF.js may split a shaped Arabic word where a letter does not join the next.
  const compact = (text: string) => text.replace(/\s+/g, '');

  it('lists the published cards of the child, new until opened', async () => {
    const [layla, ...others] = await listOf('MG1002');
    expect(others).toEqual([]);
    expect(layla).toMatchObject({
      id: 'rc-MG1002-t1',
      title: 'Term 1 report card',
      titleAr: 'تقرير الفصل الأول',
      term: { id: 'term-2026-1', title: 'Term 1' },
      openedAt: null,
      lastOpenedAt: null,
      languages: ['en', 'ar'],
    });
    // Omar's was opened by his mother (the demo's parent activity).
    const [omar] = await listOf('MG1001');
    expect(omar?.openedAt).not.toBeNull();
  });

  it('draws the card from the released results, in English', async () => {
    const answer = await pdfOf('rc-MG1002-t1', 'en');
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="report-card-Layla_Khalid_Al_Mansouri-Term_1.pdf"',
    );
    const { text } = await pdfText(answer.rawPayload);
    for (const expected of [
      'Mogra Demo School',
      'Term 1 report card',
      'Layla Khalid Al Mansouri',
      'MG1002',
      TEST_SUBJECT.en,
      '42/50',
      '84%',
      'Star scale',
      'Bright',
      'Layla is curious',
    ])
      expect(text).toContain(expected);
    // The unreleased quiz counts for nothing.
    expect(text).not.toContain('52/100');
  });

  it('stays what the school published: a result released after the card does not change it', async () => {
    const quiz = and(eq(assessments.schoolId, 'mogra'), eq(assessments.assessmentId, 'rc-astro-2'));
    await t.database.db.update(assessments).set({ resultsPublishedAt: new Date() }).where(quiz);
    const { text } = await pdfText((await pdfOf('rc-MG1002-t1', 'en')).rawPayload);
    expect(text).toContain('42/50');
    expect(text).not.toContain('52/100');
    await t.database.db.update(assessments).set({ resultsPublishedAt: null }).where(quiz);
  });

  it('draws the card in Arabic, shaped, with the same marks', async () => {
    const { text } = await pdfText((await pdfOf('rc-MG1002-t1', 'ar')).rawPayload);
    for (const arabic of [
      'تقرير الفصل الأول',
      TEST_SUBJECT.ar,
      'النتائج حسب المادة',
      'ليلى فضولية',
      'سلم النجوم',
    ])
      expect(compact(text), text).toContain(compact(arabic));
    expect(text).toContain('Layla Khalid Al Mansouri');
    expect(text).toContain('42/50');
    // A grade reads as written (its star stays after the letter) in the right-to-left card.
    expect(text).toContain('A*');
    expect(text).not.toContain('*A');
  });

  it("records the parent's first and last opening", async () => {
    const where = and(
      eq(reportCardOpens.reportCardId, 'rc-MG1002-t1'),
      eq(reportCardOpens.parentId, 'MG-P001'),
    );
    const [first] = await t.database.db.select().from(reportCardOpens).where(where);
    expect(first).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await pdfOf('rc-MG1002-t1', 'en');
    const [again] = await t.database.db.select().from(reportCardOpens).where(where);
    expect(again!.firstOpenedAt).toEqual(first!.firstOpenedAt);
    expect(again!.lastOpenedAt.getTime()).toBeGreaterThan(first!.lastOpenedAt.getTime());
    expect(again!.opens).toBe(first!.opens + 1);
    const [listed] = await listOf('MG1002');
    expect(listed?.openedAt).toBe(first!.firstOpenedAt.toISOString());
    expect(listed?.lastOpenedAt).toBe(again!.lastOpenedAt.toISOString());
  });

  it('keeps an unpublished card away until the school publishes it', async () => {
    expect(await listOf('MG1003')).toEqual([]);
    const hidden = await get('/report-cards/rc-MG1003-t1/pdf');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().messageId).toBe('N404');
    const db = t.database.db;
    const card = and(eq(reportCards.schoolId, 'mogra'), eq(reportCards.reportCardId, 'rc-MG1003-t1'));
    // A publication to come is not one yet.
    await db
      .update(reportCards)
      .set({ publishedAt: new Date(Date.now() + 3_600_000) })
      .where(card);
    expect(await listOf('MG1003')).toEqual([]);
    await db.update(reportCards).set({ publishedAt: new Date() }).where(card);
    expect((await listOf('MG1003')).map((item) => item.id)).toEqual(['rc-MG1003-t1']);
    const { text } = await pdfText((await pdfOf('rc-MG1003-t1', 'en')).rawPayload);
    expect(text).toContain('Yousef Khalid Al Mansouri');
    // Withdrawn: gone again.
    await db.update(reportCards).set({ removedAt: new Date() }).where(card);
    expect(await listOf('MG1003')).toEqual([]);
    expect((await get('/report-cards/rc-MG1003-t1/pdf')).statusCode).toBe(404);
  });

  it("refuses another family's and another school's cards (403 A002), and answers 404 for none", async () => {
    for (const [url, token] of [
      ['/report-cards/rc-MG1002-t1/pdf', haddad],
      ['/report-cards?enrollNumber=MG1002', haddad],
      ['/report-cards/rc-MG2001-t1/pdf', mother],
      ['/report-cards/rc-BC3101-t1/pdf', mother],
    ] as const) {
      const answer = await get(url, token);
      expect(answer.statusCode, url).toBe(403);
      expect(answer.json().messageId, url).toBe('A002');
    }
    for (const id of ['rc-none', 'rc-MG1001-t9']) {
      const answer = await get(`/report-cards/${id}/pdf`);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().messageId).toBe('N404');
    }
    expect((await get('/report-cards/rc-MG1002-t1/pdf?lng=fr')).statusCode).toBe(400);
  });

  it('is closed where the school does not grant report cards (403 A001)', async () => {
    const token = await signIn(t.app, 'bcad', 'parent@bcad.demo');
    const answer = await get('/report-cards/rc-BC3101-t1/pdf', token, 'bcad');
    expect(answer.statusCode).toBe(403);
    expect(answer.json().messageId).toBe('A001');
  });
});
