import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { notifications, parentSettings, pushSubscriptions } from '../../db/schema/index.ts';
import { noticeFields, pickNoticesThatMayGo, withSettings, type TClock } from './mail-queue.ts';

// The push job's side of the notifications table (docs/notifications.md, "Notifications on a
// device"). A notice's `push_state` says where its push is:
//
// - `pending`: waiting for the job (`push_attempts` counts the attempts that failed);
// - `sending`: claimed by a job at `push_claimed_at` (FOR UPDATE SKIP LOCKED, so several servers
//   never push one twice); a claim left by a stopped server is freed after
//   CLAIM_TIMEOUT_SECONDS and counts as an attempt;
// - `sent`; `failed` after PUSH_ATTEMPTS attempts; `none`: not instant, no browser subscribed,
//   read already, or older than MAX_AGE.

/** Attempts at most per notice (each on a later run); then it is `failed`. */
export const PUSH_ATTEMPTS = 5;
const CLAIM_TIMEOUT = sql`interval '10 minutes'`;
/** A notice not pushed within a day is not pushed at all (it is still in the inbox). */
const MAX_AGE = sql`interval '1 day'`;

/** One more failed attempt: waiting again, or `failed` when it was the last. */
const oneMoreFailure = {
  pushAttempts: sql`${notifications.pushAttempts} + 1`,
  pushState: sql`case when ${notifications.pushAttempts} + 1 >= ${PUSH_ATTEMPTS} then 'failed' else 'pending' end`,
  pushClaimedAt: null,
};

/** Records a failed attempt at these notices' pushes (they wait for a later run, or fail). */
export async function recordPushFailures(db: TDatabase, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(notifications).set(oneMoreFailure).where(inArray(notifications.notificationId, ids));
}

/** The schools that have notices waiting for their push. */
export async function schoolsWithPushes(db: TDatabase): Promise<string[]> {
  const rows = await db
    .selectDistinct({ schoolId: notifications.schoolId })
    .from(notifications)
    .where(eq(notifications.pushState, 'pending'))
    .limit(1_000);
  return rows.map((row) => row.schoolId);
}

/**
 * Settles the waiting notices that will not be pushed: their parent has no browser subscribed,
 * or read them already, or they are older than MAX_AGE.
 */
export async function dropUnpushable(db: TDatabase): Promise<void> {
  await db
    .update(notifications)
    .set({ pushState: 'none' })
    .where(
      and(
        eq(notifications.pushState, 'pending'),
        sql`(${notifications.readAt} is not null
          or ${notifications.createdAt} < now() - ${MAX_AGE}
          or not exists (select 1 from ${pushSubscriptions}
            where ${pushSubscriptions.schoolId} = ${notifications.schoolId}
              and ${pushSubscriptions.parentId} = ${notifications.parentId}))`,
      ),
    );
}

/** Frees the claims older than CLAIM_TIMEOUT: their server stopped before settling them. */
export async function freeStalePushClaims(db: TDatabase): Promise<void> {
  await db
    .update(notifications)
    .set(oneMoreFailure)
    .where(
      and(
        eq(notifications.pushState, 'sending'),
        sql`${notifications.pushClaimedAt} < now() - ${CLAIM_TIMEOUT}`,
      ),
    );
}

/** Claims up to BATCH waiting notices that may reach their parent now (not held by quiet hours). */
export async function claimPushes(db: TDatabase, clocks: Map<string, TClock>): Promise<string[]> {
  return db.transaction(async (tx) => {
    const ids = await pickNoticesThatMayGo(
      tx as unknown as TDatabase,
      eq(notifications.pushState, 'pending'),
      clocks,
    );
    if (ids.length === 0) return ids;
    await tx
      .update(notifications)
      .set({ pushState: 'sending', pushClaimedAt: sql`now()` })
      .where(inArray(notifications.notificationId, ids));
    return ids;
  });
}

/** The claimed notices with what pushing them needs: their texts, path and the parent's language. */
export async function pushablesOf(db: TDatabase, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      ...noticeFields,
      language: parentSettings.language,
    })
    .from(notifications)
    .leftJoin(parentSettings, withSettings)
    .where(inArray(notifications.notificationId, ids))
    .orderBy(asc(notifications.createdAt));
}

/** Settles these notices' pushes: `sent`, or `none` when no browser is left to take them. */
export async function settlePushes(db: TDatabase, ids: string[], pushState: 'sent' | 'none'): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(notifications)
    .set({ pushState, pushClaimedAt: null })
    .where(inArray(notifications.notificationId, ids));
}

/** One browser a parent subscribed. */
export type TPushTarget = {
  schoolId: string;
  parentId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
};

/** The subscriptions of these parents of a school. */
export async function subscriptionsOf(
  db: TDatabase,
  schoolId: string,
  parentIds: string[],
): Promise<TPushTarget[]> {
  if (parentIds.length === 0) return [];
  return db
    .select({
      schoolId: pushSubscriptions.schoolId,
      parentId: pushSubscriptions.parentId,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.schoolId, schoolId), inArray(pushSubscriptions.parentId, parentIds)));
}

/** Forgets a subscription its push service says is gone (404 or 410). */
export async function removeSubscription(db: TDatabase, target: TPushTarget): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.schoolId, target.schoolId),
        eq(pushSubscriptions.parentId, target.parentId),
        eq(pushSubscriptions.endpoint, target.endpoint),
      ),
    );
}

/** Records when these subscriptions of a school last took a push. */
export async function markSubscriptionsUsed(
  db: TDatabase,
  schoolId: string,
  endpoints: string[],
): Promise<void> {
  if (endpoints.length === 0) return;
  await db
    .update(pushSubscriptions)
    .set({ lastSentAt: sql`now()` })
    .where(and(eq(pushSubscriptions.schoolId, schoolId), inArray(pushSubscriptions.endpoint, endpoints)));
}
