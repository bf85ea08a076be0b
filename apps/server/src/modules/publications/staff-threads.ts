import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, isNull } from 'drizzle-orm';
import {
  ZIdParams,
  ZStaffMessageAnswer,
  ZStaffMessageBody,
  ZStaffThreads,
  ZStaffThreadsQuery,
  ZStaffThreadAnswer,
  type TThreadContact,
} from '@portal/contracts/families/publications';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { auditLog, staff, threadMessages } from '../../db/schema/index.ts';
import { staffNotLinked, staffOfChild } from '../../kits/child-staff.ts';
import { afterCursor, cursorText, isUuid } from '../../kits/cursor.ts';
import { noticeReply } from './thread-notices.ts';
import {
  messagesOf,
  nextSeq,
  schoolThread,
  staffThreadPage,
  threadClosed,
  threadNotFound,
  toThread,
  type TThreadRow,
} from './thread-store.ts';

const ok = { success: true, messageId: MessageId.ok } as const;

type TStaffRow = TThreadRow & { parentName: string };

/** A thread as the staff side lists it. */
function toStaffThread(row: TStaffRow, contacts: readonly TThreadContact[] = []) {
  const thread = toThread(row, contacts);
  return {
    id: thread.id,
    enrollNumber: thread.enrollNumber,
    childName: thread.childName,
    parentId: row.thread.parentId,
    parentName: row.parentName,
    staffId: row.thread.staffId,
    subject: thread.subject,
    status: thread.status,
    createdAt: thread.createdAt,
    lastMessageAt: thread.lastMessageAt,
    preview: thread.preview,
    unread: row.unread,
  };
}

/** The school's live member of staff with this id, or null. */
async function staffMember(db: TDatabase, schoolId: string, staffId: string) {
  const [member] = await db
    .select({ staffId: staff.staffId, nameEn: staff.nameEn, nameAr: staff.nameAr })
    .from(staff)
    .where(and(eq(staff.schoolId, schoolId), eq(staff.staffId, staffId), isNull(staff.removedAt)));
  return member ?? null;
}

/** The school's thread by the id in the path; 404 `N404` for another school's, or none. */
async function threadOfSchool(db: TDatabase, schoolId: string, threadId: string) {
  const row = isUuid(threadId) ? await schoolThread(db, schoolId, threadId) : null;
  if (!row) throw threadNotFound();
  return row;
}

/**
 * The staff side of threads (docs/school-data.md, "Staff API"; register under a scope that
 * requires a `staff` key):
 * - POST threads/:id/messages `{body, staffId?, close?}`: a reply, written by the thread's
 *   member of staff (when `staffId` is not given) or by another who teaches or cares for the
 *   child now (else 403 `A003`); `close` closes the thread after it (a closed thread: 409
 *   `M001`). The parent is told (`messages.reply`), in the inbox and by mail as they chose.
 * - GET threads?staffId&unread&cursor&pageSize: a member of staff's threads, newest first.
 * - GET threads/:id: one thread with its messages (reading it changes nothing).
 */
export const staffThreadRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  app.post(
    '/threads/:id/messages',
    {
      schema: {
        params: ZIdParams,
        body: ZStaffMessageBody,
        response: { 201: ZStaffMessageAnswer },
      },
    },
    async (request, reply) => {
      const { schoolId, keyId } = request.apiKey;
      const row = await threadOfSchool(db, schoolId, request.params.id);
      const { thread } = row;
      if (thread.status !== 'open') throw threadClosed();
      const authorId = request.body.staffId ?? thread.staffId;
      const author = await staffMember(db, schoolId, authorId);
      // The thread's own member of staff, or another who teaches or cares for the child now.
      const linked =
        author !== null &&
        (authorId === thread.staffId ||
          (await staffOfChild(db, schoolId, thread.enrollNumber)).some((contact) => contact.id === authorId));
      if (!author || !linked) throw staffNotLinked();
      const { body, close } = request.body;
      const written = await db.transaction(async (tx) => {
        const t = tx as unknown as TDatabase;
        const seq = await nextSeq(t, schoolId, thread.threadId, 'staff', close);
        if (seq === null) throw threadClosed();
        const [message] = await tx
          .insert(threadMessages)
          .values({ schoolId, threadId: thread.threadId, seq, authorKind: 'staff', authorId, body })
          .returning();
        await noticeReply(t, {
          schoolId,
          parentId: thread.parentId,
          threadId: thread.threadId,
          seq,
          enrollNumber: thread.enrollNumber,
          subject: thread.subject,
          body,
          staff: author,
        });
        await tx.insert(auditLog).values({
          schoolId,
          keyId,
          staffId: authorId,
          action: 'threads.reply',
          detail: { threadId: thread.threadId, seq, closed: close },
        });
        return message!;
      });
      return reply.code(201).send({
        ...ok,
        threadId: thread.threadId,
        message: {
          seq: written.seq,
          author: 'staff' as const,
          authorName: author.nameEn,
          authorNameAr: author.nameAr,
          body: written.body,
          at: written.at.toISOString(),
        },
      });
    },
  );

  app.get(
    '/threads',
    { schema: { querystring: ZStaffThreadsQuery, response: { 200: ZStaffThreads } } },
    async (request) => {
      const { schoolId } = request.apiKey;
      const { staffId, unread, cursor, pageSize } = request.query;
      if (!(await staffMember(db, schoolId, staffId)))
        throw new ApiError(
          404,
          MessageId.notFound,
          `No member of the school's staff has the id "${staffId}"`,
        );
      const page = await staffThreadPage(
        db,
        schoolId,
        staffId,
        unread === '1',
        pageSize,
        afterCursor(cursor),
      );
      return {
        ...ok,
        items: page.rows.map((row) => toStaffThread(row)),
        nextCursor: page.next ? cursorText(page.next) : null,
      };
    },
  );

  app.get(
    '/threads/:id',
    { schema: { params: ZIdParams, response: { 200: ZStaffThreadAnswer } } },
    async (request) => {
      const { schoolId } = request.apiKey;
      const row = await threadOfSchool(db, schoolId, request.params.id);
      const [contacts, messages] = await Promise.all([
        staffOfChild(db, schoolId, row.thread.enrollNumber),
        messagesOf(db, schoolId, row.thread.threadId),
      ]);
      return { ...ok, thread: toStaffThread(row, contacts), messages };
    },
  );
};
