import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inboxEndpoints } from '@portal/contracts/kits/inbox';
import { MessageId } from '@portal/contracts/messages';
import type { TDatabase } from '../../db/client.ts';
import { requireOwnChild } from '../../access/own-child.ts';
import { requireSession } from '../../plugins/auth.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import { preferencesOf, savePreferences } from './preferences.ts';
import { afterCursor, cursorText } from '../../kits/cursor.ts';
import { inboxPage, markRead, unreadCount } from './repository.ts';

const ok = { success: true, messageId: MessageId.ok } as const;

/**
 * The inbox and its preferences under /v1/ppn (module `notifications`; docs/notifications.md):
 * GET notifications, POST notifications/read, GET and PUT notification-preferences.
 */
export const inboxRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  requireSession(app);

  addEndpoint(app, inboxEndpoints.notifications, async (request) => {
    const { enrollNumber, category, unread, cursor, pageSize } = request.query;
    const owner = request.session;
    // A child filter names one of the parent's children, like every child's read (403 A002).
    if (enrollNumber) await requireOwnChild(db, owner, enrollNumber);
    const after = afterCursor(cursor);
    const [page, unreadTotal] = await Promise.all([
      inboxPage(db, owner, { enrollNumber, category, unread }, pageSize, after),
      unreadCount(db, owner),
    ]);
    return {
      ...ok,
      items: page.items,
      unread: unreadTotal,
      nextCursor: page.next ? cursorText(page.next) : null,
    };
  });

  addEndpoint(app, inboxEndpoints.markRead, async (request) => {
    await markRead(db, request.session, 'all' in request.body ? 'all' : request.body.ids);
    return { ...ok, unread: await unreadCount(db, request.session) };
  });

  addEndpoint(app, inboxEndpoints.preferences, async (request) => ({
    ...ok,
    preferences: await preferencesOf(db, request.session),
  }));

  addEndpoint(app, inboxEndpoints.savePreferences, async (request) => {
    await savePreferences(db, request.session, request.body);
    return { ...ok, preferences: await preferencesOf(db, request.session) };
  });
};
