import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TThread } from '@portal/contracts/families/publications';
import type { TNotificationPreferences } from '@portal/contracts/kits/inbox';
import { emailArchive, notifications } from '../../../src/db/schema/index.ts';
import { subjectOfMail, textOfMail } from '../../mail-reader.ts';
import { choosePreferences, mailingApp, staffReply } from '../../mailing-app.ts';
import { headerOfMail, oneClickOf, unsubscribePagesOf } from './mail-headers.ts';

// A staff reply on its way to the parent (docs/modules.md F4; docs/notifications.md): into the
// inbox at once; by mail as the parent's `messages` mode says, instantly (held by quiet hours,
// sent when they end) or in ONE daily digest grouped by child in the parent's language; each
// mail kept in the parent's mail archive and carrying its unsubscribe link and headers.
describe('staff replies by mail', () => {
  const ctx = mailingApp();
  let threads: TThread[];
  beforeAll(async () => {
    threads = (await ctx.sara.get('/threads')).json().items;
  });

  const toSara = () => ctx.mailsTo('parent@mogra.demo');
  const threadOf = (enrollNumber: string) =>
    threads.find((thread) => thread.enrollNumber === enrollNumber && thread.status === 'open')!;
  const reply = (enrollNumber: string, body: string) => staffReply(ctx.t, threadOf(enrollNumber).id, body);
  const mailStateOf = async (enrollNumber: string, seq: number) => {
    const [row] = await ctx.t.database.db
      .select({ mailState: notifications.mailState })
      .from(notifications)
      .where(eq(notifications.dedupeKey, `messages.reply:${threadOf(enrollNumber).id}:${seq}`));
    return row?.mailState;
  };
  const choose = (preferences: Partial<TNotificationPreferences>) => choosePreferences(ctx.sara, preferences);

  it('mails a reply at once when messages are instant, naming child and teacher, with its unsubscribe link', async () => {
    await choose({ categories: [{ category: 'messages', mode: 'instant' }] });
    await reply('MG1002', 'Layla may bring her own lab coat on Monday.');
    const run = await ctx.t.app.notificationMail.runOnce(ctx.at('10:00'));
    expect(run.failed).toBe(0);
    const mail = toSara().find((raw) => subjectOfMail(raw) === 'Mariam Haddad replied about Layla')!;
    expect(mail).toBeDefined();
    const text = textOfMail(mail);
    expect(text).toContain('About: Layla Khalid Al Mansouri');
    expect(text).toContain('Reading in science lessons: “Layla may bring her own lab coat on Monday.”');
    expect(text).toMatch(
      new RegExp(
        `http://mogra\\.localhost:\\d+/communication\\?enrollNumber=MG1002&thread=${threadOf('MG1002').id}`,
      ),
    );
    expect(text).toContain('To stop mail about Messages, open:');
    const pages = unsubscribePagesOf(text);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatch(/^http:\/\/mogra\.localhost:\d+\/unsubscribe\?token=[\w-]+\.[\w-]{43}$/);
    expect(oneClickOf(mail)).toMatch(
      /^http:\/\/mogra\.localhost:\d+\/api\/v1\/oa\/public\/unsubscribe\?token=[\w-]+\.[\w-]{43}$/,
    );
    expect(headerOfMail(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    // The mail is in the parent's archive as sent.
    const archive = (await ctx.sara.get('/email-archive?q=lab%20coat')).json();
    expect(archive.items).toHaveLength(1);
    expect(archive.items[0]).toMatchObject({
      kind: 'notice',
      category: 'messages',
      to: 'parent@mogra.demo',
      subject: 'Mariam Haddad replied about Layla',
      language: 'en',
    });
    const one = (await ctx.sara.get(`/email-archive/${archive.items[0].id}`)).json();
    // The archive keeps the text as written; the mail carries it with CRLF line ends.
    expect(one.email.text.trim()).toBe(text.replace(/\r\n/g, '\n').trim());
  });

  it('holds an instant reply in quiet hours and mails it when they end', async () => {
    await choose({
      categories: [{ category: 'messages', mode: 'instant' }],
      quietHours: { from: '21:00', to: '07:00' },
    });
    const seq = await reply('MG1001', 'A reminder: the maths quiz is on Wednesday.');
    const before = toSara().length;
    await ctx.t.app.notificationMail.runOnce(ctx.at('23:00'));
    expect(await mailStateOf('MG1001', seq)).toBe('pending');
    await ctx.t.app.notificationMail.runOnce(ctx.at('06:59'));
    expect(toSara()).toHaveLength(before);
    await ctx.t.app.notificationMail.runOnce(ctx.at('07:00'));
    expect(await mailStateOf('MG1001', seq)).toBe('sent');
    expect(toSara().slice(before).map(subjectOfMail)).toEqual(['Sarah Mitchell replied about Omar']);
  });

  it("gathers digest replies into ONE daily mail, grouped by child, in the parent's language", async () => {
    await choose({ categories: [{ category: 'messages', mode: 'digest' }], language: 'ar' });
    const omar = await reply('MG1001', 'Omar helped a classmate with fractions today.');
    const layla = await reply('MG1002', 'Layla’s experiment report was excellent.');
    expect(await mailStateOf('MG1001', omar)).toBe('digest');
    const before = toSara().length;
    await ctx.t.app.notificationMail.runOnce(ctx.at('12:00'));
    expect(toSara()).toHaveLength(before);
    const run = await ctx.t.app.notificationMail.runOnce(ctx.at('18:05'));
    expect(run.digests).toBe(1);
    const mails = toSara().slice(before);
    expect(mails).toHaveLength(1);
    const [digest] = mails;
    expect(subjectOfMail(digest!)).toBe('ملخصك اليومي من مدرسة موغرا التجريبية');
    const text = textOfMail(digest!);
    const omarHeading = text.indexOf('بخصوص: Omar Khalid Al Mansouri');
    const laylaHeading = text.indexOf('بخصوص: Layla Khalid Al Mansouri');
    expect(omarHeading).toBeGreaterThan(-1);
    expect(laylaHeading).toBeGreaterThan(omarHeading);
    const omarReply = text.indexOf('ردّ سارة ميتشل بخصوص Omar');
    const laylaReply = text.indexOf('ردّ مريم حداد بخصوص Layla');
    expect(omarReply).toBeGreaterThan(omarHeading);
    expect(omarReply).toBeLessThan(laylaHeading);
    expect(laylaReply).toBeGreaterThan(laylaHeading);
    expect(text).toContain('لإيقاف رسائل فئة «الرسائل»، افتح:');
    expect(oneClickOf(digest!)).toContain('/api/v1/oa/public/unsubscribe?token=');
    expect(await mailStateOf('MG1001', omar)).toBe('sent');
    expect(await mailStateOf('MG1002', layla)).toBe('sent');
    const [archived] = await ctx.t.database.db
      .select()
      .from(emailArchive)
      .where(
        and(
          eq(emailArchive.parentId, 'MG-P001'),
          eq(emailArchive.kind, 'digest'),
          like(emailArchive.subject, 'ملخص%'),
        ),
      );
    expect(archived).toMatchObject({ category: null, language: 'ar', toAddress: 'parent@mogra.demo' });
    expect(archived!.html).toContain('dir="rtl"');
  });

  it('holds a digest whose hour falls in quiet hours until they end', async () => {
    await choose({
      categories: [{ category: 'messages', mode: 'digest' }],
      quietHours: { from: '17:00', to: '08:00' },
    });
    // Today's digest is gone; the next day's hour is 18:00, in quiet hours: it goes at 08:00.
    const seq = await reply('MG1002', 'See you at the science fair.');
    const tomorrow = (time: string) => new Date(ctx.at(time).getTime() + 86_400_000);
    await ctx.t.app.notificationMail.runOnce(tomorrow('07:59'));
    expect(await mailStateOf('MG1002', seq)).toBe('digest');
    await ctx.t.app.notificationMail.runOnce(tomorrow('08:00'));
    expect(await mailStateOf('MG1002', seq)).toBe('sent');
  });
});
