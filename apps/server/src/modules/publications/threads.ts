import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { publicationEndpoints, type TThreadAnswer } from '@portal/contracts/families/publications';
import { MessageId } from '@portal/contracts/messages';
import type { TDatabase } from '../../db/client.ts';
import { messageThreads, threadMessages } from '../../db/schema/index.ts';
import { requireOwnChild } from '../../access/own-child.ts';
import { useAttachments } from '../../kits/attachments.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import { afterCursor, cursorText } from '../../kits/cursor.ts';
import { staffNotLinked, staffOfChild } from '../../kits/child-staff.ts';
import { contactsOfChildren } from './thread-contacts.ts';
import {
  holdParentMessages,
  markThreadRead,
  messageUse,
  messagesOf,
  nextSeq,
  parentThreadPage,
  parentUnread,
  threadClosed,
  requireParentThread,
  toThread,
  type TOwner,
} from './thread-store.ts';

const ok = { success: true, messageId: MessageId.ok } as const;

/** The parent's thread with its messages (another family's 403 `A002`, none 404 `N404`). */
async function threadAnswer(db: TDatabase, owner: TOwner, threadId: string): Promise<TThreadAnswer> {
  const row = await requireParentThread(db, owner, threadId);
  const [contacts, messages] = await Promise.all([
    staffOfChild(db, owner.schoolId, row.thread.enrollNumber),
    messagesOf(db, owner.schoolId, threadId),
  ]);
  return { ...ok, thread: toThread(row, contacts), messages };
}

/**
 * GET|POST threads, GET threads/contacts, GET threads/:id, POST threads/:id/messages|read
 * (module `communication`; docs/decisions/021-publications-and-inbox.md): a parent writes to
 * a member of staff who teaches or cares for one of their children (403 `A003` for anyone
 * else), at most MESSAGES_PER_HOUR messages an hour (429 `L006`), with up to five of their
 * attachments; the staff side answers through the staff API (staff-threads.ts).
 */
export function threadRoutes(app: FastifyInstance, db: TDatabase): void {
  addEndpoint(app, publicationEndpoints.threadContacts, async (request) => {
    const child = await requireOwnChild(db, request.session, request.query.enrollNumber);
    return { ...ok, items: await staffOfChild(db, child.schoolId, child.enrollNumber) };
  });

  addEndpoint(app, publicationEndpoints.threads, async (request) => {
    const owner = request.session;
    const { enrollNumber, cursor, pageSize } = request.query;
    if (enrollNumber) await requireOwnChild(db, owner, enrollNumber);
    const after = afterCursor(cursor);
    const [page, unread] = await Promise.all([
      parentThreadPage(db, owner, enrollNumber, pageSize, after),
      parentUnread(db, owner),
    ]);
    const contacts = await contactsOfChildren(
      db,
      owner.schoolId,
      page.rows.map((row) => row.thread.enrollNumber),
    );
    return {
      ...ok,
      items: page.rows.map((row) => toThread(row, contacts.get(row.thread.enrollNumber) ?? [])),
      unread,
      nextCursor: page.next ? cursorText(page.next) : null,
    };
  });

  addEndpoint(app, publicationEndpoints.thread, async (request) =>
    threadAnswer(db, request.session, request.params.id),
  );

  addEndpoint(app, publicationEndpoints.newThread, async (request, reply) => {
    const owner: TOwner = { schoolId: request.session.schoolId, parentId: request.session.parentId };
    const { enrollNumber, staffId, subject, body, attachmentIds } = request.body;
    await requireOwnChild(db, owner, enrollNumber);
    const contacts = await staffOfChild(db, owner.schoolId, enrollNumber);
    if (!contacts.some((contact) => contact.id === staffId)) throw staffNotLinked();
    const threadId = randomUUID();
    await db.transaction(async (tx) => {
      const t = tx as unknown as TDatabase;
      await holdParentMessages(t, owner);
      await tx
        .insert(messageThreads)
        .values({ ...owner, threadId, enrollNumber, staffId, subject, lastSeq: 1, parentReadSeq: 1 });
      const used = await useAttachments(t, owner, attachmentIds, messageUse(threadId, 1));
      await tx.insert(threadMessages).values({
        schoolId: owner.schoolId,
        threadId,
        seq: 1,
        authorKind: 'parent',
        authorId: owner.parentId,
        body,
        attachmentIds: used.map((file) => file.attachmentId),
      });
    });
    request.log.info({ threadId, enrollNumber, staffId }, 'thread started');
    return reply.code(201).send(await threadAnswer(db, owner, threadId));
  });

  addEndpoint(app, publicationEndpoints.newMessage, async (request, reply) => {
    const owner: TOwner = { schoolId: request.session.schoolId, parentId: request.session.parentId };
    const threadId = request.params.id;
    const row = await requireParentThread(db, owner, threadId);
    if (row.thread.status !== 'open') throw threadClosed();
    await db.transaction(async (tx) => {
      const t = tx as unknown as TDatabase;
      await holdParentMessages(t, owner);
      const seq = await nextSeq(t, owner.schoolId, threadId, 'parent');
      if (seq === null) throw threadClosed();
      const used = await useAttachments(t, owner, request.body.attachmentIds, messageUse(threadId, seq));
      await tx.insert(threadMessages).values({
        schoolId: owner.schoolId,
        threadId,
        seq,
        authorKind: 'parent',
        authorId: owner.parentId,
        body: request.body.body,
        attachmentIds: used.map((file) => file.attachmentId),
      });
    });
    return reply.code(201).send(await threadAnswer(db, owner, threadId));
  });

  addEndpoint(app, publicationEndpoints.readThread, async (request) => {
    const owner = request.session;
    const threadId = request.params.id;
    await requireParentThread(db, owner, threadId);
    await markThreadRead(db, owner, threadId);
    return threadAnswer(db, owner, threadId);
  });
}
