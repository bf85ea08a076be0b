import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TReportCards } from '@portal/contracts/families/results';
import type { TBundleReport } from '@portal/contracts/school-data';
import { zipBundle } from '../../../src/modules/school-data/bundle-zip.ts';
import { csvText, manifestText } from '../../../src/modules/school-data/csv-text.ts';
import { buildTestApp, signIn, type TTestApp } from '../../helper.ts';
import { postBundle } from '../school-data/bundles.ts';
import { schoolPdf } from './report-cards-data.ts';

// report_cards.csv (docs/school-data.md): the school's own PDFs come in the bundle beside the
// file (or in a folder of it), are checked by their bytes, and are sent to parents as they
// are: the one language supplied serves both.
const PUBLISHED = new Date(Date.now() - 60_000).toISOString();

describe('importing report cards', () => {
  let t: TTestApp;
  let mother: string;
  let supplied: Buffer;
  beforeAll(async () => {
    t = await buildTestApp();
    mother = await signIn(t.app, 'mogra', 'parent@mogra.demo');
    supplied = await schoolPdf('Report card supplied by the school');
  });
  afterAll(() => t.close());

  const COLUMNS = [
    'sourcedId',
    'status',
    'enrollNumber',
    'termSourcedId',
    'title_en',
    'title_ar',
    'pdf_en',
    'pdf_ar',
    'publishedAt',
  ];
  const card = (values: Record<string, string>) => ({
    sourcedId: 'rc-MG1001-s1',
    enrollNumber: 'MG1001',
    termSourcedId: 'term-2026-1',
    title_en: 'Mid-term report',
    title_ar: 'تقرير منتصف الفصل',
    publishedAt: PUBLISHED,
    ...values,
  });
  const bundleOf = (rows: Record<string, string>[], files: Record<string, Uint8Array | string> = {}) =>
    zipBundle(
      new Map<string, Uint8Array | string>([
        ['manifest.csv', manifestText('1.2', { report_cards: 'delta' })],
        ['report_cards.csv', csvText(COLUMNS, rows)],
        ...Object.entries(files),
      ]),
    );
  const get = (url: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/ppn${url}`,
      headers: { 'client-id': 'mogra', authorization: `Bearer ${mother}` },
    });

  it("sends the school's PDF as it is, in both languages", async () => {
    const answer = await postBundle(
      t.app,
      'mogra',
      bundleOf([card({ pdf_en: 'cards/omar-en.pdf' })], {
        'cards/omar-en.pdf': supplied,
        'cards/unused.pdf': supplied,
      }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect((answer.json() as TBundleReport).counts['report_cards.csv']).toMatchObject({ added: 1 });
    for (const lng of ['en', 'ar']) {
      const pdf = await get(`/report-cards/rc-MG1001-s1/pdf?lng=${lng}`);
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(Buffer.compare(pdf.rawPayload, supplied), lng).toBe(0);
    }
    const list = (await get('/report-cards?enrollNumber=MG1001')).json() as TReportCards;
    expect(list.items.map((item) => item.id)).toEqual(['rc-MG1001-s1', 'rc-MG1001-t1']);
    expect(list.items[0]).toMatchObject({ languages: ['en'], title: 'Mid-term report' });
    // Sent again, it changes nothing.
    const again = await postBundle(
      t.app,
      'mogra',
      bundleOf([card({ pdf_en: 'cards/omar-en.pdf' })], { 'cards/omar-en.pdf': supplied }),
    );
    expect((again.json() as TBundleReport).counts['report_cards.csv']).toMatchObject({
      added: 0,
      changed: 0,
      unchanged: 1,
    });
  });

  it('refuses PDFs that are missing, are not PDFs, or run scripts, naming file, row and column', async () => {
    const scripted = await schoolPdf('Click me', '\n% /JavaScript (app.alert(1))\n');
    const answer = await postBundle(
      t.app,
      'mogra',
      bundleOf(
        [
          card({ sourcedId: 'rc-a', pdf_en: 'missing.pdf' }),
          card({ sourcedId: 'rc-b', pdf_ar: 'fake.pdf' }),
          card({ sourcedId: 'rc-c', pdf_en: 'scripted.pdf' }),
          card({ sourcedId: 'rc-d', pdf_en: 'card.txt' }),
          card({ sourcedId: 'rc-e', enrollNumber: 'NOPE1' }),
          card({ sourcedId: 'rc-f', termSourcedId: 'term-none' }),
        ],
        { 'fake.pdf': 'this is not a PDF', 'scripted.pdf': scripted },
      ),
      { dryRun: true },
    );
    expect(answer.statusCode, answer.body).toBe(422);
    const errors = (answer.json() as TBundleReport).errors.map(({ file, row, column }) => ({
      file,
      row,
      column,
    }));
    expect(errors).toEqual([
      { file: 'report_cards.csv', row: 2, column: 'pdf_en' },
      { file: 'report_cards.csv', row: 3, column: 'pdf_ar' },
      { file: 'report_cards.csv', row: 4, column: 'pdf_en' },
      { file: 'report_cards.csv', row: 5, column: 'pdf_en' },
    ]);
    // Rows that read well are checked against the school when applied.
    const references = await postBundle(
      t.app,
      'mogra',
      bundleOf([
        card({ sourcedId: 'rc-e', enrollNumber: 'NOPE1' }),
        card({ sourcedId: 'rc-f', termSourcedId: 'term-none' }),
      ]),
      { dryRun: true },
    );
    expect(references.statusCode).toBe(422);
    expect((references.json() as TBundleReport).errors.map((error) => [error.row, error.column])).toEqual([
      [2, 'enrollNumber'],
      [3, 'termSourcedId'],
    ]);
  });

  it('withdraws a card a delta row removes', async () => {
    const answer = await postBundle(
      t.app,
      'mogra',
      bundleOf([{ sourcedId: 'rc-MG1002-t1', status: 'tobedeleted' }]),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(((await get('/report-cards?enrollNumber=MG1002')).json() as TReportCards).items).toEqual([]);
    expect((await get('/report-cards/rc-MG1002-t1/pdf')).statusCode).toBe(404);
  });
});
