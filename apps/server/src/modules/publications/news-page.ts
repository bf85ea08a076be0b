import { and, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { TNewsPost } from '@portal/contracts/families/publications';
import type { TDatabase } from '../../db/client.ts';
import { newsPosts } from '../../db/schema/index.ts';
import { published } from '../../kits/publication.ts';
import { pictureOf, pictureSizesOf } from './picture-store.ts';

// A page of the school's news (docs/modules.md F4), newest first: only published posts, not
// removed, each with its picture in every width it is served in.

/**
 * Where a page ends: the last post's publication time (to the microsecond), and how many posts
 * of that time the pages so far held (posts published at the same time follow in id order).
 * It names no id, so it stays short whatever the school's ids.
 */
export type TNewsCursor = { at: string; skip: number };

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export const newsCursorText = (cursor: TNewsCursor) =>
  Buffer.from(`${cursor.at}|${cursor.skip}`, 'utf8').toString('base64url');

/** The cursor a page's `nextCursor` names, or null when it is not one. */
export function readNewsCursor(text: string): TNewsCursor | null {
  const [at = '', skip = '', ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  return rest.length === 0 && INSTANT.test(at) && /^[1-9]\d{0,5}$/.test(skip)
    ? { at, skip: Number(skip) }
    : null;
}

const publishedAtText = sql<string>`to_char(${newsPosts.publishedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A page of the school's published news, and the cursor of the next page (null: none). */
export async function newsPage(
  db: TDatabase,
  schoolId: string,
  pageSize: number,
  after: TNewsCursor | null,
): Promise<{ items: TNewsPost[]; next: TNewsCursor | null }> {
  const rows = await db
    .select({ post: newsPosts, publishedAtText })
    .from(newsPosts)
    .where(
      and(
        eq(newsPosts.schoolId, schoolId),
        isNull(newsPosts.removedAt),
        published(newsPosts.publishedAt),
        after ? lte(newsPosts.publishedAt, sql`${after.at}::timestamptz`) : undefined,
      ),
    )
    .orderBy(desc(newsPosts.publishedAt), desc(newsPosts.newsId))
    .offset(after?.skip ?? 0)
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const sizes = await pictureSizesOf(
    db,
    schoolId,
    page.map(({ post }) => post.imageId),
  );
  const items = page.map(({ post }) => ({
    id: post.newsId,
    title: post.titleEn,
    titleAr: post.titleAr,
    summary: post.summaryEn,
    summaryAr: post.summaryAr,
    body: post.bodyEn,
    bodyAr: post.bodyAr,
    publishedAt: (post.publishedAt ?? new Date(0)).toISOString(),
    picture: pictureOf(schoolId, post.imageId, sizes, { en: post.imageAltEn, ar: post.imageAltAr }),
  }));
  const last = page.at(-1);
  if (rows.length <= pageSize || !last) return { items, next: null };
  const sameTime = page.filter((row) => row.publishedAtText === last.publishedAtText).length;
  const before = after?.at === last.publishedAtText ? after.skip : 0;
  return { items, next: { at: last.publishedAtText, skip: before + sameTime } };
}
