import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TNotifications } from '@portal/contracts/kits/inbox';
import {
  acknowledgements,
  circularRecipients,
  circulars,
  publicationFiles,
} from '../../../src/db/schema/index.ts';
import {
  addGrade10Family,
  allCirculars,
  answerOf,
  buildCircularsApp,
  circularsCsv,
  importFiles,
  noticesOf,
  tinyPdf,
  type TCircularsApp,
  type TParentApi,
} from './circulars-data.ts';

// circulars.csv (docs/school-data.md): a circular's audience is resolved to the school's
// current children when it is imported (docs/decisions/021-publications-and-inbox.md); a
// re-import adds children and never drops one; each parent of a child addressed is told once,
// naming their children; its PDFs are checked and stored once per school.
describe('circulars.csv', () => {
  let t: TCircularsApp;
  let huda: TParentApi;
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
  const importRows = (
    rows: Record<string, string | undefined>[],
    extra: [string, Uint8Array][] = [],
    mode?: 'bulk',
  ) =>
    importFiles(
      t,
      'mogra',
      new Map<string, string | Uint8Array>([['circulars.csv', circularsCsv(rows)], ...extra]),
      mode,
    );
  const recipientsOf = async (circularId: string) =>
    (
      await t.database.db
        .select({ enrollNumber: circularRecipients.enrollNumber })
        .from(circularRecipients)
        .where(and(eq(circularRecipients.schoolId, 'mogra'), eq(circularRecipients.circularId, circularId)))
    )
      .map((row) => row.enrollNumber)
      .sort();

  // Building the seeded app takes long while other suites share the machine.
  beforeAll(async () => {
    t = await buildCircularsApp();
    huda = await addGrade10Family(t);
  }, 180_000);
  afterAll(() => t.close());

  it('reaches only the parents of grade 10 children, naming the child in the list and the inbox', async () => {
    const { problems, counts } = await importRows([
      {
        sourcedId: 'circ-g10-careers',
        title_en: 'Grade 10 careers fair',
        title_ar: 'معرض المهن للصف العاشر',
        body_en: 'Universities and employers visit on Tuesday.',
        grades: '10',
        requiresAck: 'true',
        ackBy: '2099-01-01',
        publishedAt: hoursAgo(1),
      },
    ]);
    expect(problems).toEqual([]);
    expect(counts['circulars.csv']).toEqual({ added: 1, changed: 0, removed: 0, unchanged: 0 });
    expect(await recipientsOf('circ-g10-careers')).toEqual(['MG3100']);
    const hers = await allCirculars(huda);
    expect(hers.all.map((item) => item.id)).toContain('circ-g10-careers');
    expect(hers.all.find((item) => item.id === 'circ-g10-careers')?.children).toEqual([
      { enrollNumber: 'MG3100', childName: 'Salem Saeed', acknowledgedAt: null, acknowledgedBy: null },
    ]);
    expect((await allCirculars(t.mogra)).all.map((item) => item.id)).not.toContain('circ-g10-careers');
    const notices = await noticesOf(t, 'mogra', 'circ-g10-careers');
    expect(notices.map((notice) => notice.parentId)).toEqual(['MG-P010']);
    expect(notices[0]).toMatchObject({
      enrollNumber: 'MG3100',
      category: 'announcements',
      kind: 'announcements.circular',
      titleEn: 'Circular for Salem: Grade 10 careers fair',
      titleAr: 'تعميم بشأن Salem: معرض المهن للصف العاشر',
      path: '/circular?enrollNumber=MG3100',
    });
    expect(notices[0]?.bodyEn).toContain('acknowledge it by');
    const inbox = await answerOf<TNotifications>(huda.get('/notifications?category=announcements'));
    expect(inbox.items[0]).toMatchObject({
      kind: 'announcements.circular',
      enrollNumber: 'MG3100',
      childName: 'Salem Saeed',
    });
  });

  it('tells a parent once per circular, naming every child of theirs it reaches', async () => {
    const row = {
      sourcedId: 'circ-all-open-day',
      title_en: 'Open day',
      title_ar: 'اليوم المفتوح',
      publishedAt: hoursAgo(2),
    };
    const { problems } = await importRows([row]);
    expect(problems).toEqual([]);
    expect(await recipientsOf('circ-all-open-day')).toEqual([
      'MG1001',
      'MG1002',
      'MG1003',
      'MG2001',
      'MG3100',
    ]);
    const notices = await noticesOf(t, 'mogra', 'circ-all-open-day');
    const of = (parentId: string) => notices.filter((notice) => notice.parentId === parentId);
    expect(of('MG-P001')).toHaveLength(1);
    expect(of('MG-P001')[0]).toMatchObject({
      enrollNumber: null,
      titleEn: 'Circular for Omar, Layla and Yousef: Open day',
      titleAr: 'تعميم بشأن Omar وLayla وYousef: اليوم المفتوح',
      path: '/circular',
    });
    expect(of('MG-P002')).toEqual([
      expect.objectContaining({ enrollNumber: 'MG2001', titleEn: 'Circular for Nour: Open day' }),
    ]);
    expect(of('MG-P010')).toHaveLength(1);
    // Imported again: nothing changes and nobody is told twice.
    const again = await importRows([row]);
    expect(again.counts['circulars.csv']).toEqual({ added: 0, changed: 0, removed: 0, unchanged: 1 });
    expect(await noticesOf(t, 'mogra', 'circ-all-open-day')).toHaveLength(notices.length);
  });

  it('adds the children of a wider audience and keeps those addressed before, with their acknowledgements', async () => {
    const row = {
      sourcedId: 'circ-reading',
      title_en: 'Reading challenge',
      requiresAck: 'true',
      publishedAt: hoursAgo(3),
    };
    await importRows([{ ...row, grades: '6' }]);
    expect(await recipientsOf('circ-reading')).toEqual(['MG1002']);
    expect(await noticesOf(t, 'mogra', 'circ-reading')).toHaveLength(1);
    await answerOf(t.mogra.post('/circulars/circ-reading/acknowledge', { enrollNumbers: ['MG1002'] }));
    // Sections as a school writes them: grade 9 without its leading zero, any case.
    const wider = await importRows([{ ...row, grades: '6', sections: '9-a; 4-A' }]);
    expect(wider.counts['circulars.csv']).toEqual({ added: 0, changed: 1, removed: 0, unchanged: 0 });
    expect(await recipientsOf('circ-reading')).toEqual(['MG1001', 'MG1002', 'MG2001']);
    // Sara knew of it already; the Haddads are told now, of Nour.
    const notices = await noticesOf(t, 'mogra', 'circ-reading');
    expect(notices.map((notice) => notice.parentId).sort()).toEqual(['MG-P001', 'MG-P002']);
    expect(notices.find((notice) => notice.parentId === 'MG-P002')?.titleEn).toBe(
      'Circular for Nour: Reading challenge',
    );
    // Narrowed: nobody addressed is dropped, and Layla's acknowledgement stays.
    await importRows([{ ...row, enrollNumbers: 'MG1003' }]);
    expect(await recipientsOf('circ-reading')).toEqual(['MG1001', 'MG1002', 'MG1003', 'MG2001']);
    const reading = (await allCirculars(t.mogra)).all.find((item) => item.id === 'circ-reading');
    expect(reading?.children.map((child) => [child.enrollNumber, child.acknowledgedBy])).toEqual([
      ['MG1001', null],
      ['MG1002', 'you'],
      ['MG1003', null],
    ]);
  });

  it('tells nobody of a circular published long ago, nor of a draft or a later one until its time', async () => {
    const { problems } = await importRows([
      { sourcedId: 'circ-old', title_en: 'Old letter', publishedAt: hoursAgo(24 * 30) },
      { sourcedId: 'circ-draft', title_en: 'Draft letter', publishedAt: '' },
      {
        sourcedId: 'circ-later',
        title_en: 'Later letter',
        publishedAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
    ]);
    expect(problems).toEqual([]);
    expect(await noticesOf(t, 'mogra', 'circ-old')).toEqual([]);
    expect(await noticesOf(t, 'mogra', 'circ-draft')).toEqual([]);
    expect(await noticesOf(t, 'mogra', 'circ-later')).toEqual([]);
    const [old] = await t.database.db
      .select({ notifiedAt: circulars.notifiedAt })
      .from(circulars)
      .where(and(eq(circulars.schoolId, 'mogra'), eq(circulars.circularId, 'circ-old')));
    expect(old?.notifiedAt).not.toBeNull();
    const ids = (await allCirculars(t.mogra)).all.map((item) => item.id);
    expect(ids).toContain('circ-old');
    expect(ids).not.toContain('circ-draft');
    expect(ids).not.toContain('circ-later');
    expect(
      (await t.mogra.post('/circulars/circ-later/acknowledge', { enrollNumbers: ['MG1001'] })).statusCode,
    ).toBe(404);
  });

  it('refuses rows naming what the school or the bundle lacks', async () => {
    const scripted = new TextEncoder().encode(
      `${new TextDecoder().decode(tinyPdf('x'))}\n<< /S /JavaScript /JS (app.alert(1)) >>`,
    );
    const { problems } = await importRows(
      [
        { sourcedId: 'bad-child', title_en: 'A', enrollNumbers: 'MG1001;ZZ9999', publishedAt: hoursAgo(1) },
        { sourcedId: 'bad-missing', title_en: 'B', files: 'missing.pdf', publishedAt: hoursAgo(1) },
        { sourcedId: 'bad-type', title_en: 'C', files: 'fake.pdf', publishedAt: hoursAgo(1) },
        { sourcedId: 'bad-script', title_en: 'D', files: 'script.pdf', publishedAt: hoursAgo(1) },
        {
          sourcedId: 'bad-many',
          title_en: 'E',
          files: 'a.pdf;b.pdf;c.pdf;d.pdf;e.pdf;f.pdf',
          publishedAt: hoursAgo(1),
        },
        { sourcedId: 'bad-ack', title_en: 'F', ackBy: '2099-01-01', publishedAt: hoursAgo(1) },
        { sourcedId: 'bad-title', title_en: '', publishedAt: hoursAgo(1) },
      ],
      [
        ['fake.pdf', new TextEncoder().encode('not a pdf')],
        ['script.pdf', scripted],
      ],
    );
    const where = problems.map((problem) => `${problem.row}:${problem.column}`);
    expect(where).toEqual(
      expect.arrayContaining(['3:files', '4:files', '5:files', '6:files', '7:ackBy', '8:title_en']),
    );
    expect(problems.find((problem) => problem.row === 5)?.message).toContain('JavaScript');
    // The child unknown to the school is found when applying, once the rows read well.
    const second = await importRows([
      { sourcedId: 'bad-child', title_en: 'A', enrollNumbers: 'MG1001;ZZ9999', publishedAt: hoursAgo(1) },
    ]);
    expect(second.problems).toEqual([
      expect.objectContaining({
        row: 2,
        column: 'enrollNumbers',
        message: expect.stringContaining('ZZ9999'),
      }),
    ]);
    const written = await t.database.db
      .select({ id: circulars.circularId })
      .from(circulars)
      .where(eq(circulars.circularId, 'bad-child'));
    expect(written).toEqual([]);
  });

  it('stores a PDF once per school however many circulars carry it, and serves it', async () => {
    const pdf = tinyPdf('Permission slip');
    const { problems } = await importRows(
      [
        {
          sourcedId: 'circ-pdf-1',
          title_en: 'Swimming',
          grades: '9',
          files: 'forms/slip.pdf',
          publishedAt: hoursAgo(1),
        },
        {
          sourcedId: 'circ-pdf-2',
          title_en: 'Swimming again',
          grades: '9',
          files: 'forms/slip.pdf',
          publishedAt: hoursAgo(1),
        },
      ],
      [['forms/slip.pdf', pdf]],
    );
    expect(problems).toEqual([]);
    const stored = await t.database.db
      .select()
      .from(publicationFiles)
      .where(eq(publicationFiles.schoolId, 'mogra'));
    expect(stored.filter((file) => file.sizeBytes === pdf.byteLength)).toHaveLength(1);
    const item = (await allCirculars(t.mogra)).all.find((one) => one.id === 'circ-pdf-2');
    expect(item?.files).toEqual([
      expect.objectContaining({ fileName: 'slip.pdf', sizeBytes: pdf.byteLength }),
    ]);
    const answer = await t.mogra.get(item!.files[0]!.path);
    expect(answer.statusCode).toBe(200);
    expect(Buffer.compare(answer.rawPayload, Buffer.from(pdf))).toBe(0);
    expect((await huda.get(item!.files[0]!.path)).statusCode).toBe(404);
  });

  it('removes what a bulk file no longer lists, and what a row marks to be deleted', async () => {
    const [kept] = await t.database.db
      .insert(circulars)
      .values({
        schoolId: 'mogra',
        circularId: 'staff-written',
        titleEn: 'Written by the staff API',
        audience: { grades: [], sections: [], enrollNumbers: [] },
        source: 'staff',
        publishedAt: new Date(Date.now() - 60_000),
      })
      .returning({ id: circulars.circularId });
    expect(kept?.id).toBe('staff-written');
    const { problems, counts } = await importRows(
      [{ sourcedId: 'circ-mg-sports-day', title_en: 'Sports day', publishedAt: hoursAgo(24 * 12) }],
      [],
      'bulk',
    );
    expect(problems).toEqual([]);
    expect(counts['circulars.csv']?.removed).toBeGreaterThan(5);
    const rows = await t.database.db
      .select({ id: circulars.circularId, removedAt: circulars.removedAt })
      .from(circulars)
      .where(eq(circulars.schoolId, 'mogra'));
    const live = rows
      .filter((row) => row.removedAt === null)
      .map((row) => row.id)
      .sort();
    expect(live).toEqual(['circ-mg-sports-day', 'staff-written']);
    expect((await allCirculars(t.mogra)).all.map((item) => item.id)).toEqual(['circ-mg-sports-day']);
    // The acknowledgements of a removed circular are kept (it may come back).
    const acks = await t.database.db
      .select()
      .from(acknowledgements)
      .where(
        and(eq(acknowledgements.schoolId, 'mogra'), eq(acknowledgements.subjectId, 'circ-mg-winter-uniform')),
      );
    expect(acks).toHaveLength(3);
    const deleted = await importFiles(
      t,
      'mogra',
      new Map([
        ['circulars.csv', circularsCsv([{ sourcedId: 'circ-mg-sports-day', status: 'tobedeleted' }])],
      ]),
    );
    expect(deleted.counts['circulars.csv']).toEqual({ added: 0, changed: 0, removed: 1, unchanged: 0 });
    expect((await allCirculars(t.mogra)).all).toEqual([]);
  });
});
