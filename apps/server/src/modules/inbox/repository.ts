import { and, desc, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { TNotification, TNotificationCategory } from '@portal/contracts/kits/inbox';
import type { TDatabase } from '../../db/client.ts';
import { notifications, parentStudents, students } from '../../db/schema/index.ts';
import { ownChildJoin } from '../../access/own-child.ts';
import { instantText, type TCursor } from '../../kits/cursor.ts';

// The parent's inbox (docs/notifications.md): newest first, a page at a time. A notice about
// a child shows only while the child is still the parent's (the own-child join); a notice for
// the whole family always shows.

type TOwner = { schoolId: string; parentId: string };

export type TInboxFilters = {
  enrollNumber?: string;
  category?: TNotificationCategory;
  unread?: '1' | '0';
};

/** The notices this parent may see: their own, about a child still theirs or the whole family. */
function visibleTo(owner: TOwner): SQL {
  return and(
    eq(notifications.schoolId, owner.schoolId),
    eq(notifications.parentId, owner.parentId),
    or(isNull(notifications.enrollNumber), isNotNull(parentStudents.enrollNumber)),
  ) as SQL;
}

const createdAtText = instantText(notifications.createdAt);

/** A page of the inbox, newest first, and the cursor of the next page (null: none). */
export async function inboxPage(
  db: TDatabase,
  owner: TOwner,
  filters: TInboxFilters,
  pageSize: number,
  after: TCursor | null,
): Promise<{ items: TNotification[]; next: TCursor | null }> {
  const conditions: (SQL | undefined)[] = [
    visibleTo(owner),
    filters.enrollNumber ? eq(notifications.enrollNumber, filters.enrollNumber) : undefined,
    filters.category ? eq(notifications.category, filters.category) : undefined,
    filters.unread === '1' ? isNull(notifications.readAt) : undefined,
    filters.unread === '0' ? isNotNull(notifications.readAt) : undefined,
    after
      ? or(
          lt(notifications.createdAt, sql`${after.at}::timestamptz`),
          and(
            eq(notifications.createdAt, sql`${after.at}::timestamptz`),
            lt(notifications.notificationId, after.id),
          ),
        )
      : undefined,
  ];
  const rows = await db
    .select({
      notice: notifications,
      createdAtText,
      childName: students.fullName,
    })
    .from(notifications)
    .leftJoin(parentStudents, ownChildJoin(notifications, owner.parentId))
    .leftJoin(
      students,
      and(
        eq(students.schoolId, notifications.schoolId),
        eq(students.enrollNumber, notifications.enrollNumber),
      ),
    )
    .where(and(...conditions))
    .orderBy(desc(notifications.createdAt), desc(notifications.notificationId))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  const items = page.map(({ notice, childName }) => ({
    id: notice.notificationId,
    category: notice.category as TNotificationCategory,
    kind: notice.kind,
    enrollNumber: notice.enrollNumber,
    childName: notice.enrollNumber ? (childName ?? null) : null,
    title: notice.titleEn,
    titleAr: notice.titleAr,
    body: notice.bodyEn,
    bodyAr: notice.bodyAr,
    path: notice.path,
    createdAt: notice.createdAt.toISOString(),
    readAt: notice.readAt?.toISOString() ?? null,
  }));
  const next =
    rows.length > pageSize && last ? { at: last.createdAtText, id: last.notice.notificationId } : null;
  return { items, next };
}

/** How many of the parent's visible notices are unread. */
export async function unreadCount(db: TDatabase, owner: TOwner): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .leftJoin(parentStudents, ownChildJoin(notifications, owner.parentId))
    .where(and(visibleTo(owner), isNull(notifications.readAt)));
  return row?.count ?? 0;
}

/** Marks the parent's notices read: these ids (others' ids change nothing), or all. */
export async function markRead(db: TDatabase, owner: TOwner, ids: string[] | 'all'): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.schoolId, owner.schoolId),
        eq(notifications.parentId, owner.parentId),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.notificationId, ids),
      ),
    );
}
