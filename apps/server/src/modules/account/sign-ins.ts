import type { FastifyPluginAsync } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import {
  SIGN_IN_HISTORY_LENGTH,
  accountEndpoints,
  type TSignIn,
  type TSignInMethod,
} from '@portal/contracts/account';
import { MessageId } from '@portal/contracts/messages';
import type { TDatabase } from '../../db/client.ts';
import { sessions, signIns } from '../../db/schema/index.ts';
import { isSessionLive, revokeAllSessions, type TSessionOwner } from '../../access/session.ts';
import { requireSession } from '../../plugins/auth.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import { browserName } from './browser-name.ts';

/**
 * The parent's newest sign-ins (recorded by auth/start-session.ts), newest first: which one is
 * the session asking, and which sessions are still signed in.
 */
async function listSignIns(db: TDatabase, session: TSessionOwner): Promise<TSignIn[]> {
  const rows = await db
    .select({
      id: signIns.signInId,
      at: signIns.at,
      method: signIns.method,
      userAgent: signIns.userAgent,
      ip: signIns.ip,
      tokenHash: signIns.tokenHash,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      revokedAt: sessions.revokedAt,
    })
    .from(signIns)
    .leftJoin(
      sessions,
      and(eq(sessions.schoolId, signIns.schoolId), eq(sessions.tokenHash, signIns.tokenHash)),
    )
    .where(and(eq(signIns.schoolId, session.schoolId), eq(signIns.parentId, session.parentId)))
    .orderBy(desc(signIns.at), desc(signIns.signInId))
    .limit(SIGN_IN_HISTORY_LENGTH);
  const now = Date.now();
  return rows.map(({ expiresAt, lastSeenAt, revokedAt, ...row }) => ({
    id: row.id,
    at: row.at.toISOString(),
    method: row.method as TSignInMethod,
    browser: browserName(row.userAgent),
    ip: row.ip,
    current: row.tokenHash === session.tokenHash,
    active:
      expiresAt !== null &&
      lastSeenAt !== null &&
      isSessionLive(db, { expiresAt, lastSeenAt, revokedAt }, now),
  }));
}

/** GET account/sign-ins and POST account/sign-out-others (any signed-in parent). */
export const accountSignInRoutes: FastifyPluginAsync<{ db: TDatabase }> = async (app, { db }) => {
  requireSession(app);
  const ok = { success: true, messageId: MessageId.ok } as const;
  addEndpoint(app, accountEndpoints.signIns, async (request) => ({
    ...ok,
    items: await listSignIns(db, request.session),
  }));
  addEndpoint(app, accountEndpoints.signOutOthers, async (request) => {
    const { schoolId, parentId, tokenHash } = request.session;
    await revokeAllSessions(db, schoolId, parentId, tokenHash);
    return ok;
  });
};
