import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CLIENT_ID_HEADER } from '@portal/contracts/constants';
import { ZUnsubscribeAnswer, ZUnsubscribeQuery, type TUnsubscribeAnswer } from '@portal/contracts/kits/inbox';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { notificationPreferences, notifications, parents } from '../../db/schema/index.ts';
import { preferencesOf } from './preferences.ts';
import { readUnsubscribe, unsubscribeKey, type TUnsubscribeGrant } from './unsubscribe-token.ts';

// Unsubscribing by a mail's link, without signing in (docs/notifications.md, "Unsubscribing"):
// GET unsubscribe?token says what the link stops and changes nothing (mail scanners open
// links); POST unsubscribe?token sets the link's categories to `off`: the web page's button,
// or a mail client's one-click POST (RFC 8058, body `List-Unsubscribe=One-Click`). A mail
// client sends no `client-id`: the signed token names its school; a `client-id` naming another
// school refuses it.

/** Unsubscribe calls one address may make a minute. */
const CALLS_PER_MINUTE_PER_IP = 30;
/** The longest one-click body taken (RFC 8058's is 26 characters). */
const FORM_BODY_LIMIT = 1_024;

// A link the portal did not sign leads nowhere: 404, like a link to a page that is not there
// (a well-formed query it is; 400 V001 stays for a token past its length).
const invalidLink = () =>
  new ApiError(
    404,
    MessageId.notFound,
    'This unsubscribe link is not one the portal made, or it was altered',
  );
const unknownLink = () =>
  new ApiError(404, MessageId.notFound, 'This unsubscribe link is not for this school');

/** The address as the page shows it, mostly hidden: `p•••@mogra.demo`. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = at >= 0 ? email.slice(0, at) : email;
  return `${local.slice(0, 1)}•••${at >= 0 ? email.slice(at) : ''}`;
}

/** GET and POST /unsubscribe: register under /api/v1/oa/public. */
export const unsubscribeRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  // The one-click POST is a form; what it says does not matter (the token is the grant).
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  const perIp = app.limit({
    max: CALLS_PER_MINUTE_PER_IP,
    windowMs: 60_000,
    key: (request) => `unsubscribe:${request.ip}`,
  });
  const options = {
    config: { tenant: false },
    onRequest: perIp,
    schema: { querystring: ZUnsubscribeQuery, response: { 200: ZUnsubscribeAnswer } },
  };

  /** The token's grant and the parent's address; 404 `N404` when it is not good here. */
  async function grantOf(request: FastifyRequest, token: string) {
    const grant = readUnsubscribe(await unsubscribeKey(db), token);
    if (!grant) throw invalidLink();
    const header = request.headers[CLIENT_ID_HEADER];
    const clientId = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
    if (clientId && clientId !== grant.schoolId) throw unknownLink();
    const [parent] = await db
      .select({ email: parents.email })
      .from(parents)
      .where(and(eq(parents.schoolId, grant.schoolId), eq(parents.parentId, grant.parentId)));
    if (!parent) throw unknownLink();
    return { grant, email: parent.email };
  }

  async function answer(grant: TUnsubscribeGrant, email: string): Promise<TUnsubscribeAnswer> {
    const modes = new Map((await preferencesOf(db, grant)).categories.map((c) => [c.category, c.mode]));
    const categories = grant.categories.map((category) => ({
      category,
      mode: modes.get(category) ?? 'off',
    }));
    const [first] = categories;
    if (!first) throw invalidLink();
    return {
      success: true,
      messageId: MessageId.ok,
      category: first.category,
      mode: first.mode,
      categories,
      email: maskedEmail(email),
    };
  }

  app.get('/unsubscribe', options, async (request) => {
    const { grant, email } = await grantOf(request, request.query.token);
    return answer(grant, email);
  });

  app.post('/unsubscribe', options, async (request) => {
    const { grant, email } = await grantOf(request, request.query.token);
    const owner = { schoolId: grant.schoolId, parentId: grant.parentId };
    await db.transaction(async (tx) => {
      await tx
        .insert(notificationPreferences)
        .values(grant.categories.map((category) => ({ ...owner, category, mode: 'off' })))
        .onConflictDoUpdate({
          target: [
            notificationPreferences.schoolId,
            notificationPreferences.parentId,
            notificationPreferences.category,
          ],
          set: { mode: sql`excluded.mode` },
        });
      // What the categories still had waiting is not mailed either: the parent asked for no more.
      await tx
        .update(notifications)
        .set({ mailState: 'skipped' })
        .where(
          and(
            eq(notifications.schoolId, owner.schoolId),
            eq(notifications.parentId, owner.parentId),
            inArray(notifications.category, grant.categories),
            inArray(notifications.mailState, ['pending', 'digest']),
          ),
        );
    });
    request.log.info({ ...owner, categories: grant.categories }, 'unsubscribed by a mail link');
    return answer(grant, email);
  });
};
