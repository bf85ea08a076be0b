import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, parentSettings } from '../../../src/db/schema/index.ts';
import { notify } from '../../../src/kits/notify.ts';
import { lateNotice } from './late-notice.ts';
import { schoolToday } from '../../../src/access/school.ts';
import { demoSyncKey } from '../../../src/db/seed/seed.ts';
import { startSmtpListener, type TSmtpListener } from '../../smtp-listener.ts';
import { recipientOfMail, subjectOfMail, textOfMail } from '../../mail-reader.ts';
import { buildScheduleApp, type TScheduleApp } from '../schedule/schedule-data.ts';

// The inbox's mail (docs/notifications.md): the job mails each pending notice over SMTP in the
// parent's language, naming the child; quiet hours (school time) hold all but safety notices;
// the daily digest goes at the parent's hour, grouped by child, once a day.
describe('the notification mail job', () => {
  let smtp: TSmtpListener;
  let t: TScheduleApp;
  beforeAll(async () => {
    smtp = await startSmtpListener();
    t = await buildScheduleApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** An instant in school time (Dubai, +04:00) on the demo's today. */
  const at = (time: string) => new Date(`${t.today}T${time}:00+04:00`);
  const mailsTo = (address: string) => smtp.messages.filter((raw) => recipientOfMail(raw) === address);
  const stateOf = async (dedupeKey: string) =>
    (await t.database.db.select().from(notifications).where(eq(notifications.dedupeKey, dedupeKey)))[0]
      ?.mailState;

  it("carries an absence from the staff API to the parent's inbox and mailbox, naming the child", async () => {
    const day = [1, 2, 3, 4, 5, 6, 7]
      .map((back) =>
        new Date(Date.parse(`${t.today}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10),
      )
      .find((candidate) => new Date(`${candidate}T00:00:00Z`).getUTCDay() % 6 !== 0)!;
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/attendance',
      headers: { 'client-id': 'mogra', authorization: `Bearer ${demoSyncKey('mogra')}` },
      payload: { records: [{ enrollNumber: 'MG2001', date: day, status: 'absent', note: '' }] },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await stateOf(`attendance.absent:MG2001:${day}`)).toBe('pending');
    // Nothing is mailed on the request's path: the job does it.
    expect(mailsTo('family.haddad@mogra.demo')).toHaveLength(0);
    const run = await t.app.notificationMail.runOnce(at('10:00'));
    expect(run.failed).toBe(0);
    const mail = await smtp.waitForMessage('family.haddad@mogra.demo');
    expect(subjectOfMail(mail)).toMatch(/^Nour was absent on /);
    expect(textOfMail(mail)).toContain('About: Nour Rami Haddad');
    expect(textOfMail(mail)).toContain('Mogra Demo School');
    expect(await stateOf(`attendance.absent:MG2001:${day}`)).toBe('sent');
    // The demo's own absences (Layla and Yousef) went to their parent in the same run.
    const sara = mailsTo('parent@mogra.demo').map(subjectOfMail);
    expect(sara.some((subject) => subject.startsWith('Layla was absent'))).toBe(true);
    expect(sara.some((subject) => subject.startsWith('Yousef was absent'))).toBe(true);
    // A run with nothing pending mails nothing more.
    const count = smtp.messages.length;
    expect((await t.app.notificationMail.runOnce(at('10:01'))).sent).toBe(0);
    expect(smtp.messages).toHaveLength(count);
  });

  it('holds mail in quiet hours, except safety notices, and sends it when they end', async () => {
    await t.database.db
      .insert(parentSettings)
      .values({ schoolId: 'mogra', parentId: 'MG-P002', quietFrom: '21:00', quietTo: '07:00' });
    await notify(t.database.db, [
      lateNotice('quiet:late', {}),
      lateNotice('quiet:safety', {
        category: 'safety',
        kind: 'safety.exitHandover',
        title: { en: 'Nour left school with her aunt', ar: 'غادرت نور المدرسة مع خالتها' },
      }),
    ]);
    const before = mailsTo('family.haddad@mogra.demo').length;
    await t.app.notificationMail.runOnce(at('23:30'));
    expect(await stateOf('quiet:safety')).toBe('sent');
    expect(await stateOf('quiet:late')).toBe('pending');
    expect(mailsTo('family.haddad@mogra.demo').slice(before).map(subjectOfMail)).toEqual([
      'Nour left school with her aunt',
    ]);
    await t.app.notificationMail.runOnce(at('06:59'));
    expect(await stateOf('quiet:late')).toBe('pending');
    await t.app.notificationMail.runOnce(at('07:00'));
    expect(await stateOf('quiet:late')).toBe('sent');
    expect(mailsTo('family.haddad@mogra.demo').slice(before).map(subjectOfMail)).toContain(
      'Nour arrived late',
    );
  });

  it("writes in the parent's language", async () => {
    await t.database.db
      .update(parentSettings)
      .set({ language: 'ar', quietFrom: null, quietTo: null })
      .where(eq(parentSettings.parentId, 'MG-P002'));
    await notify(t.database.db, lateNotice('arabic:late', {}));
    await t.app.notificationMail.runOnce(at('12:00'));
    const mail = mailsTo('family.haddad@mogra.demo').at(-1)!;
    expect(subjectOfMail(mail)).toBe('تأخرت نور');
    expect(textOfMail(mail)).toContain('بخصوص: Nour Rami Haddad');
    expect(textOfMail(mail)).toContain('مدرسة موغرا التجريبية');
  });

  it("gathers the digest notices into one mail a day at the parent's hour, grouped by child", async () => {
    const digest = (dedupeKey: string, enrollNumber: string, title: string) =>
      lateNotice(dedupeKey, {
        enrollNumber,
        category: 'academics',
        kind: 'academics.agenda',
        title: { en: title, ar: '' },
        body: { en: `${title}.`, ar: '' },
        path: `/agenda?enrollNumber=${enrollNumber}`,
      });
    await notify(
      t.database.db,
      [
        digest('digest:1', 'MG1001', 'Maths worksheet'),
        digest('digest:2', 'MG1002', 'Read chapter 4'),
        digest('digest:3', 'MG1001', 'Science diagram'),
      ],
      ['MG-P001'],
    );
    expect(await stateOf('digest:1')).toBe('digest');
    const before = mailsTo('parent@mogra.demo').length;
    expect((await t.app.notificationMail.runOnce(at('17:59'))).digests).toBe(0);
    expect(await stateOf('digest:1')).toBe('digest');
    expect((await t.app.notificationMail.runOnce(at('18:05'))).digests).toBe(1);
    const mails = mailsTo('parent@mogra.demo').slice(before);
    expect(mails).toHaveLength(1);
    expect(subjectOfMail(mails[0]!)).toBe('Your daily summary from Mogra Demo School');
    const text = textOfMail(mails[0]!);
    const omar = text.indexOf('About: Omar Khalid Al Mansouri');
    const layla = text.indexOf('About: Layla Khalid Al Mansouri');
    expect(omar).toBeGreaterThan(-1);
    expect(layla).toBeGreaterThan(omar);
    expect(text.indexOf('Maths worksheet')).toBeGreaterThan(omar);
    expect(text.indexOf('Science diagram')).toBeLessThan(layla);
    expect(text.indexOf('Read chapter 4')).toBeGreaterThan(layla);
    for (const key of ['digest:1', 'digest:2', 'digest:3']) expect(await stateOf(key)).toBe('sent');
    const [settings] = await t.database.db
      .select()
      .from(parentSettings)
      .where(and(eq(parentSettings.schoolId, 'mogra'), eq(parentSettings.parentId, 'MG-P001')));
    expect(settings?.lastDigestOn).toBe(schoolToday('Asia/Dubai', at('18:05')));
    // A notice after today's digest waits for tomorrow's.
    await notify(t.database.db, digest('digest:4', 'MG1003', 'Sports kit'), ['MG-P001']);
    expect((await t.app.notificationMail.runOnce(at('20:00'))).digests).toBe(0);
    expect(await stateOf('digest:4')).toBe('digest');
  });

  it('keeps a notice pending when the mail server does not take it', async () => {
    await smtp.close();
    await notify(
      t.database.db,
      lateNotice('down:late', { enrollNumber: 'MG1001', title: { en: 'Omar arrived late', ar: 'تأخر عمر' } }),
      ['MG-P001'],
    );
    const run = await t.app.notificationMail.runOnce(at('12:00'));
    expect(run.failed).toBe(1);
    expect(await stateOf('down:late')).toBe('pending');
  }, 30_000);
});
