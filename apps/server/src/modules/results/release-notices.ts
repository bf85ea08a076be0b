import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import {
  assessmentCategories,
  assessmentResults,
  assessments,
  classes,
  reportCards,
  subjects,
} from '../../db/schema/index.ts';
import { childFirstNames, notify, type TNotice } from '../../kits/notify.ts';

// `academics.resultsReleased` and `academics.reportCardPublished` (docs/modules.md F2 events;
// docs/notifications.md): when the school's release time of an assessment or a report card has
// come, the parents of each child it concerns are told once. A release is told when the job
// first sees it: at once after an immediate release, within a minute of a scheduled one. One
// released more than RELEASE_NOTICE_DAYS before it is first seen (an import of last term's
// marks) is marked told without a notice, so that it floods no inbox.

export const RELEASE_NOTICE_DAYS = 14;
/** How often the job looks for releases whose time has come. */
export const RELEASE_NOTICE_INTERVAL_MS = 60_000;
/** Releases told in one run at most (of each kind); the rest wait for the next run. */
const BATCH = 500;

const PATH_OF_KIND: Record<string, string> = {
  assessment: '/assessment-mark',
  assignment: '/assignment',
  coScholastic: '/coScholastic-marks',
};

type TChild = { enrollNumber: string; name: string };

const withChild = (path: string, enrollNumber: string) =>
  `${path}?enrollNumber=${encodeURIComponent(enrollNumber)}`;

export type TReleaseRun = { assessments: number; reportCards: number; notices: number };

/**
 * Tells the releases whose time has come by `now` and are not told yet, in one transaction:
 * writes the notices and marks each release told. Answers what it did.
 */
export async function sendReleaseNotices(db: TDatabase, now: Date = new Date()): Promise<TReleaseRun> {
  const oldest = new Date(now.getTime() - RELEASE_NOTICE_DAYS * 86_400_000);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as TDatabase;
    const run: TReleaseRun = { assessments: 0, reportCards: 0, notices: 0 };
    const released = await tx
      .select({
        schoolId: assessments.schoolId,
        assessmentId: assessments.assessmentId,
        titleEn: assessments.titleEn,
        titleAr: assessments.titleAr,
        subjectEn: sql<string>`coalesce(${subjects.nameEn}, ${classes.titleEn}, '')`,
        subjectAr: sql<string>`coalesce(${subjects.nameAr}, ${classes.titleAr}, '')`,
        kind: assessmentCategories.kind,
        at: assessments.resultsPublishedAt,
      })
      .from(assessments)
      .leftJoin(
        assessmentCategories,
        and(
          eq(assessmentCategories.schoolId, assessments.schoolId),
          eq(assessmentCategories.categoryId, assessments.categoryId),
        ),
      )
      .leftJoin(
        classes,
        and(eq(classes.schoolId, assessments.schoolId), eq(classes.classId, assessments.classId)),
      )
      .leftJoin(
        subjects,
        and(eq(subjects.schoolId, classes.schoolId), eq(subjects.subjectId, classes.subjectId)),
      )
      .where(
        and(
          isNotNull(assessments.resultsPublishedAt),
          lte(assessments.resultsPublishedAt, now),
          isNull(assessments.releaseNotifiedAt),
          isNull(assessments.removedAt),
        ),
      )
      .orderBy(asc(assessments.resultsPublishedAt))
      .limit(BATCH);
    const notices: TNotice[] = [];
    for (const schoolId of new Set(released.map((item) => item.schoolId))) {
      const recent = released.filter((item) => item.schoolId === schoolId && item.at && item.at >= oldest);
      if (recent.length === 0) continue;
      // The children with a score to see: a result handed in but not marked is no news.
      const results = await tx
        .select({
          assessmentId: assessmentResults.assessmentId,
          enrollNumber: assessmentResults.enrollNumber,
        })
        .from(assessmentResults)
        .where(
          and(
            eq(assessmentResults.schoolId, schoolId),
            inArray(
              assessmentResults.assessmentId,
              recent.map((item) => item.assessmentId),
            ),
            or(isNotNull(assessmentResults.score), sql`${assessmentResults.textScore} <> ''`),
          ),
        );
      const names = await childFirstNames(tx, schoolId, [
        ...new Set(results.map((result) => result.enrollNumber)),
      ]);
      for (const result of results) {
        const item = recent.find((candidate) => candidate.assessmentId === result.assessmentId);
        if (!item) continue;
        const child = { enrollNumber: result.enrollNumber, name: names.get(result.enrollNumber) ?? '' };
        notices.push(resultsNotice(schoolId, child, item));
      }
    }
    for (const schoolId of new Set(released.map((item) => item.schoolId))) {
      const ids = released.filter((item) => item.schoolId === schoolId).map((item) => item.assessmentId);
      await tx
        .update(assessments)
        .set({ releaseNotifiedAt: now })
        .where(and(eq(assessments.schoolId, schoolId), inArray(assessments.assessmentId, ids)));
    }
    run.assessments = released.length;
    const cards = await tx
      .select({
        schoolId: reportCards.schoolId,
        reportCardId: reportCards.reportCardId,
        enrollNumber: reportCards.enrollNumber,
        titleEn: reportCards.titleEn,
        titleAr: reportCards.titleAr,
        at: reportCards.publishedAt,
      })
      .from(reportCards)
      .where(
        and(
          isNotNull(reportCards.publishedAt),
          lte(reportCards.publishedAt, now),
          isNull(reportCards.publishNotifiedAt),
          isNull(reportCards.removedAt),
        ),
      )
      .orderBy(asc(reportCards.publishedAt))
      .limit(BATCH);
    for (const schoolId of new Set(cards.map((card) => card.schoolId))) {
      const recent = cards.filter((card) => card.schoolId === schoolId && card.at && card.at >= oldest);
      const names = await childFirstNames(tx, schoolId, [
        ...new Set(recent.map((card) => card.enrollNumber)),
      ]);
      for (const card of recent) {
        const child = { enrollNumber: card.enrollNumber, name: names.get(card.enrollNumber) ?? '' };
        notices.push(reportCardNotice(schoolId, child, card));
      }
    }
    for (const schoolId of new Set(cards.map((card) => card.schoolId))) {
      const ids = cards.filter((card) => card.schoolId === schoolId).map((card) => card.reportCardId);
      await tx
        .update(reportCards)
        .set({ publishNotifiedAt: now })
        .where(and(eq(reportCards.schoolId, schoolId), inArray(reportCards.reportCardId, ids)));
    }
    run.reportCards = cards.length;
    run.notices = notices.length === 0 ? 0 : await notify(tx, notices);
    return run;
  });
}

/** The notice of a child's released result. */
function resultsNotice(
  schoolId: string,
  child: TChild,
  item: {
    assessmentId: string;
    titleEn: string;
    titleAr: string;
    subjectEn: string;
    subjectAr: string;
    kind: string | null;
    at: Date | null;
  },
): TNotice {
  const titleAr = item.titleAr || item.titleEn;
  const subjectAr = item.subjectAr || item.subjectEn;
  return {
    schoolId,
    enrollNumber: child.enrollNumber,
    category: 'academics',
    kind: 'academics.resultsReleased',
    dedupeKey: `academics.resultsReleased:${item.assessmentId}:${child.enrollNumber}`,
    title: {
      en: `${child.name}'s result is out: ${item.titleEn}`,
      ar: `صدرت نتيجة ${child.name}: ${titleAr}`,
    },
    body: {
      en: `The school has released ${child.name}'s result of "${item.titleEn}" (${item.subjectEn}). Open it to see the grade and what it means.`,
      ar: `أصدرت المدرسة نتيجة ${child.name} في «${titleAr}» (${subjectAr}). افتحها لترى الدرجة ومعناها.`,
    },
    path: withChild(PATH_OF_KIND[item.kind ?? ''] ?? '/assessment-mark', child.enrollNumber),
    // Dated at the release, so a scheduled release is in the inbox where it happened.
    ...(item.at ? { at: item.at } : {}),
  };
}

/** The notice of a child's published report card. */
function reportCardNotice(
  schoolId: string,
  child: TChild,
  card: { reportCardId: string; titleEn: string; titleAr: string; at: Date | null },
): TNotice {
  const titleAr = card.titleAr || card.titleEn;
  return {
    schoolId,
    enrollNumber: child.enrollNumber,
    category: 'academics',
    kind: 'academics.reportCardPublished',
    dedupeKey: `academics.reportCardPublished:${card.reportCardId}`,
    title: {
      en: `${child.name}'s report card is ready: ${card.titleEn}`,
      ar: `بطاقة تقرير ${child.name} جاهزة: ${titleAr}`,
    },
    body: {
      en: `The school has published ${child.name}'s report card "${card.titleEn}". Open it in the report cards.`,
      ar: `نشرت المدرسة بطاقة تقرير ${child.name} «${titleAr}». افتحها في بطاقات التقارير.`,
    },
    path: withChild('/report', child.enrollNumber),
    ...(card.at ? { at: card.at } : {}),
  };
}
