import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TArchivedEmail } from '@portal/contracts/families/publications';
import { MessageId } from '@portal/contracts/messages';
import { emailArchive } from '../../../src/db/schema/index.ts';
import { notify } from '../../../src/kits/notify.ts';
import { codeOfMail, recipientOfMail } from '../../mail-reader.ts';
import { postAuth, signIn } from '../../helper.ts';
import { mailingApp } from '../../mailing-app.ts';
import { parentApi, type TParentApi } from '../schedule/schedule-data.ts';

// The mail archive (module `email`; docs/decisions/021-publications-and-inbox.md): every
// notice and digest the portal mailed the parent, newest first, searched in subject and text;
// the demo's past mails are rendered as the mail job renders them. Sign-in, registration and
// reset codes are never kept.
describe('the email archive', () => {
  const ctx = mailingApp();

  const page = async (api: TParentApi, query = '') => {
    const answer = await api.get(`/email-archive${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as { items: TArchivedEmail[]; nextCursor: string | null };
  };
  const refusal = (response: { statusCode: number; json: () => { messageId: string } }) => [
    response.statusCode,
    response.json().messageId,
  ];

  it("holds the demo's past notices and digests, newest first, as the mail job renders them", async () => {
    const { items, nextCursor } = await page(ctx.sara);
    expect(nextCursor).toBeNull();
    expect(items.map((item) => [item.kind, item.category])).toEqual([
      ['digest', null],
      ['notice', 'fees'],
      ['digest', null],
      ['notice', 'safety'],
      ['notice', 'attendance'],
      ['notice', 'requests'],
    ]);
    const sentAt = items.map((item) => Date.parse(item.sentAt));
    expect([...sentAt].sort((a, b) => b - a)).toEqual(sentAt);
    expect(items[0]).toMatchObject({
      subject: 'Your daily summary from Mogra Demo School',
      to: 'parent@mogra.demo',
      language: 'en',
    });
    expect(items[0]!.preview.length).toBeLessThanOrEqual(160);
    const digest = (await ctx.sara.get(`/email-archive/${items[0]!.id}`)).json().email;
    const omar = digest.text.indexOf('About: Omar Khalid Al Mansouri');
    const layla = digest.text.indexOf('About: Layla Khalid Al Mansouri');
    expect(omar).toBeGreaterThan(-1);
    expect(layla).toBeGreaterThan(omar);
    expect(digest.text.indexOf('New homework for Omar: Mathematics')).toBeGreaterThan(omar);
    const safety = (await ctx.sara.get(`/email-archive/${items[3]!.id}`)).json().email;
    expect(safety.text).toContain('About: Yousef Khalid Al Mansouri');
    expect(safety.text).toContain('Collected at 12:40 by Tariq Al Mansouri (uncle).');
    // The other parent of the school has none of them: only the one mail of their own.
    const ramis = (await page(ctx.rami)).items;
    expect(ramis.map((item) => item.subject)).toEqual(['A reply about Nour: Reading books']);
    expect(items.map((item) => item.id)).not.toContain(ramis[0]!.id);
  });

  it('pages with a cursor, every mail once, and refuses a cursor it did not give (400 V001)', async () => {
    const first = await page(ctx.sara, '?pageSize=5');
    expect(first.items).toHaveLength(5);
    expect(first.nextCursor).not.toBeNull();
    const second = await page(ctx.sara, `?pageSize=5&cursor=${first.nextCursor}`);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe((await page(ctx.sara)).items.length);
    expect(refusal(await ctx.sara.get('/email-archive?cursor=abc'))).toEqual([400, MessageId.invalidRequest]);
    expect(refusal(await ctx.sara.get('/email-archive?pageSize=7'))).toEqual([400, MessageId.invalidRequest]);
  });

  it('searches the subject and the text, a percent sign meaning itself', async () => {
    expect((await page(ctx.sara, '?q=SCIENCE%20results')).items.map((item) => item.kind)).toEqual(['digest']);
    expect((await page(ctx.sara, '?q=dental')).items).toEqual([]);
    expect((await page(ctx.sara, '?q=Tariq')).items.map((item) => item.category)).toEqual(['safety']);
    expect((await page(ctx.sara, '?q=%25')).items).toEqual([]);
    expect((await page(ctx.sara, '?q=_')).items).toEqual([]);
    expect(refusal(await ctx.sara.get(`/email-archive?q=${'x'.repeat(101)}`))).toEqual([
      400,
      MessageId.invalidRequest,
    ]);
  });

  it("refuses another parent's mail (403 A002) and answers 404 for no mail", async () => {
    const [mail] = (await page(ctx.sara)).items;
    expect((await ctx.sara.get(`/email-archive/${mail!.id}`)).statusCode).toBe(200);
    expect(refusal(await ctx.rami.get(`/email-archive/${mail!.id}`))).toEqual([403, MessageId.notYourChild]);
    for (const response of [
      await ctx.sara.get('/email-archive/not-a-uuid'),
      await ctx.sara.get('/email-archive/00000000-0000-4000-8000-000000000000'),
    ])
      expect(refusal(response)).toEqual([404, MessageId.notFound]);
  });

  it('keeps what the mail job sends, but never a sign-in or reset code', async () => {
    await notify(
      ctx.t.database.db,
      {
        schoolId: 'mogra',
        enrollNumber: 'MG2001',
        category: 'attendance',
        kind: 'attendance.late',
        dedupeKey: 'test:archive',
        title: { en: 'Nour arrived late', ar: 'تأخرت نور' },
        body: { en: 'Nour arrived at 08:20.', ar: 'وصلت نور الساعة 08:20.' },
        path: '/attendance_month?enrollNumber=MG2001',
      },
      ['MG-P002'],
    );
    // At 10:00 school time: no digest is due, only the notice goes.
    await ctx.t.app.notificationMail.runOnce(ctx.at('10:00'));
    await ctx.smtp.waitForMessage('family.haddad@mogra.demo');
    const [kept, demo] = (await page(ctx.rami)).items;
    expect(kept).toMatchObject({ kind: 'notice', category: 'attendance', subject: 'Nour arrived late' });
    expect(demo).toMatchObject({ kind: 'notice', category: 'messages' });
    const asked = await postAuth(ctx.t.app, 'mogra', 'forget-password', {
      username: 'family.haddad@mogra.demo',
    });
    expect(asked.statusCode).toBe(200);
    const codeMail = await ctx.smtp.waitForMessage('family.haddad@mogra.demo', 2);
    expect(recipientOfMail(codeMail)).toBe('family.haddad@mogra.demo');
    const code = codeOfMail(codeMail);
    expect((await page(ctx.rami)).items).toHaveLength(2);
    const [holding] = await ctx.t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(emailArchive)
      .where(sql`${emailArchive.text} like ${`%${code}%`}`);
    expect(holding?.count).toBe(0);
  });

  it('refuses another school’s session (401) and a school without the module (403 A001)', async () => {
    const bcadToken = await signIn(ctx.t.app, 'bcad', 'parent@bcad.demo');
    expect((await parentApi(ctx.t, 'mogra', bcadToken).get('/email-archive')).statusCode).toBe(401);
    expect(refusal(await parentApi(ctx.t, 'bcad', bcadToken).get('/email-archive'))).toEqual([
      403,
      MessageId.moduleNotGranted,
    ]);
    // bcad's parents have their demo mail, kept though the school does not offer the archive.
    const rows = await ctx.t.database.db.select().from(emailArchive).where(eq(emailArchive.schoolId, 'bcad'));
    expect(rows.map((row) => row.category)).toEqual(['messages', 'messages']);
  });
});
