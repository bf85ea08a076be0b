import { and, isNotNull, lte, sql, type Column, type SQL } from 'drizzle-orm';

// The publication gate (docs/decisions/018-module-families.md): school content has a
// `published_at`; null is a draft and a future time is scheduled. Before it, a row does not
// exist for parents: not listed, 404 by id, not notified, not in the calendar feed.

/** The condition that keeps only rows published by now. */
export function published(publishedAt: Column): SQL {
  return and(isNotNull(publishedAt), lte(publishedAt, sql`now()`)) as SQL;
}

/** The same rule for a row already read: published and not in the future. */
export function isPublished(publishedAt: Date | null, now: Date = new Date()): boolean {
  return publishedAt !== null && publishedAt.getTime() <= now.getTime();
}
