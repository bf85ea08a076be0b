import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { TDatabase } from '../../db/client.ts';
import { clocksOf } from './mail-queue.ts';
import {
  claimPushes,
  dropUnpushable,
  freeStalePushClaims,
  markSubscriptionsUsed,
  pushablesOf,
  removeSubscription,
  schoolsWithPushes,
  recordPushFailures,
  settlePushes,
  subscriptionsOf,
  type TPushTarget,
} from './push-queue.ts';
import { pushMessageOf, sendPush, type TPushOutcome, type TPushSigner } from './push-sender.ts';
import { vapidKeys, vapidSubject } from './vapid-keys.ts';

// Pushes the instant notices to the parents' browsers (docs/notifications.md, "Notifications on
// a device"), never on a request's path: every PUSH_INTERVAL_MS a run pushes the waiting notices
// that quiet hours do not hold (safety is never held), in batches, each to every browser its
// parent subscribed, at most PUSHES_AT_ONCE pushes in flight. A push service that says a
// subscription is gone (404, 410) has it removed; a notice no browser took is tried again on a
// later run, PUSH_ATTEMPTS times at most.

const PUSH_INTERVAL_MS = 10_000;
const BATCHES_PER_RUN = 10;
const PUSHES_AT_ONCE = 8;

/** What one run did: notices pushed, notices left unpushed (no browser took them), pushes failed, subscriptions removed. */
export type TPushRun = { sent: number; unpushed: number; failed: number; removed: number };

declare module 'fastify' {
  interface FastifyInstance {
    /** The inbox's push job; `runOnce` runs it now (after a run in progress), at `now` (school clocks). */
    notificationPush: { runOnce: (now?: Date) => Promise<TPushRun> };
  }
}

/** Runs `task` on every item, at most `atOnce` at a time. */
async function eachAtMost<T>(items: readonly T[], atOnce: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
}

/** The job: one run pushes a bounded number of notices. */
export function createNotificationPushJob(options: {
  db: TDatabase;
  mailFrom: string;
  log: FastifyBaseLogger;
}) {
  const { db, log } = options;
  const subject = vapidSubject(options.mailFrom);

  /**
   * Pushes one batch of claimed notices; false when there was nothing to claim. The notices to
   * try again keep their claim until the run ends (`retries`), so a later batch of the same run
   * does not take them again.
   */
  async function pushBatch(
    run: TPushRun,
    retries: string[],
    signer: TPushSigner,
    clocks: Awaited<ReturnType<typeof clocksOf>>,
  ) {
    const notices = await pushablesOf(db, await claimPushes(db, clocks));
    if (notices.length === 0) return false;
    const targets = new Map<string, TPushTarget[]>();
    for (const schoolId of new Set(notices.map((notice) => notice.schoolId))) {
      const parentIds = [
        ...new Set(notices.filter((notice) => notice.schoolId === schoolId).map((n) => n.parentId)),
      ];
      for (const target of await subscriptionsOf(db, schoolId, parentIds)) {
        const key = `${target.schoolId}\n${target.parentId}`;
        targets.set(key, [...(targets.get(key) ?? []), target]);
      }
    }
    const pushes = notices.flatMap((notice) =>
      (targets.get(`${notice.schoolId}\n${notice.parentId}`) ?? []).map((target) => ({ notice, target })),
    );
    const outcomes = new Map<string, TPushOutcome[]>();
    const gone = new Map<string, TPushTarget>();
    const used = new Map<string, TPushTarget>();
    await eachAtMost(pushes, PUSHES_AT_ONCE, async ({ notice, target }) => {
      const endpointKey = `${target.schoolId}\n${target.endpoint}`;
      // A subscription found gone by an earlier push of this batch is not tried again.
      if (gone.has(endpointKey)) return;
      const result = await sendPush(target, pushMessageOf(notice), {
        signer,
        category: notice.category,
        topic: notice.id.replaceAll('-', ''),
      });
      outcomes.set(notice.id, [...(outcomes.get(notice.id) ?? []), result.outcome]);
      if (result.outcome === 'gone') gone.set(endpointKey, target);
      if (result.outcome === 'sent') used.set(endpointKey, target);
      if (result.outcome === 'failed')
        log.warn({ status: result.status }, 'a push service did not take a push; it is tried again later');
    });
    for (const target of gone.values()) await removeSubscription(db, target);
    run.removed += gone.size;
    for (const schoolId of new Set([...used.values()].map((target) => target.schoolId)))
      await markSubscriptionsUsed(
        db,
        schoolId,
        [...used.values()].filter((target) => target.schoolId === schoolId).map((target) => target.endpoint),
      );
    const settled: Record<'sent' | 'none', string[]> = { sent: [], none: [] };
    for (const notice of notices) {
      const results = outcomes.get(notice.id) ?? [];
      // One browser that took it is enough; none took it and one failed: later; else no browser is left.
      const state = results.includes('sent') ? 'sent' : results.includes('failed') ? null : 'none';
      if (state === 'sent') run.sent += 1;
      if (state === 'none') run.unpushed += 1;
      if (state === null) {
        run.failed += 1;
        retries.push(notice.id);
      } else settled[state].push(notice.id);
    }
    await settlePushes(db, settled.sent, 'sent');
    await settlePushes(db, settled.none, 'none');
    return true;
  }

  let running: Promise<unknown> = Promise.resolve();
  return {
    runOnce(now: Date = new Date()): Promise<TPushRun> {
      const run = running.then(async () => {
        const result: TPushRun = { sent: 0, unpushed: 0, failed: 0, removed: 0 };
        await freeStalePushClaims(db);
        await dropUnpushable(db);
        const schoolIds = await schoolsWithPushes(db);
        if (schoolIds.length === 0) return result;
        const signer = { keys: await vapidKeys(db), subject };
        const clocks = await clocksOf(db, schoolIds, now);
        const retries: string[] = [];
        try {
          for (let batch = 0; batch < BATCHES_PER_RUN; batch += 1) {
            if (!(await pushBatch(result, retries, signer, clocks))) break;
          }
        } finally {
          await recordPushFailures(db, retries);
        }
        return result;
      });
      running = run.catch(() => undefined);
      return run;
    },
  };
}

/**
 * Starts the inbox's push job with the app; the portal's VAPID keys are made (or read) at
 * start, so the first parent to subscribe finds them. The app's close waits for a run in progress.
 */
export const notificationPushPlugin = fp(
  async (app: FastifyInstance, options: { db: TDatabase; mailFrom: string }) => {
    const job = createNotificationPushJob({ ...options, log: app.log });
    app.decorate('notificationPush', job);
    app.addHook('onReady', async () => {
      await vapidKeys(options.db);
    });
    app.runEvery('notification-push', PUSH_INTERVAL_MS, async () => {
      await job.runOnce();
    });
  },
);
