import { and, eq, gte } from 'drizzle-orm';
import { KYC_REMINDER_DAYS } from '@portal/contracts/families/kyc';
import { addDays, daysBetween } from '@portal/contracts/kits/dates';
import type { TDatabase } from '../../db/client.ts';
import { kycDocuments, kycDocumentTypes, requests, schools } from '../../db/schema/index.ts';
import { schoolToday } from '../../access/school.ts';
import { childFirstNames, notify, type TNotice } from '../../kits/notify.ts';
import { KYC_DOCUMENT_KIND, KYC_PATH } from './kyc-store.ts';

// Expiry reminders of identity documents (docs/modules.md F6 events; docs/notifications.md,
// category `documents`): `documents.expiring` 60, 30 and 7 days before an approved document
// expires, and `documents.expired` from the day after it expired; each once per document and
// step (its dedupe key), told to the child's parents or, for a parent's own document, to that
// parent. Only the approved document with the latest expiry of an owner and type is told of: one
// renewed is not. A run that missed days tells the latest step only. A job runs the sweep.

/** How often the job looks (every step is told once, whenever it runs). */
export const KYC_REMINDER_INTERVAL_MS = 15 * 60 * 1000;
/** How long after its expiry a document still gets its `documents.expired` notice. */
const EXPIRED_WINDOW_DAYS = 30;
const FIRST_REMINDER = Math.max(...KYC_REMINDER_DAYS);

/** The step of the reminder due with this many days left: the smallest day count not below it. */
export function reminderStep(daysLeft: number): number | 'expired' | null {
  if (daysLeft < 0) return daysLeft >= -EXPIRED_WINDOW_DAYS ? 'expired' : null;
  if (daysLeft > FIRST_REMINDER) return null;
  return [...KYC_REMINDER_DAYS].sort((a, b) => a - b).find((days) => daysLeft <= days) ?? null;
}

/** "in 25 days" in Arabic, with the number's own form of the noun. */
function arabicDays(days: number): string {
  if (days === 0) return 'اليوم';
  if (days === 1) return 'خلال يوم واحد';
  if (days === 2) return 'خلال يومين';
  if (days <= 10) return `خلال ${days} أيام`;
  return `خلال ${days} يومًا`;
}

type TDue = {
  documentId: string;
  parentId: string;
  enrollNumber: string | null;
  typeEn: string;
  typeAr: string;
  expiresOn: string;
};

function noticeOf(
  schoolId: string,
  due: TDue,
  today: string,
  childName: string | null,
  at: Date,
): TNotice | null {
  const daysLeft = daysBetween(today, due.expiresOn);
  const step = reminderStep(daysLeft);
  if (step === null) return null;
  const typeAr = due.typeAr || due.typeEn;
  const whose = childName
    ? { en: `${childName}'s ${due.typeEn}`, ar: `${typeAr} لـ${childName}` }
    : { en: `Your ${due.typeEn}`, ar: typeAr };
  const base = {
    schoolId,
    enrollNumber: due.enrollNumber,
    category: 'documents' as const,
    path: KYC_PATH,
    at,
  };
  if (step === 'expired')
    return {
      ...base,
      kind: 'documents.expired',
      dedupeKey: `documents.expired:${due.documentId}`,
      title: { en: `${whose.en} has expired`, ar: `انتهت صلاحية ${whose.ar}` },
      body: {
        en: `It expired on ${due.expiresOn}. Please upload the renewed document.`,
        ar: `انتهت صلاحيتها في ${due.expiresOn}. يرجى رفع الوثيقة المجددة.`,
      },
    };
  const when = daysLeft === 0 ? 'today' : daysLeft === 1 ? 'tomorrow' : `in ${daysLeft} days`;
  return {
    ...base,
    kind: 'documents.expiring',
    dedupeKey: `documents.expiring:${due.documentId}:${step}`,
    title: {
      en: `${whose.en} expires ${when}`,
      ar: `تنتهي صلاحية ${whose.ar} ${arabicDays(daysLeft)}`,
    },
    body: {
      en: `It expires on ${due.expiresOn}. Upload the renewed document when you have it.`,
      ar: `تنتهي صلاحيتها في ${due.expiresOn}. ارفع الوثيقة المجددة عند استلامها.`,
    },
  };
}

/**
 * Writes the reminders due on the school's today (at `now`) for every school, or for the one
 * named. Answers how many notices were written (repeats write none).
 */
export async function sendKycReminders(db: TDatabase, now: Date = new Date(), schoolId?: string) {
  const withDocuments = await db
    .selectDistinct({ schoolId: kycDocuments.schoolId, timeZone: schools.timeZone })
    .from(kycDocuments)
    .innerJoin(schools, eq(schools.schoolId, kycDocuments.schoolId))
    .where(schoolId ? eq(kycDocuments.schoolId, schoolId) : undefined);
  let written = 0;
  for (const school of withDocuments) {
    const today = schoolToday(school.timeZone, now);
    const rows = await db
      .select({
        documentId: kycDocuments.documentId,
        parentId: kycDocuments.parentId,
        enrollNumber: kycDocuments.enrollNumber,
        typeId: kycDocuments.typeId,
        expiresOn: kycDocuments.expiresOn,
        typeEn: kycDocumentTypes.nameEn,
        typeAr: kycDocumentTypes.nameAr,
      })
      .from(kycDocuments)
      .innerJoin(
        requests,
        and(
          eq(requests.schoolId, kycDocuments.schoolId),
          eq(requests.requestId, kycDocuments.requestId),
          eq(requests.kind, KYC_DOCUMENT_KIND),
          eq(requests.status, 'approved'),
        ),
      )
      .innerJoin(
        kycDocumentTypes,
        and(
          eq(kycDocumentTypes.schoolId, kycDocuments.schoolId),
          eq(kycDocumentTypes.typeId, kycDocuments.typeId),
        ),
      )
      .where(
        and(
          eq(kycDocuments.schoolId, school.schoolId),
          gte(kycDocuments.expiresOn, addDays(today, -EXPIRED_WINDOW_DAYS)),
        ),
      );
    // The latest expiry of each owner and type: an older one was renewed.
    const latest = new Map<string, (typeof rows)[number]>();
    for (const row of rows) {
      const key = `${row.enrollNumber === null ? `p:${row.parentId}` : `c:${row.enrollNumber}`}\n${row.typeId}`;
      const known = latest.get(key);
      if (!known || row.expiresOn > known.expiresOn) latest.set(key, row);
    }
    const due = [...latest.values()].filter(
      (row) => reminderStep(daysBetween(today, row.expiresOn)) !== null,
    );
    if (due.length === 0) continue;
    const names = await childFirstNames(
      db,
      school.schoolId,
      due.flatMap((row) => (row.enrollNumber === null ? [] : [row.enrollNumber])),
    );
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as TDatabase;
      const ofChildren: TNotice[] = [];
      for (const row of due) {
        const childName =
          row.enrollNumber === null ? null : (names.get(row.enrollNumber) ?? row.enrollNumber);
        const notice = noticeOf(school.schoolId, row, today, childName, now);
        if (!notice) continue;
        if (row.enrollNumber === null) written += await notify(tx, notice, [row.parentId]);
        else ofChildren.push(notice);
      }
      if (ofChildren.length > 0) written += await notify(tx, ofChildren);
    });
  }
  return written;
}
