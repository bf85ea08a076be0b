import { TZDate } from '@date-fns/tz';
import { and, asc, eq, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import type { TNotificationCategory } from '@portal/contracts/kits/inbox';
import type { TDatabase } from '../../db/client.ts';
import { notifications, parentSettings, parents, schools, students } from '../../db/schema/index.ts';
import { schoolToday, schoolWide } from '../../access/school.ts';
import { DEFAULT_DIGEST_AT } from './preferences.ts';

// The mail job's side of the notifications table (docs/notifications.md): which notices may be
// mailed now, claimed with FOR UPDATE SKIP LOCKED so that several servers never mail one
// twice. A claimed notice is `sending` (or `digest-sending`) until mailed; a claim left by a
// stopped server is freed after CLAIM_TIMEOUT.

/** Notices claimed at once for instant mail. */
const BATCH = 50;
/** Parents whose digest is mailed in one run, and notices in one digest. */
const DIGESTS_PER_RUN = 50;
const NOTICES_PER_DIGEST = 100;
const CLAIM_TIMEOUT = sql`interval '10 minutes'`;

/** A school's clock now: `HH:MM` and its day (quiet hours and digests are school time). */
export type TClock = { time: string; day: string };

/** Each school's clock at `now`, in its zone. */
export async function clocksOf(db: TDatabase, schoolIds: string[], now: Date): Promise<Map<string, TClock>> {
  const clocks = new Map<string, TClock>();
  for (const schoolId of schoolIds) {
    const timeZone = (await schoolWide(db, schoolId))?.timeZone;
    const local = new TZDate(now.getTime(), timeZone ?? 'UTC');
    const time = `${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}`;
    clocks.set(schoolId, { time, day: schoolToday(timeZone, now) });
  }
  return clocks;
}

/** The clock of each notice's school, as SQL (`part` of the clock). */
function clockSql(clocks: Map<string, TClock>, part: keyof TClock): SQL {
  const cases = [...clocks].map(([schoolId, clock]) => sql`when ${schoolId}::text then ${clock[part]}::text`);
  return sql`(case ${notifications.schoolId} ${sql.join(cases, sql` `)} end)`;
}

/** True while the parent's quiet hours hold at the school's time (they may run past midnight). */
function inQuietHours(now: SQL): SQL {
  const from = parentSettings.quietFrom;
  const to = parentSettings.quietTo;
  return sql`(${from} is not null and ${to} is not null and (
    (${from} < ${to} and ${now} >= ${from} and ${now} < ${to})
    or (${from} > ${to} and (${now} >= ${from} or ${now} < ${to}))))`;
}

/** True for a notice that may reach the parent now: outside their quiet hours, or about safety. */
export function mayGoNow(clocks: Map<string, TClock>): SQL | undefined {
  return or(eq(notifications.category, 'safety'), not(inQuietHours(clockSql(clocks, 'time'))));
}

/** Joins each notice to its parent's settings (language, quiet hours). */
export const withSettings = and(
  eq(parentSettings.schoolId, notifications.schoolId),
  eq(parentSettings.parentId, notifications.parentId),
);

const ofParent = (owner: { schoolId: string; parentId: string }) =>
  and(eq(parentSettings.schoolId, owner.schoolId), eq(parentSettings.parentId, owner.parentId));

/** The schools that have notices in this mail state. */
export async function schoolsWith(db: TDatabase, mailState: 'pending' | 'digest'): Promise<string[]> {
  const rows = await db
    .selectDistinct({ schoolId: notifications.schoolId })
    .from(notifications)
    .where(eq(notifications.mailState, mailState))
    .limit(1_000);
  return rows.map((row) => row.schoolId);
}

/** Sets the mail state of these notices (and their mail time, when mailed). */
export async function setMailState(db: TDatabase, ids: string[], mailState: string, mailed: boolean) {
  if (ids.length === 0) return;
  await db
    .update(notifications)
    .set({ mailState, mailedAt: mailed ? sql`now()` : null })
    .where(inArray(notifications.notificationId, ids));
}

/** Frees the claims older than CLAIM_TIMEOUT: their server stopped before mailing them. */
export async function freeStaleClaims(db: TDatabase): Promise<void> {
  await db
    .update(notifications)
    .set({
      mailState: sql`case ${notifications.mailState} when 'sending' then 'pending' else 'digest' end`,
      mailedAt: null,
    })
    .where(
      and(
        inArray(notifications.mailState, ['sending', 'digest-sending']),
        sql`${notifications.mailedAt} < now() - ${CLAIM_TIMEOUT}`,
      ),
    );
}

/**
 * Locks up to BATCH notices in a state (`waiting`) that may reach their parent now (not held by
 * quiet hours), oldest first, skipping those another server has locked: the mail and push jobs'
 * one way of picking what to send.
 */
export async function pickNoticesThatMayGo(
  tx: TDatabase,
  waiting: SQL | undefined,
  clocks: Map<string, TClock>,
): Promise<string[]> {
  const picked = await tx
    .select({ id: notifications.notificationId })
    .from(notifications)
    .leftJoin(parentSettings, withSettings)
    .where(and(waiting, inArray(notifications.schoolId, [...clocks.keys()]), mayGoNow(clocks)))
    .orderBy(asc(notifications.createdAt))
    .limit(BATCH)
    .for('update', { of: notifications, skipLocked: true });
  return picked.map((row) => row.id);
}

/** Claims up to BATCH pending notices that may be mailed now (not held by quiet hours). */
export async function claimInstant(db: TDatabase, clocks: Map<string, TClock>): Promise<string[]> {
  return db.transaction(async (tx) => {
    const ids = await pickNoticesThatMayGo(
      tx as unknown as TDatabase,
      eq(notifications.mailState, 'pending'),
      clocks,
    );
    await setMailState(tx as unknown as TDatabase, ids, 'sending', true);
    return ids;
  });
}

/**
 * The parents whose digest hour has come today and who have notices waiting for it. Quiet
 * hours hold a digest too: one whose hour falls in them goes when they end.
 */
export async function dueDigests(db: TDatabase, clocks: Map<string, TClock>) {
  const now = clockSql(clocks, 'time');
  const digestAt = sql`coalesce(${parentSettings.digestAt}, ${DEFAULT_DIGEST_AT})`;
  const goesAt = sql`(case when ${inQuietHours(digestAt)} then ${parentSettings.quietTo} else ${digestAt} end)`;
  return db
    .select({ schoolId: notifications.schoolId, parentId: notifications.parentId })
    .from(notifications)
    .leftJoin(parentSettings, withSettings)
    .where(
      and(
        eq(notifications.mailState, 'digest'),
        inArray(notifications.schoolId, [...clocks.keys()]),
        not(inQuietHours(now)),
        sql`${goesAt} <= ${now}`,
        sql`(${parentSettings.lastDigestOn} is null or ${parentSettings.lastDigestOn} < ${clockSql(clocks, 'day')})`,
      ),
    )
    .groupBy(notifications.schoolId, notifications.parentId)
    .limit(DIGESTS_PER_RUN);
}

/**
 * Claims a parent's digest notices and records today's digest as sent; null when another
 * server claimed them. Answers the ids and the day of the digest before (to undo it).
 */
export async function claimDigest(db: TDatabase, owner: { schoolId: string; parentId: string }, day: string) {
  return db.transaction(async (tx) => {
    const picked = await tx
      .select({ id: notifications.notificationId })
      .from(notifications)
      .where(
        and(
          eq(notifications.schoolId, owner.schoolId),
          eq(notifications.parentId, owner.parentId),
          eq(notifications.mailState, 'digest'),
        ),
      )
      .orderBy(asc(notifications.createdAt))
      .limit(NOTICES_PER_DIGEST)
      .for('update', { skipLocked: true });
    const ids = picked.map((row) => row.id);
    if (ids.length === 0) return null;
    const [before] = await tx
      .select({ lastDigestOn: parentSettings.lastDigestOn })
      .from(parentSettings)
      .where(ofParent(owner));
    await setMailState(tx as unknown as TDatabase, ids, 'digest-sending', true);
    await tx
      .insert(parentSettings)
      .values({ ...owner, lastDigestOn: day })
      .onConflictDoUpdate({
        target: [parentSettings.schoolId, parentSettings.parentId],
        set: { lastDigestOn: day },
      });
    return { ids, lastDigestOn: before?.lastDigestOn ?? null };
  });
}

/** Gives a digest back for the next run: its notices wait again, and its day is undone. */
export async function releaseDigest(
  db: TDatabase,
  owner: { schoolId: string; parentId: string },
  claim: { ids: string[]; lastDigestOn: string | null },
): Promise<void> {
  await setMailState(db, claim.ids, 'digest', false);
  await db.update(parentSettings).set({ lastDigestOn: claim.lastDigestOn }).where(ofParent(owner));
}

/** What the mail and push jobs read of a notice: whose it is, its category, texts and path. */
export const noticeFields = {
  id: notifications.notificationId,
  schoolId: notifications.schoolId,
  parentId: notifications.parentId,
  category: sql<TNotificationCategory>`${notifications.category}`,
  titleEn: notifications.titleEn,
  titleAr: notifications.titleAr,
  bodyEn: notifications.bodyEn,
  bodyAr: notifications.bodyAr,
  path: notifications.path,
};

/** The claimed notices with what mailing them needs: the parent's address and language, the child. */
export async function mailablesOf(db: TDatabase, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      ...noticeFields,
      enrollNumber: notifications.enrollNumber,
      childName: students.fullName,
      email: parents.email,
      language: parentSettings.language,
      school: { nameEn: schools.nameEn, nameAr: schools.nameAr, logoUrl: schools.logoUrl },
    })
    .from(notifications)
    .innerJoin(
      parents,
      and(eq(parents.schoolId, notifications.schoolId), eq(parents.parentId, notifications.parentId)),
    )
    .innerJoin(schools, eq(schools.schoolId, notifications.schoolId))
    .leftJoin(parentSettings, withSettings)
    .leftJoin(
      students,
      and(
        eq(students.schoolId, notifications.schoolId),
        eq(students.enrollNumber, notifications.enrollNumber),
      ),
    )
    .where(inArray(notifications.notificationId, ids))
    .orderBy(asc(notifications.createdAt));
}
