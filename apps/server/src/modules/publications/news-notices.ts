import { and, eq, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { authorityOf, isEntryAllowed } from '@portal/contracts/authority';
import { MENU } from '@portal/contracts/menu';
import { newsPosts, schoolRoleApplications } from '../../db/schema/index.ts';
import type { TNotice } from '../../kits/notify.ts';
import { tellDueSchools, tellSchoolParents, untoldIn } from './school-notices.ts';

// The news notices (docs/modules.md F4 events; docs/notifications.md): when a news post becomes
// visible to parents (imported published, or its publication time reached), every parent of
// the school is told once, as `announcements.news` (a digest by default), for the whole family
// (no child). A post first seen more than NEWS_NOTICE_DAYS after its publication is marked
// told without a notice (a first import of the school's archive alarms no one), as are the
// posts past the NEWS_NOTICES_AT_ONCE newest of one import; a school that does not grant the
// news module tells none.

/** How many days after its publication a post is still told. */
export const NEWS_NOTICE_DAYS = 14;
/** The most posts told at once (the newest); the others are marked told. */
export const NEWS_NOTICES_AT_ONCE = 5;
/** The longest excerpt of a post's text a notice carries. */
const EXCERPT_LENGTH = 240;

type TShownPost = {
  newsId: string;
  titleEn: string;
  titleAr: string;
  summaryEn: string;
  summaryAr: string;
  bodyEn: string;
  bodyAr: string;
  publishedAt: Date | null;
};

const excerptOf = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1)}…` : flat;
};

/** The notice of one post newly shown to the school's parents. */
export function newsNotice(schoolId: string, post: TShownPost): TNotice {
  const titleAr = post.titleAr || post.titleEn;
  const textEn = excerptOf(post.summaryEn || post.bodyEn);
  const textAr = excerptOf(post.summaryAr || post.bodyAr || post.summaryEn || post.bodyEn);
  return {
    schoolId,
    enrollNumber: null,
    category: 'announcements',
    kind: 'announcements.news',
    dedupeKey: `news:${post.newsId}`,
    title: { en: `School news: ${post.titleEn}`, ar: `أخبار المدرسة: ${titleAr}` },
    body: {
      en: textEn ? `${textEn} Read the whole story in the portal.` : 'Read the whole story in the portal.',
      ar: textAr ? `${textAr} اقرأ الخبر كاملًا في البوابة.` : 'اقرأ الخبر كاملًا في البوابة.',
    },
    path: '/news',
    ...(post.publishedAt ? { at: post.publishedAt } : {}),
  };
}

/**
 * Whether the school grants its parents the news module, by the menu's rule
 * (plugins/module-access.ts), read with one query: in the import's transaction, whose
 * connection takes one query at a time.
 */
async function grantsNews(tx: TDatabase, schoolId: string): Promise<boolean> {
  const rows = await tx
    .select({ code: schoolRoleApplications.applicationCode })
    .from(schoolRoleApplications)
    .where(and(eq(schoolRoleApplications.schoolId, schoolId), eq(schoolRoleApplications.role, 'parent')));
  const entry = MENU.find((candidate) => candidate.key === 'news');
  return (
    entry !== undefined &&
    isEntryAllowed(
      entry,
      authorityOf(
        schoolId,
        rows.map((row) => row.code),
      ),
    )
  );
}

/**
 * Marks told every post of the school that parents now see and were not told of, and tells
 * every parent of the school of the newest recent ones. Call it in the transaction of the
 * change (the import). Answers how many notices were written.
 */
export async function noticeNewNews(
  tx: TDatabase,
  schoolId: string,
  now: Date = new Date(),
): Promise<number> {
  const shown = await tx
    .update(newsPosts)
    .set({ notifiedAt: sql`now()` })
    .where(untoldIn(newsPosts, schoolId))
    .returning({
      newsId: newsPosts.newsId,
      titleEn: newsPosts.titleEn,
      titleAr: newsPosts.titleAr,
      summaryEn: newsPosts.summaryEn,
      summaryAr: newsPosts.summaryAr,
      bodyEn: newsPosts.bodyEn,
      bodyAr: newsPosts.bodyAr,
      publishedAt: newsPosts.publishedAt,
    });
  const oldest = now.getTime() - NEWS_NOTICE_DAYS * 86_400_000;
  const recent = shown
    .filter((post) => (post.publishedAt?.getTime() ?? 0) >= oldest)
    .sort((a, b) => (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0))
    .slice(0, NEWS_NOTICES_AT_ONCE);
  if (recent.length === 0 || !(await grantsNews(tx, schoolId))) return 0;
  return tellSchoolParents(
    tx,
    schoolId,
    recent.map((post) => newsNotice(schoolId, post)),
  );
}

/** How often the job looks for posts whose publication time has come. */
export const NEWS_NOTICE_INTERVAL_MS = 60_000;

/**
 * Tells, school by school, the posts whose publication time has come since the import that
 * brought them (a post published for a later time). Answers how many notices were written.
 */
export function noticeDueNews(db: TDatabase, now: Date = new Date()): Promise<number> {
  return tellDueSchools(db, newsPosts, (tx, schoolId) => noticeNewNews(tx, schoolId, now));
}
