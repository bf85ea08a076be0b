import type { FastifyInstance } from 'fastify';
import { publicationEndpoints } from '@portal/contracts/families/publications';
import { MessageId } from '@portal/contracts/messages';
import { ApiError, notYourChild } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import { afterCursor, cursorText, isUuid } from '../../kits/cursor.ts';
import { archivedMail, archivePage, mailExists } from './email-archive-store.ts';

const ok = { success: true, messageId: MessageId.ok } as const;

/**
 * GET email-archive?q&cursor&pageSize and GET email-archive/:id (module `email`;
 * docs/decisions/021-publications-and-inbox.md): the notices and digests the portal mailed the
 * parent, newest first, searched in their subject and text; another parent's mail is 403 `A002`.
 */
export function emailArchiveRoutes(app: FastifyInstance, db: TDatabase): void {
  addEndpoint(app, publicationEndpoints.emailArchive, async (request) => {
    const { q, cursor, pageSize } = request.query;
    const page = await archivePage(db, request.session, q || undefined, pageSize, afterCursor(cursor));
    return { ...ok, items: page.items, nextCursor: page.next ? cursorText(page.next) : null };
  });

  addEndpoint(app, publicationEndpoints.archivedEmail, async (request) => {
    const { id } = request.params;
    const email = isUuid(id) ? await archivedMail(db, request.session, id) : null;
    // Another parent's mail is 403 A002, as every object of another family is.
    if (!email && isUuid(id) && (await mailExists(db, id))) throw notYourChild();
    if (!email) throw new ApiError(404, MessageId.notFound, 'No such mail');
    return { ...ok, email };
  });
}
