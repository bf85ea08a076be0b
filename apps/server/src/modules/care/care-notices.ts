import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { daysBetween } from '@portal/contracts/kits/dates';
import type { TNotificationCategory } from '@portal/contracts/kits/inbox';
import type { TDatabase } from '../../db/client.ts';
import { careRecords } from '../../db/schema/index.ts';
import { childFirstNames, noticeDay, notify, type TNotice } from '../../kits/notify.ts';
import { published } from '../../kits/publication.ts';
import { schoolToday, schoolWide } from '../../access/school.ts';

// The care family's notices (docs/modules.md F3 events; docs/notifications.md): when a record
// becomes visible to parents (imported published, or its publication time reached by the next
// import), the child's parents are told once: `conduct.merit`, `conduct.incident`,
// `health.clinicVisit`, `conduct.planReview`. A record that happened more than two weeks ago
// is marked told without a notice (a late import of old records alarms no one).

/** How many days back a record is still told. */
export const CARE_NOTICE_DAYS = 14;

type TText = { en: string; ar: string };
type TNewRecord = {
  recordId: string;
  enrollNumber: string;
  kind: string;
  occurredOn: string;
  titleEn: string;
  titleAr: string;
  points: number | null;
  requiresAck: boolean;
};
type TNoticeKind = {
  category: TNotificationCategory;
  event: string;
  path: string;
  text: (name: string, title: TText, day: TText, record: TNewRecord) => { title: TText; body: TText };
};

const NOTICE_KINDS: Record<string, TNoticeKind> = {
  merit: {
    category: 'conduct',
    event: 'conduct.merit',
    path: '/meritDemerit',
    text: (name, title, day, record) => ({
      title: { en: `A merit for ${name}: ${title.en}`, ar: `نقاط تميّز لـ${name}: ${title.ar}` },
      body: {
        en: `The school gave ${name} ${Math.abs(record.points ?? 0)} merit point(s) on ${day.en}: ${title.en}.`,
        ar: `سجّلت المدرسة نقاط تميّز لـ${name} (${Math.abs(record.points ?? 0)}) يوم ${day.ar}: ${title.ar}.`,
      },
    }),
  },
  demerit: {
    category: 'conduct',
    event: 'conduct.merit',
    path: '/meritDemerit',
    text: (name, title, day, record) => ({
      title: { en: `A demerit for ${name}: ${title.en}`, ar: `ملاحظة سلوكية بشأن ${name}: ${title.ar}` },
      body: {
        en: `The school recorded a demerit of ${Math.abs(record.points ?? 0)} point(s) for ${name} on ${day.en}: ${title.en}.`,
        ar: `سجّلت المدرسة ملاحظة سلوكية بشأن ${name} (${Math.abs(record.points ?? 0)}) يوم ${day.ar}: ${title.ar}.`,
      },
    }),
  },
  incident: {
    category: 'conduct',
    event: 'conduct.incident',
    path: '/incidence',
    text: (name, title, day, record) => ({
      title: { en: `Incident report for ${name}: ${title.en}`, ar: `تقرير حادثة تخص ${name}: ${title.ar}` },
      body: {
        en: `The school recorded an incident involving ${name} on ${day.en}: ${title.en}.${record.requiresAck ? ' Please read it and acknowledge it in the portal.' : ''}`,
        ar: `سجّلت المدرسة حادثة تخص ${name} يوم ${day.ar}: ${title.ar}.${record.requiresAck ? ' يُرجى قراءتها وتأكيد الاطلاع عليها في البوابة.' : ''}`,
      },
    }),
  },
  medicalVisit: {
    category: 'health',
    event: 'health.clinicVisit',
    path: '/medical',
    text: (name, title, day) => ({
      title: { en: `${name} visited the school clinic`, ar: `زيارة ${name} لعيادة المدرسة` },
      body: {
        en: `The school nurse saw ${name} on ${day.en}: ${title.en}. The details are in the portal.`,
        ar: `استقبلت عيادة المدرسة ${name} يوم ${day.ar}: ${title.ar}. التفاصيل في البوابة.`,
      },
    }),
  },
  goal: {
    category: 'conduct',
    event: 'conduct.planReview',
    path: '/goal-settingview',
    text: (name, title) => ({
      title: { en: `A goal for ${name}: ${title.en}`, ar: `هدف جديد لـ${name}: ${title.ar}` },
      body: {
        en: `The school shared a goal for ${name}: ${title.en}. Read it and add your comments in the portal.`,
        ar: `شاركت المدرسة هدفًا لـ${name}: ${title.ar}. اطّلع عليه وأضف تعليقك في البوابة.`,
      },
    }),
  },
  improvementPlan: {
    category: 'conduct',
    event: 'conduct.planReview',
    path: '/improvement',
    text: (name, title) => ({
      title: { en: `An improvement plan for ${name}: ${title.en}`, ar: `خطة تحسين لـ${name}: ${title.ar}` },
      body: {
        en: `The school shared an improvement plan for ${name}: ${title.en}. Read its targets and add your comments in the portal.`,
        ar: `شاركت المدرسة خطة تحسين لـ${name}: ${title.ar}. اطّلع على أهدافها وأضف تعليقك في البوابة.`,
      },
    }),
  },
};

/** The notice of one record newly shown to the child's parents. */
export function careNotice(schoolId: string, firstName: string, record: TNewRecord): TNotice | null {
  const kind = NOTICE_KINDS[record.kind];
  if (!kind) return null;
  const title = { en: record.titleEn, ar: record.titleAr || record.titleEn };
  const day = { en: noticeDay('en', record.occurredOn), ar: noticeDay('ar', record.occurredOn) };
  const text = kind.text(firstName, title, day, record);
  return {
    schoolId,
    enrollNumber: record.enrollNumber,
    category: kind.category,
    kind: kind.event,
    dedupeKey: `care:${record.recordId}`,
    ...text,
    path: `${kind.path}?enrollNumber=${encodeURIComponent(record.enrollNumber)}`,
  };
}

/**
 * Marks told every record of the school that parents now see and were not told of, and tells
 * the parents of those of the last CARE_NOTICE_DAYS days. Call it in the import's transaction.
 */
export async function noticeNewCareRecords(tx: TDatabase, schoolId: string, today: string): Promise<number> {
  const shown = await tx
    .update(careRecords)
    .set({ notifiedAt: sql`now()` })
    .where(
      and(
        eq(careRecords.schoolId, schoolId),
        isNull(careRecords.notifiedAt),
        isNull(careRecords.removedAt),
        inArray(careRecords.kind, Object.keys(NOTICE_KINDS)),
        published(careRecords.publishedAt),
      ),
    )
    .returning({
      recordId: careRecords.recordId,
      enrollNumber: careRecords.enrollNumber,
      kind: careRecords.kind,
      occurredOn: careRecords.occurredOn,
      titleEn: careRecords.titleEn,
      titleAr: careRecords.titleAr,
      points: careRecords.points,
      requiresAck: careRecords.requiresAck,
    });
  const recent = shown.filter((record) => daysBetween(record.occurredOn, today) <= CARE_NOTICE_DAYS);
  if (recent.length === 0) return 0;
  const names = await childFirstNames(
    tx,
    schoolId,
    recent.map((record) => record.enrollNumber),
  );
  const notices = recent.flatMap(
    (record) => careNotice(schoolId, names.get(record.enrollNumber) ?? record.enrollNumber, record) ?? [],
  );
  return notices.length === 0 ? 0 : notify(tx, notices);
}

/** How often the job looks for records whose publication time has come. */
export const CARE_NOTICE_INTERVAL_MS = 60_000;

/**
 * Tells, school by school, the records whose publication time has come since the import that
 * brought them (a record published for a later time). Answers how many notices were written.
 */
export async function noticeDueCareRecords(db: TDatabase, now: Date = new Date()): Promise<number> {
  const due = await db
    .selectDistinct({ schoolId: careRecords.schoolId })
    .from(careRecords)
    .where(
      and(isNull(careRecords.notifiedAt), isNull(careRecords.removedAt), published(careRecords.publishedAt)),
    );
  let written = 0;
  for (const { schoolId } of due) {
    const today = schoolToday((await schoolWide(db, schoolId))?.timeZone, now);
    written += await db.transaction((tx) =>
      noticeNewCareRecords(tx as unknown as TDatabase, schoolId, today),
    );
  }
  return written;
}
