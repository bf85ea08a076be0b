import { sql } from 'drizzle-orm';
import { daysBetween } from '@portal/contracts/kits/dates';
import type { TDatabase } from '../../db/client.ts';
import { schoolPolicies } from '../../db/schema/index.ts';
import type { TNotice } from '../../kits/notify.ts';
import { schoolToday, schoolWide } from '../../access/school.ts';
import { tellDueSchools, tellSchoolParents, untoldIn } from './school-notices.ts';

// The notice of a school policy (docs/notifications.md, `announcements.policy`): when a policy
// that asks for an acknowledgement becomes visible at a version the parents have not been
// told of (imported published, or its publication time reached), every parent of the school
// is told once per version. A policy published more than two weeks before the import that
// first shows it is marked told without a notice (a late import alarms no one), as is one
// asking for no acknowledgement.

/** How many days after its publication a policy is still told. */
export const POLICY_NOTICE_DAYS = 14;

/** The notices' kind and the dedupe key of a version. */
export const POLICY_NOTICE_KIND = 'announcements.policy';
export const policyNoticeKey = (policyId: string, version: string) => `policy:${policyId}@${version}`;

type TShownPolicy = {
  policyId: string;
  version: string;
  titleEn: string;
  titleAr: string;
  publishedAt: Date | null;
  requiresAck: boolean;
};

/** The family-wide notice of one policy version. */
export function policyNotice(schoolId: string, policy: TShownPolicy): TNotice {
  const title = { en: policy.titleEn, ar: policy.titleAr || policy.titleEn };
  // The version is kept left to right in the Arabic text (`2026.2`, `v3`).
  const version = `\u2066${policy.version}\u2069`;
  return {
    schoolId,
    enrollNumber: null,
    category: 'announcements',
    kind: POLICY_NOTICE_KIND,
    dedupeKey: policyNoticeKey(policy.policyId, policy.version),
    title: {
      en: `School policy to acknowledge: ${title.en}`,
      ar: `سياسة مدرسية بانتظار تأكيد الاطلاع: ${title.ar}`,
    },
    body: {
      en: `The school published ${title.en} (version ${policy.version}). Please read it and acknowledge it for your children in the portal.`,
      ar: `نشرت المدرسة ${title.ar} (الإصدار ${version}). يُرجى قراءتها وتأكيد الاطلاع عليها لأبنائك في البوابة.`,
    },
    path: '/school-policies',
    ...(policy.publishedAt ? { at: policy.publishedAt } : {}),
  };
}

/**
 * Marks told every version of the school's policies that parents now see and were not told
 * of, and tells every parent of the school of those asking for an acknowledgement and
 * published in the last POLICY_NOTICE_DAYS days. Call it in the import's transaction.
 */
export async function noticeNewPolicies(tx: TDatabase, schoolId: string, today: string): Promise<number> {
  const shown = await tx
    .update(schoolPolicies)
    .set({ notifiedAt: sql`now()` })
    .where(untoldIn(schoolPolicies, schoolId))
    .returning({
      policyId: schoolPolicies.policyId,
      version: schoolPolicies.version,
      titleEn: schoolPolicies.titleEn,
      titleAr: schoolPolicies.titleAr,
      publishedAt: schoolPolicies.publishedAt,
      requiresAck: schoolPolicies.requiresAck,
    });
  const timeZone = (await schoolWide(tx, schoolId))?.timeZone;
  const recent = shown.filter(
    (policy) =>
      policy.requiresAck &&
      policy.publishedAt !== null &&
      daysBetween(schoolToday(timeZone, policy.publishedAt), today) <= POLICY_NOTICE_DAYS,
  );
  return tellSchoolParents(
    tx,
    schoolId,
    recent.map((policy) => policyNotice(schoolId, policy)),
  );
}

/** How often the job looks for policies whose publication time has come. */
export const POLICY_NOTICE_INTERVAL_MS = 60_000;

/**
 * Tells, school by school, the policy versions whose publication time has come since the
 * import that brought them. Answers how many notices were written.
 */
export function noticeDuePolicies(db: TDatabase, now: Date = new Date()): Promise<number> {
  return tellDueSchools(db, schoolPolicies, async (tx, schoolId) =>
    noticeNewPolicies(tx, schoolId, schoolToday((await schoolWide(tx, schoolId))?.timeZone, now)),
  );
}
