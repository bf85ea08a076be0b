import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportCardDrawings, reportCards } from '../../../src/db/schema/index.ts';
import { drawPublishedReportCards } from '../../../src/modules/results/report-card-drawings.ts';
import { buildTestApp, signIn, type TTestApp } from '../../helper.ts';
import { pdfText } from '../../pdf-text.ts';
import { addLaylaAstronomy } from './report-cards-data.ts';

// Report cards drawn when published (docs/decisions/030-report-cards-drawn-ahead.md): the job
// draws each published card without a school PDF in both languages and keeps it; opening a
// card sends the kept file without drawing; a card whose data changed is drawn again when
// opened; unpublished cards are not drawn, scheduled ones are drawn ahead but stay hidden.
describe('report cards drawn ahead', () => {
  let t: TTestApp;
  let mother: string;
  beforeAll(async () => {
    t = await buildTestApp();
    await addLaylaAstronomy(t.database.db);
    mother = await signIn(t.app, 'mogra', 'parent@mogra.demo');
  });
  afterAll(() => t.close());

  const renders = () => t.app.documentRenderer.renders();
  const drawAhead = () => drawPublishedReportCards(t.app.documentRenderer, t.database.db);
  const pdf = (id: string, lng: 'en' | 'ar') =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/ppn/report-cards/${id}/pdf?lng=${lng}`,
      headers: { 'client-id': 'mogra', authorization: `Bearer ${mother}` },
    });
  const drawingsOf = (id: string) =>
    t.database.db
      .select({ lng: reportCardDrawings.lng, digest: reportCardDrawings.digest, pdf: reportCardDrawings.pdf })
      .from(reportCardDrawings)
      .where(and(eq(reportCardDrawings.schoolId, 'mogra'), eq(reportCardDrawings.reportCardId, id)))
      .orderBy(reportCardDrawings.lng);
  const card = (id: string) => and(eq(reportCards.schoolId, 'mogra'), eq(reportCards.reportCardId, id));

  it('draws nothing once the app is closing', async () => {
    const before = renders();
    expect(await drawPublishedReportCards(t.app.documentRenderer, t.database.db, () => true)).toBe(0);
    expect(renders()).toBe(before);
    expect(await drawingsOf('rc-MG1002-t1')).toEqual([]);
  });

  it('draws every published card in both languages, once', async () => {
    const before = renders();
    const drawn = await drawAhead();
    expect(drawn).toBeGreaterThan(0);
    expect(renders()).toBeGreaterThanOrEqual(before + 2 * drawn);
    const layla = await drawingsOf('rc-MG1002-t1');
    expect(layla.map((row) => row.lng)).toEqual(['ar', 'en']);
    expect(layla[0]?.digest).toBe(layla[1]?.digest);
    // Unpublished: not drawn.
    expect(await drawingsOf('rc-MG1003-t1')).toEqual([]);
    const again = renders();
    expect(await drawAhead()).toBe(0);
    expect(renders()).toBe(again);
  });

  it('sends the kept drawing when a parent opens the card, without drawing it', async () => {
    const before = renders();
    for (const lng of ['en', 'ar'] as const) {
      const answer = await pdf('rc-MG1002-t1', lng);
      expect(answer.statusCode, answer.body).toBe(200);
      const kept = (await drawingsOf('rc-MG1002-t1')).find((row) => row.lng === lng);
      expect(Buffer.compare(answer.rawPayload, kept!.pdf)).toBe(0);
    }
    expect(renders()).toBe(before);
    const { text } = await pdfText((await pdf('rc-MG1002-t1', 'en')).rawPayload);
    expect(text).toContain('Layla is curious');
  });

  it('draws a card again when its data changed since, and keeps the new drawing', async () => {
    const [old] = await drawingsOf('rc-MG1002-t1');
    await t.database.db
      .update(reportCards)
      .set({ remarkEn: 'Layla reads the sky every night.' })
      .where(card('rc-MG1002-t1'));
    const before = renders();
    const answer = await pdf('rc-MG1002-t1', 'en');
    expect(answer.statusCode).toBe(200);
    expect(renders()).toBe(before + 1);
    expect((await pdfText(answer.rawPayload)).text).toContain('Layla reads the sky every night.');
    const kept = await drawingsOf('rc-MG1002-t1');
    const english = kept.find((row) => row.lng === 'en');
    expect(english?.digest).not.toBe(old?.digest);
    expect(Buffer.compare(answer.rawPayload, english!.pdf)).toBe(0);
    // Opened again: the new drawing, not drawn a third time.
    expect((await pdf('rc-MG1002-t1', 'en')).statusCode).toBe(200);
    expect(renders()).toBe(before + 1);
  });

  it('draws a card scheduled for later ahead of its release, hidden from parents until then', async () => {
    const releaseAt = new Date(Date.now() + 1_500);
    await t.database.db.update(reportCards).set({ publishedAt: releaseAt }).where(card('rc-MG1003-t1'));
    expect(await drawAhead()).toBe(1);
    expect((await drawingsOf('rc-MG1003-t1')).map((row) => row.lng)).toEqual(['ar', 'en']);
    expect((await pdf('rc-MG1003-t1', 'en')).statusCode).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, releaseAt.getTime() - Date.now() + 50));
    const before = renders();
    expect((await pdf('rc-MG1003-t1', 'en')).statusCode).toBe(200);
    expect(renders()).toBe(before);
  });

  it("does not draw a card the school supplied a PDF for, and forgets a card's drawings with it", async () => {
    await t.database.db
      .update(reportCards)
      .set({ publishedAt: new Date(), pdfEn: Buffer.from('%PDF-1.4 school') })
      .where(card('rc-MG1001-t1'));
    await t.database.db
      .delete(reportCardDrawings)
      .where(
        and(eq(reportCardDrawings.schoolId, 'mogra'), eq(reportCardDrawings.reportCardId, 'rc-MG1001-t1')),
      );
    expect(await drawAhead()).toBe(0);
    expect(await drawingsOf('rc-MG1001-t1')).toEqual([]);
    await t.database.db.delete(reportCards).where(card('rc-MG1002-t1'));
    expect(await drawingsOf('rc-MG1002-t1')).toEqual([]);
  });
});
