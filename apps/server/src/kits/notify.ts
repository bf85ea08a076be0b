import { and, eq, inArray } from 'drizzle-orm';
import {
  ALWAYS_INSTANT,
  type TNotificationCategory,
  type TNotificationMode,
} from '@portal/contracts/kits/inbox';
import type { TDatabase } from '../db/client.ts';
import { notificationPreferences, notifications, parentStudents, students } from '../db/schema/index.ts';

// The inbox's one way in (docs/notifications.md): a notice is written for every parent of its
// child in the transaction of the change it tells of, so it exists exactly when the change
// does. The same dedupe key twice (an import run again) writes nothing.

/** How each category reaches a parent who has not chosen. */
export const DEFAULT_MODES: Readonly<Record<TNotificationCategory, TNotificationMode>> = {
  attendance: 'instant',
  academics: 'digest',
  conduct: 'digest',
  health: 'digest',
  announcements: 'digest',
  messages: 'digest',
  requests: 'instant',
  calendar: 'digest',
  fees: 'instant',
  documents: 'digest',
  safety: 'instant',
};

/** What a notice's mail is waiting for: mailed now, in the daily digest, or not at all. */
export type TMailState = 'pending' | 'digest' | 'skipped';

/** The mode that applies: the parent's choice, else the default; `safety` is always instant. */
export function modeOf(category: TNotificationCategory, chosen?: string): TNotificationMode {
  if (ALWAYS_INSTANT.includes(category)) return 'instant';
  if (chosen === 'instant' || chosen === 'digest' || chosen === 'off') return chosen;
  return DEFAULT_MODES[category];
}

const MAIL_STATE_OF_MODE: Record<TNotificationMode, TMailState> = {
  instant: 'pending',
  digest: 'digest',
  off: 'skipped',
};

/** An instant notice is also pushed to the parent's browsers (the push job's `pending`); others never. */
const pushStateOf = (mode: TNotificationMode) => (mode === 'instant' ? 'pending' : 'none');

/** One event told to the parents of a child (or to the given parents, for the whole family). */
export type TNotice = {
  schoolId: string;
  /** The child it is about; null for the whole family (then name the parents). */
  enrollNumber: string | null;
  category: TNotificationCategory;
  /** What happened, e.g. `attendance.absent`. */
  kind: string;
  /** The same event has the same key: it is told once per parent. */
  dedupeKey: string;
  title: { en: string; ar: string };
  body: { en: string; ar: string };
  /** The portal path that opens what it is about. */
  path: string;
  /** When it happened; now when not given. */
  at?: Date;
};

// Rows per INSERT: far below PostgreSQL's 65,535 parameters a statement.
const INSERT_CHUNK = 500;

/**
 * Writes each notice to the inbox of every parent of its child (or of `parents` when given),
 * with the mail and push states their preference for its category asks for. Call it with the
 * transaction of the change. Answers how many notices were written (repeats write none).
 */
export async function notify(
  tx: TDatabase,
  notices: TNotice | readonly TNotice[],
  parents?: readonly string[],
): Promise<number> {
  const list = Array.isArray(notices) ? (notices as readonly TNotice[]) : [notices as TNotice];
  let written = 0;
  for (const schoolId of new Set(list.map((notice) => notice.schoolId))) {
    const ofSchool = list.filter((notice) => notice.schoolId === schoolId);
    const recipients = parents
      ? () => parents
      : await parentsOfChildren(
          tx,
          schoolId,
          ofSchool.map((notice) => notice.enrollNumber),
        );
    const rows = ofSchool.flatMap((notice) => {
      if (!parents && notice.enrollNumber === null)
        throw new Error(`A family-wide notice (${notice.kind}) needs its parents`);
      return recipients(notice.enrollNumber).map((parentId) => ({ notice, parentId }));
    });
    if (rows.length === 0) continue;
    const chosen = await chosenModes(tx, schoolId, [...new Set(rows.map((row) => row.parentId))]);
    const values = rows.map(({ notice, parentId }) => {
      const mode = modeOf(notice.category, chosen.get(`${parentId}\n${notice.category}`));
      return {
        schoolId,
        parentId,
        category: notice.category,
        kind: notice.kind,
        enrollNumber: notice.enrollNumber,
        titleEn: notice.title.en,
        titleAr: notice.title.ar,
        bodyEn: notice.body.en,
        bodyAr: notice.body.ar,
        path: notice.path,
        dedupeKey: notice.dedupeKey,
        mailState: MAIL_STATE_OF_MODE[mode],
        pushState: pushStateOf(mode),
        ...(notice.at ? { createdAt: notice.at } : {}),
      };
    });
    for (let start = 0; start < values.length; start += INSERT_CHUNK) {
      const inserted = await tx
        .insert(notifications)
        .values(values.slice(start, start + INSERT_CHUNK))
        .onConflictDoNothing({
          target: [notifications.schoolId, notifications.parentId, notifications.dedupeKey],
        })
        .returning({ id: notifications.notificationId });
      written += inserted.length;
    }
  }
  return written;
}

/** The parents of each child, as a lookup from enrolment number. */
async function parentsOfChildren(
  tx: TDatabase,
  schoolId: string,
  enrollNumbers: (string | null)[],
): Promise<(enrollNumber: string | null) => string[]> {
  const wanted = [...new Set(enrollNumbers.filter((value): value is string => value !== null))];
  const byChild = new Map<string, string[]>();
  for (let start = 0; start < wanted.length; start += INSERT_CHUNK) {
    const links = await tx
      .select({ enrollNumber: parentStudents.enrollNumber, parentId: parentStudents.parentId })
      .from(parentStudents)
      .where(
        and(
          eq(parentStudents.schoolId, schoolId),
          inArray(parentStudents.enrollNumber, wanted.slice(start, start + INSERT_CHUNK)),
        ),
      );
    for (const link of links)
      byChild.set(link.enrollNumber, [...(byChild.get(link.enrollNumber) ?? []), link.parentId]);
  }
  return (enrollNumber) => (enrollNumber === null ? [] : (byChild.get(enrollNumber) ?? []));
}

/** The modes these parents chose, keyed `parentId\ncategory`. */
async function chosenModes(
  tx: TDatabase,
  schoolId: string,
  parentIds: string[],
): Promise<Map<string, string>> {
  const chosen = new Map<string, string>();
  for (let start = 0; start < parentIds.length; start += INSERT_CHUNK) {
    const rows = await tx
      .select({
        parentId: notificationPreferences.parentId,
        category: notificationPreferences.category,
        mode: notificationPreferences.mode,
      })
      .from(notificationPreferences)
      .where(
        and(
          eq(notificationPreferences.schoolId, schoolId),
          inArray(notificationPreferences.parentId, parentIds.slice(start, start + INSERT_CHUNK)),
        ),
      );
    for (const row of rows) chosen.set(`${row.parentId}\n${row.category}`, row.mode);
  }
  return chosen;
}

/** How a notice names a child: the first name, else the first word of the full name. */
export function firstNameOf(child: { enrollNumber: string; firstName: string; fullName: string }): string {
  return child.firstName || child.fullName.split(' ')[0] || child.enrollNumber;
}

/** The first names of these children of a school, for the notices about them. */
export async function childFirstNames(
  tx: TDatabase,
  schoolId: string,
  enrollNumbers: readonly string[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const wanted = [...new Set(enrollNumbers)];
  for (let start = 0; start < wanted.length; start += INSERT_CHUNK) {
    const rows = await tx
      .select({
        enrollNumber: students.enrollNumber,
        firstName: students.passportFirstNameEn,
        fullName: students.fullName,
      })
      .from(students)
      .where(
        and(
          eq(students.schoolId, schoolId),
          inArray(students.enrollNumber, wanted.slice(start, start + INSERT_CHUNK)),
        ),
      );
    for (const row of rows) names.set(row.enrollNumber, firstNameOf(row));
  }
  return names;
}

/** A day as a notice says it: "Wednesday 4 November", "الأربعاء 4 نوفمبر". */
export function noticeDay(language: 'en' | 'ar', day: string): string {
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-u-nu-latn' : 'en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}
