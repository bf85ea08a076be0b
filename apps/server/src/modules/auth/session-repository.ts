import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { sessions } from '../../db/schema/index.ts';

/** Idle and absolute lifetimes of a session (documented in docs/security.md). */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
// last_seen_at is written at most this often, so a read does not always cost a write.
const LAST_SEEN_RESOLUTION_MS = 60 * 1000;

export type TSessionOwner = { schoolId: string; parentId: string; tokenHash: string };

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Creates a session and returns its bearer token: 256 random bits, never stored. */
export async function createSession(db: TDatabase, schoolId: string, parentId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db.insert(sessions).values({
    schoolId,
    tokenHash: hashToken(token),
    parentId,
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + SESSION_ABSOLUTE_MS),
  });
  return token;
}

const findSessionQuery = preparedPerDatabase((db) =>
  db
    .select({ parentId: sessions.parentId, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(
      and(
        eq(sessions.schoolId, sql.placeholder('schoolId')),
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
      ),
    )
    .limit(1)
    .prepare('find_live_session'),
);

/** The live session of this token in this school, or null (unknown, revoked, idle or expired). */
export async function findLiveSession(
  db: TDatabase,
  schoolId: string,
  token: string,
): Promise<TSessionOwner | null> {
  const tokenHash = hashToken(token);
  const rows = await findSessionQuery(db).execute({ schoolId, tokenHash });
  const session = rows[0];
  const now = Date.now();
  if (!session) return null;
  if (session.expiresAt.getTime() <= now) return null;
  if (session.lastSeenAt.getTime() + SESSION_IDLE_MS <= now) return null;
  if (now - session.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(and(eq(sessions.schoolId, schoolId), eq(sessions.tokenHash, tokenHash)));
  }
  return { schoolId, parentId: session.parentId, tokenHash };
}

/** Revokes one session. */
export async function revokeSession(db: TDatabase, owner: TSessionOwner): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.schoolId, owner.schoolId), eq(sessions.tokenHash, owner.tokenHash)));
}

/** Revokes every live session of a parent (sign-out everywhere, password reset). */
export async function revokeAllSessions(db: TDatabase, schoolId: string, parentId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.schoolId, schoolId), eq(sessions.parentId, parentId), isNull(sessions.revokedAt)));
}
