import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { TDatabase } from '../../db/client.ts';
import type { TMailer } from '../../mail/mailer.ts';
import type { TSchoolAddress } from '../../school-address.ts';
import {
  claimDigest,
  claimInstant,
  clocksOf,
  dueDigests,
  freeStaleClaims,
  mailablesOf,
  releaseDigest,
  schoolsWith,
  setMailState,
} from './mail-queue.ts';
import { digestMail, noticeMail } from './notice-mail.ts';
import { unsubscribeKey, unsubscribeLinks } from './unsubscribe-token.ts';
import { archiveMail, type TSentMail } from './mail-archive.ts';

// Mails the inbox's notices (docs/notifications.md), never on a request's path: every
// MAIL_INTERVAL_MS a run mails the pending notices that quiet hours do not hold (in batches,
// at most BATCHES_PER_RUN of them), each in the parent's language, then the digests whose hour
// has come. When the mail server refuses, the rest waits for the next run. Every mail sent is
// kept in the parent's mail archive, and carries the links that stop its categories.

const MAIL_INTERVAL_MS = 30_000;
const BATCHES_PER_RUN = 10;

/** What one run did. */
export type TMailRun = { sent: number; skipped: number; digests: number; failed: number };

declare module 'fastify' {
  interface FastifyInstance {
    /** The inbox's mail job; `runOnce` runs it now (after a run in progress), at `now` (school clocks). */
    notificationMail: { runOnce: (now?: Date) => Promise<TMailRun> };
  }
}

const languageOf = (value: string | null) => (value === 'ar' ? 'ar' : 'en');

/** The job: one run mails a bounded number of notices and digests. */
export function createNotificationMailJob(options: {
  db: TDatabase;
  mailer: TMailer;
  schoolAddress: TSchoolAddress;
  log: FastifyBaseLogger;
}) {
  const { db, mailer, schoolAddress, log } = options;

  /** Records the notices mailed and keeps the mail in the archive, together. */
  async function recordSent(ids: string[], sent: TSentMail): Promise<void> {
    await db.transaction(async (tx) => {
      await setMailState(tx as unknown as TDatabase, ids, 'sent', true);
      await archiveMail(tx as unknown as TDatabase, sent);
    });
  }

  async function mailInstant(run: TMailRun, now: Date, key: Buffer): Promise<void> {
    const schoolIds = await schoolsWith(db, 'pending');
    if (schoolIds.length === 0) return;
    const clocks = await clocksOf(db, schoolIds, now);
    for (let batch = 0; batch < BATCHES_PER_RUN; batch += 1) {
      const notices = await mailablesOf(db, await claimInstant(db, clocks));
      if (notices.length === 0) return;
      for (const [index, notice] of notices.entries()) {
        if (notice.email.trim() === '') {
          await setMailState(db, [notice.id], 'skipped', false);
          run.skipped += 1;
          continue;
        }
        const language = languageOf(notice.language);
        const address = schoolAddress(notice.schoolId);
        const mail = noticeMail({
          to: notice.email,
          language,
          school: notice.school,
          notice,
          address,
          unsubscribe: unsubscribeLinks(key, address, notice, [notice.category]),
        });
        try {
          await mailer.send(mail);
        } catch (error) {
          log.warn({ err: error }, 'could not mail a notification; it is kept for the next run');
          await setMailState(
            db,
            notices.slice(index).map((rest) => rest.id),
            'pending',
            false,
          );
          run.failed += 1;
          return;
        }
        await recordSent([notice.id], {
          owner: notice,
          kind: 'notice',
          category: notice.category,
          language,
          mail,
        });
        run.sent += 1;
      }
    }
  }

  async function mailDigests(run: TMailRun, now: Date, key: Buffer): Promise<void> {
    const schoolIds = await schoolsWith(db, 'digest');
    if (schoolIds.length === 0) return;
    const clocks = await clocksOf(db, schoolIds, now);
    for (const owner of await dueDigests(db, clocks)) {
      const claim = await claimDigest(db, owner, clocks.get(owner.schoolId)?.day ?? '');
      if (!claim) continue;
      const notices = await mailablesOf(db, claim.ids);
      const first = notices[0];
      if (!first || first.email.trim() === '') {
        await setMailState(db, claim.ids, 'skipped', false);
        run.skipped += claim.ids.length;
        continue;
      }
      const language = languageOf(first.language);
      const address = schoolAddress(owner.schoolId);
      const mail = digestMail({
        to: first.email,
        language,
        school: first.school,
        notices,
        address,
        unsubscribe: unsubscribeLinks(
          key,
          address,
          owner,
          notices.map((notice) => notice.category),
        ),
      });
      try {
        await mailer.send(mail);
      } catch (error) {
        log.warn({ err: error }, 'could not mail a digest; it is kept for the next run');
        await releaseDigest(db, owner, claim);
        run.failed += 1;
        return;
      }
      await recordSent(claim.ids, { owner, kind: 'digest', category: null, language, mail });
      run.digests += 1;
    }
  }

  let running: Promise<unknown> = Promise.resolve();
  return {
    runOnce(now: Date = new Date()): Promise<TMailRun> {
      const run = running.then(async () => {
        const result: TMailRun = { sent: 0, skipped: 0, digests: 0, failed: 0 };
        await freeStaleClaims(db);
        const key = await unsubscribeKey(db);
        await mailInstant(result, now, key);
        await mailDigests(result, now, key);
        return result;
      });
      running = run.catch(() => undefined);
      return run;
    },
  };
}

/** Starts the inbox's mail job with the app; the app's close waits for a run in progress. */
export const notificationMailPlugin = fp(
  async (
    app: FastifyInstance,
    options: { db: TDatabase; mailer: TMailer; schoolAddress: TSchoolAddress },
  ) => {
    const job = createNotificationMailJob({ ...options, log: app.log });
    app.decorate('notificationMail', job);
    app.runEvery('notification-mail', MAIL_INTERVAL_MS, async () => {
      await job.runOnce();
    });
  },
);
