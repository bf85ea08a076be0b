import { and, asc, desc, eq, inArray, isNull, like, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  MESSAGES_PER_HOUR,
  type TThread,
  type TThreadContact,
  type TThreadMessage,
} from '@portal/contracts/families/publications';
import { MessageId } from '@portal/contracts/messages';
import { ApiError, notYourChild } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import {
  attachments,
  messageThreads,
  notifications,
  parentStudents,
  parents,
  staff,
  students,
  threadMessages,
} from '../../db/schema/index.ts';
import { ownChildJoin } from '../../access/own-child.ts';
import { toAttachment } from '../../kits/attachments.ts';
import { instantText, isUuid, type TCursor } from '../../kits/cursor.ts';

// Threads between a parent and a member of staff about one child
// (docs/decisions/021-publications-and-inbox.md): the thread keeps each side's last message
// read and the number of its last message, so a message takes the next number under the
// thread's row lock. A parent sees a thread while the child is theirs.

export type TOwner = { schoolId: string; parentId: string };

/** The characters of the last message a list shows. */
const PREVIEW_LENGTH = 140;
/** The messages a thread's answer holds: its latest. */
export const MESSAGES_SHOWN = 200;
/** The kind of the notice of a staff reply, and its dedupe key's start. */
export const REPLY_KIND = 'messages.reply';

export const threadNotFound = () => new ApiError(404, MessageId.notFound, 'No such thread');
export const threadClosed = () =>
  new ApiError(409, MessageId.threadClosed, 'The thread is closed: it takes no more messages');

/** What the attachments of message `seq` of a thread are used by (kits/attachments.ts). */
export const messageUse = (threadId: string, seq: number) => `message:${threadId}:${seq}`;

/** Messages of the other side a reader has not read: `staff` ones for the parent, and back. */
function unreadSql(reader: 'parent' | 'staff'): SQL<number> {
  const readSeq = reader === 'parent' ? messageThreads.parentReadSeq : messageThreads.staffReadSeq;
  const author = reader === 'parent' ? 'staff' : 'parent';
  return sql<number>`(select count(*)::int from ${threadMessages} m
    where m.school_id = ${messageThreads.schoolId} and m.thread_id = ${messageThreads.threadId}
      and m.author_kind = ${author} and m.seq > ${readSeq})`;
}

const previewSql = sql<string>`coalesce((select left(m.body, ${PREVIEW_LENGTH + 1}) from ${threadMessages} m
  where m.school_id = ${messageThreads.schoolId} and m.thread_id = ${messageThreads.threadId}
    and m.seq = ${messageThreads.lastSeq}), '')`;

const staffJoin = and(eq(staff.schoolId, messageThreads.schoolId), eq(staff.staffId, messageThreads.staffId));
const childJoin = and(
  eq(students.schoolId, messageThreads.schoolId),
  eq(students.enrollNumber, messageThreads.enrollNumber),
);

/** A thread as answers need it: its row, the child's and staff member's names, preview, unread. */
function threadSelection(reader: 'parent' | 'staff') {
  return {
    thread: messageThreads,
    childName: students.fullName,
    staffNameEn: staff.nameEn,
    staffNameAr: staff.nameAr,
    staffTitleEn: staff.titleEn,
    staffTitleAr: staff.titleAr,
    preview: previewSql,
    unread: unreadSql(reader),
    lastMessageAtText: instantText(messageThreads.lastMessageAt),
  };
}

export type TThreadRow = {
  thread: typeof messageThreads.$inferSelect;
  childName: string;
  staffNameEn: string | null;
  staffNameAr: string | null;
  staffTitleEn: string | null;
  staffTitleAr: string | null;
  preview: string;
  unread: number;
  lastMessageAtText: string;
};

const previewOf = (text: string) =>
  text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text;

/**
 * A thread as the parent sees it; the staff member named as a contact of the child (what they
 * are to the child), else by the school's title for them.
 */
export function toThread(row: TThreadRow, contacts: readonly TThreadContact[]): TThread {
  const { thread } = row;
  const contact = contacts.find((candidate) => candidate.id === thread.staffId);
  return {
    id: thread.threadId,
    enrollNumber: thread.enrollNumber,
    childName: row.childName,
    staff: contact ?? {
      id: thread.staffId,
      name: row.staffNameEn ?? thread.staffId,
      nameAr: row.staffNameAr ?? '',
      title: row.staffTitleEn ?? '',
      titleAr: row.staffTitleAr ?? '',
    },
    subject: thread.subject,
    status: thread.status === 'closed' ? 'closed' : 'open',
    createdAt: thread.createdAt.toISOString(),
    lastMessageAt: thread.lastMessageAt.toISOString(),
    preview: previewOf(row.preview),
    unread: row.unread,
  };
}

/** The condition of a page after the cursor, newest activity first. */
function afterThread(after: TCursor | null): SQL | undefined {
  return after
    ? or(
        lt(messageThreads.lastMessageAt, sql`${after.at}::timestamptz`),
        and(
          eq(messageThreads.lastMessageAt, sql`${after.at}::timestamptz`),
          lt(messageThreads.threadId, after.id),
        ),
      )
    : undefined;
}

/** A page of rows and where the next starts. */
function paged(rows: TThreadRow[], pageSize: number) {
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  const next: TCursor | null =
    rows.length > pageSize && last ? { at: last.lastMessageAtText, id: last.thread.threadId } : null;
  return { rows: page, next };
}

const ofParent = (owner: TOwner) =>
  and(eq(messageThreads.schoolId, owner.schoolId), eq(messageThreads.parentId, owner.parentId));

/** A page of the parent's threads (of one child, or all), newest activity first. */
export async function parentThreadPage(
  db: TDatabase,
  owner: TOwner,
  enrollNumber: string | undefined,
  pageSize: number,
  after: TCursor | null,
) {
  const rows = await db
    .select(threadSelection('parent'))
    .from(messageThreads)
    .innerJoin(parentStudents, ownChildJoin(messageThreads, owner.parentId))
    .innerJoin(students, childJoin)
    .leftJoin(staff, staffJoin)
    .where(
      and(
        ofParent(owner),
        enrollNumber ? eq(messageThreads.enrollNumber, enrollNumber) : undefined,
        afterThread(after),
      ),
    )
    .orderBy(desc(messageThreads.lastMessageAt), desc(messageThreads.threadId))
    .limit(pageSize + 1);
  return paged(rows, pageSize);
}

/** Staff messages the parent has not read, over every thread they see. */
export async function parentUnread(db: TDatabase, owner: TOwner): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(threadMessages)
    .innerJoin(
      messageThreads,
      and(
        eq(messageThreads.schoolId, threadMessages.schoolId),
        eq(messageThreads.threadId, threadMessages.threadId),
      ),
    )
    .innerJoin(parentStudents, ownChildJoin(messageThreads, owner.parentId))
    .where(
      and(
        ofParent(owner),
        eq(threadMessages.authorKind, 'staff'),
        sql`${threadMessages.seq} > ${messageThreads.parentReadSeq}`,
      ),
    );
  return row?.count ?? 0;
}

/** The parent's thread (about a child still theirs), or null. */
export async function parentThread(
  db: TDatabase,
  owner: TOwner,
  threadId: string,
): Promise<TThreadRow | null> {
  const [row] = await db
    .select(threadSelection('parent'))
    .from(messageThreads)
    .innerJoin(parentStudents, ownChildJoin(messageThreads, owner.parentId))
    .innerJoin(students, childJoin)
    .leftJoin(staff, staffJoin)
    .where(and(ofParent(owner), eq(messageThreads.threadId, threadId)));
  return row ?? null;
}

/**
 * The parent's thread, for a route that names it: another family's thread (of this school or
 * another) is 403 `A002`, as every object of another family is; an unknown id is 404 `N404`.
 */
export async function requireParentThread(
  db: TDatabase,
  owner: TOwner,
  threadId: string,
): Promise<TThreadRow> {
  if (!isUuid(threadId)) throw threadNotFound();
  const row = await parentThread(db, owner, threadId);
  if (row) return row;
  const [elsewhere] = await db
    .select({ threadId: messageThreads.threadId })
    .from(messageThreads)
    .where(eq(messageThreads.threadId, threadId))
    .limit(1);
  throw elsewhere ? notYourChild() : threadNotFound();
}

/** A thread of the school, as the staff side sees it (with the parent's name), or null. */
export async function schoolThread(db: TDatabase, schoolId: string, threadId: string) {
  const [row] = await db
    .select({ ...threadSelection('staff'), parentName: parents.nameEn })
    .from(messageThreads)
    .innerJoin(students, childJoin)
    .innerJoin(
      parents,
      and(eq(parents.schoolId, messageThreads.schoolId), eq(parents.parentId, messageThreads.parentId)),
    )
    .leftJoin(staff, staffJoin)
    .where(and(eq(messageThreads.schoolId, schoolId), eq(messageThreads.threadId, threadId)));
  return row ?? null;
}

/** A page of a staff member's threads, newest activity first (only unread ones with `unread`). */
export async function staffThreadPage(
  db: TDatabase,
  schoolId: string,
  staffId: string,
  onlyUnread: boolean,
  pageSize: number,
  after: TCursor | null,
) {
  const rows = await db
    .select({ ...threadSelection('staff'), parentName: parents.nameEn })
    .from(messageThreads)
    .innerJoin(students, childJoin)
    .innerJoin(
      parents,
      and(eq(parents.schoolId, messageThreads.schoolId), eq(parents.parentId, messageThreads.parentId)),
    )
    .leftJoin(staff, staffJoin)
    .where(
      and(
        eq(messageThreads.schoolId, schoolId),
        eq(messageThreads.staffId, staffId),
        onlyUnread ? sql`${unreadSql('staff')} > 0` : undefined,
        afterThread(after),
      ),
    )
    .orderBy(desc(messageThreads.lastMessageAt), desc(messageThreads.threadId))
    .limit(pageSize + 1);
  const { rows: page, next } = paged(rows, pageSize);
  return { rows: page as typeof rows, next };
}

/** The latest messages of a thread, oldest first, with their authors' names and attachments. */
export async function messagesOf(
  db: TDatabase,
  schoolId: string,
  threadId: string,
): Promise<TThreadMessage[]> {
  const rows = await db
    .select({
      message: threadMessages,
      staffNameEn: staff.nameEn,
      staffNameAr: staff.nameAr,
      parentNameEn: parents.nameEn,
      parentNameAr: parents.nameAr,
    })
    .from(threadMessages)
    .leftJoin(
      staff,
      and(
        eq(threadMessages.authorKind, 'staff'),
        eq(staff.schoolId, threadMessages.schoolId),
        eq(staff.staffId, threadMessages.authorId),
      ),
    )
    .leftJoin(
      parents,
      and(
        eq(threadMessages.authorKind, 'parent'),
        eq(parents.schoolId, threadMessages.schoolId),
        eq(parents.parentId, threadMessages.authorId),
      ),
    )
    .where(and(eq(threadMessages.schoolId, schoolId), eq(threadMessages.threadId, threadId)))
    .orderBy(desc(threadMessages.seq))
    .limit(MESSAGES_SHOWN);
  rows.reverse();
  const ids = rows.flatMap((row) => row.message.attachmentIds);
  const files =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(attachments)
          .where(and(eq(attachments.schoolId, schoolId), inArray(attachments.attachmentId, ids)))
          .orderBy(asc(attachments.createdAt));
  const fileById = new Map(files.map((file) => [file.attachmentId, toAttachment(file)]));
  return rows.map(({ message, ...names }) => {
    const byStaff = message.authorKind === 'staff';
    return {
      seq: message.seq,
      author: byStaff ? 'staff' : 'parent',
      authorName: (byStaff ? names.staffNameEn : names.parentNameEn) ?? '',
      authorNameAr: (byStaff ? names.staffNameAr : names.parentNameAr) ?? '',
      body: message.body,
      at: message.at.toISOString(),
      attachments: message.attachmentIds.flatMap((id) => {
        const file = fileById.get(id);
        return file ? [file] : [];
      }),
    };
  });
}

/**
 * Holds the parent's messages for the transaction (one at a time per parent, on every
 * instance) and refuses one more than MESSAGES_PER_HOUR over every thread: 429 `L006`, with
 * the seconds until the oldest of the hour leaves it.
 */
export async function holdParentMessages(tx: TDatabase, owner: TOwner): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`messages:${owner.schoolId}:${owner.parentId}`}))`,
  );
  const [sent] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      waitSeconds: sql<number>`ceil(extract(epoch from (min(${threadMessages.at}) + interval '1 hour' - now())))::int`,
    })
    .from(threadMessages)
    .innerJoin(
      messageThreads,
      and(
        eq(messageThreads.schoolId, threadMessages.schoolId),
        eq(messageThreads.threadId, threadMessages.threadId),
      ),
    )
    .where(
      and(
        ofParent(owner),
        eq(threadMessages.authorKind, 'parent'),
        sql`${threadMessages.at} > now() - interval '1 hour'`,
      ),
    );
  if ((sent?.count ?? 0) >= MESSAGES_PER_HOUR) {
    throw new ApiError(429, MessageId.tooManyRequests, `At most ${MESSAGES_PER_HOUR} messages an hour`, {
      'retry-after': String(Math.max(1, sent?.waitSeconds ?? 60)),
    });
  }
}

/**
 * Takes the next message number of an open thread (under its row lock): the thread's last
 * activity is now, the writing side has read up to it, and `close` closes the thread after
 * it. Null when the thread is closed (or not there).
 */
export async function nextSeq(
  tx: TDatabase,
  schoolId: string,
  threadId: string,
  writer: 'parent' | 'staff',
  close = false,
): Promise<number | null> {
  const next = sql`${messageThreads.lastSeq} + 1`;
  const [row] = await tx
    .update(messageThreads)
    .set({
      lastSeq: next,
      lastMessageAt: sql`now()`,
      ...(writer === 'parent' ? { parentReadSeq: next } : { staffReadSeq: next }),
      ...(close ? { status: 'closed' } : {}),
    })
    .where(
      and(
        eq(messageThreads.schoolId, schoolId),
        eq(messageThreads.threadId, threadId),
        eq(messageThreads.status, 'open'),
      ),
    )
    .returning({ seq: messageThreads.lastSeq });
  return row?.seq ?? null;
}

/** Marks the thread read by its parent, and the inbox's notices of its replies with it. */
export async function markThreadRead(db: TDatabase, owner: TOwner, threadId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(messageThreads)
      .set({ parentReadSeq: sql`${messageThreads.lastSeq}` })
      .where(and(ofParent(owner), eq(messageThreads.threadId, threadId)));
    await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(notifications.schoolId, owner.schoolId),
          eq(notifications.parentId, owner.parentId),
          eq(notifications.kind, REPLY_KIND),
          like(notifications.dedupeKey, `${REPLY_KIND}:${threadId}:%`),
          isNull(notifications.readAt),
        ),
      );
  });
}
