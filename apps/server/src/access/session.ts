import { hash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { SESSION_IDLE_MINUTES, sessionTouchIntervalMs } from '@portal/contracts/constants';
import type { TDatabase } from '../db/client.ts';
import { perDatabase } from '../db/per-database.ts';
import { cacheVersions, parseSessionsKey } from './cache-versions.ts';
import { sessions, signIns } from '../db/schema/index.ts';

/** Idle (the default; SESSION_IDLE_SECONDS) and absolute lifetimes of a session (docs/security.md). */
export const SESSION_IDLE_MS = SESSION_IDLE_MINUTES * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;

/** The idle time-out of the sessions kept in each database, as the app was configured. */
const idleByDatabase = new WeakMap<TDatabase, number>();

/** Sets the idle time-out of the sessions in this database (the app does, from its configuration). */
export function setSessionIdleMs(db: TDatabase, idleMs: number): void {
  idleByDatabase.set(db, idleMs);
}

/** The idle time-out of the sessions in this database. */
export function sessionIdleMs(db: TDatabase): number {
  return idleByDatabase.get(db) ?? SESSION_IDLE_MS;
}

export type TSessionOwner = { schoolId: string; parentId: string; tokenHash: string };

/** SHA-256 of the token, in one call: every signed-in request hashes its token. */
function hashToken(token: string): string {
  return hash('sha256', token, 'base64url');
}

/** A new bearer token (256 random bits, never stored) and the hash its session is kept under. */
export function newSessionToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

/** The sign-in that opens a session, as the parent's sign-in history records it. */
export type TSessionSignIn = { signInId: string; method: string; userAgent: string; ip: string };

/**
 * Creates the session of a token made by `newSessionToken`, from its hash, and records the
 * sign-in that opened it in the parent's history: one statement, so one round trip.
 */
export async function createSession(
  db: TDatabase,
  schoolId: string,
  parentId: string,
  tokenHash: string,
  signIn: TSessionSignIn,
): Promise<void> {
  const now = Date.now();
  const createdAt = new Date(now).toISOString();
  const expiresAt = new Date(now + SESSION_ABSOLUTE_MS).toISOString();
  await db.execute(sql`
    with session as (
      insert into ${sessions} (school_id, token_hash, parent_id, created_at, last_seen_at, expires_at)
      values (${schoolId}, ${tokenHash}, ${parentId}, ${createdAt}::timestamptz, ${createdAt}::timestamptz,
        ${expiresAt}::timestamptz)
      returning school_id, token_hash, parent_id
    )
    insert into ${signIns} (school_id, sign_in_id, parent_id, method, user_agent, ip, token_hash)
    select school_id, ${signIn.signInId}::uuid, parent_id, ${signIn.method}, ${signIn.userAgent}, ${signIn.ip},
      token_hash
    from session`);
}

/** True while a session is signed in: not revoked, not past its absolute end nor its idle time-out. */
export function isSessionLive(
  db: TDatabase,
  session: { expiresAt: Date; lastSeenAt: Date; revokedAt?: Date | null },
  now = Date.now(),
): boolean {
  if (session.revokedAt) return false;
  if (session.expiresAt.getTime() <= now) return false;
  return session.lastSeenAt.getTime() + sessionIdleMs(db) > now;
}

const findSessionQuery = perDatabase((db) =>
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

type TSessionRow = { parentId: string; expiresAt: Date; lastSeenAt: Date };
type TCachedSession = TSessionRow & { cachedUntil: number };

/**
 * Session rows kept in the process for a few seconds, per database, so the requests of a
 * page (a dashboard makes several at once) cost one lookup. Revoking here removes the
 * entries at once; another instance's cache bus hears the revocation (the `x:` key of
 * migration 0013) and removes them there, or they end within SESSION_CACHE_MS.
 */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX_ENTRIES = 100_000;
/** The cached rows, and a count of revocations: a lookup that overlapped one is not kept. */
type TSessionCache = { entries: Map<string, TCachedSession>; revocations: number };
const sessionCaches = new WeakMap<TDatabase, TSessionCache>();

const cacheKey = (schoolId: string, tokenHash: string) => `${schoolId}\n${tokenHash}`;

/** Drops the parent's kept sessions: they may have ended. */
function forgetParent(cache: TSessionCache, schoolId: string, parentId: string): void {
  cache.revocations += 1;
  const prefix = cacheKey(schoolId, '');
  for (const [key, entry] of cache.entries) {
    if (entry.parentId === parentId && key.startsWith(prefix)) cache.entries.delete(key);
  }
}

function sessionCache(db: TDatabase): TSessionCache {
  let cache = sessionCaches.get(db);
  if (!cache) {
    const made: TSessionCache = { entries: new Map(), revocations: 0 };
    cacheVersions(db).onApply((key) => {
      const ended = parseSessionsKey(key);
      if (ended) forgetParent(made, ended.schoolId, ended.parentId);
    });
    sessionCaches.set(db, made);
    cache = made;
  }
  return cache;
}

/** The kept row of this session while it is kept, or undefined. */
function keptRow(
  db: TDatabase,
  schoolId: string,
  tokenHash: string,
  now: number,
): TCachedSession | undefined {
  const cached = sessionCache(db).entries.get(cacheKey(schoolId, tokenHash));
  return cached && cached.cachedUntil > now ? cached : undefined;
}

async function loadSession(
  db: TDatabase,
  schoolId: string,
  tokenHash: string,
  now: number,
): Promise<TSessionRow | null> {
  const kept = keptRow(db, schoolId, tokenHash, now);
  if (kept) return kept;
  const cache = sessionCache(db);
  const revocationsBefore = cache.revocations;
  const rows = await findSessionQuery(db).execute({ schoolId, tokenHash });
  const row = rows[0];
  if (!row) return null;
  if (cache.revocations !== revocationsBefore) return row;
  if (cache.entries.size >= SESSION_CACHE_MAX_ENTRIES) cache.entries.clear();
  const entry = { ...row, cachedUntil: now + SESSION_CACHE_MS };
  cache.entries.set(cacheKey(schoolId, tokenHash), entry);
  return entry;
}

/** Whether the session's last_seen_at is due a write: it is written at most this often, so a read does not always cost one. */
function touchDue(db: TDatabase, session: TSessionRow, now: number): boolean {
  return now - session.lastSeenAt.getTime() >= sessionTouchIntervalMs(sessionIdleMs(db));
}

/**
 * The live session of this token in this school as far as the kept rows tell without a query
 * or a write: its owner, null when it has ended, or undefined when `findLiveSession` must say
 * (the row is not kept, or its last_seen_at is due a write). Every signed-in request asks.
 */
export function keptLiveSession(
  db: TDatabase,
  schoolId: string,
  token: string,
): TSessionOwner | null | undefined {
  const tokenHash = hashToken(token);
  const now = Date.now();
  const kept = keptRow(db, schoolId, tokenHash, now);
  if (!kept) return undefined;
  if (!isSessionLive(db, kept, now)) return null;
  if (touchDue(db, kept, now)) return undefined;
  return { schoolId, parentId: kept.parentId, tokenHash };
}

/** The live session of this token in this school, or null (unknown, revoked, idle or expired). */
export async function findLiveSession(
  db: TDatabase,
  schoolId: string,
  token: string,
): Promise<TSessionOwner | null> {
  const tokenHash = hashToken(token);
  const now = Date.now();
  const session = await loadSession(db, schoolId, tokenHash, now);
  if (!session || !isSessionLive(db, session, now)) return null;
  if (touchDue(db, session, now)) {
    session.lastSeenAt = new Date(now);
    await db
      .update(sessions)
      .set({ lastSeenAt: session.lastSeenAt })
      .where(and(eq(sessions.schoolId, schoolId), eq(sessions.tokenHash, tokenHash)));
  }
  return { schoolId, parentId: session.parentId, tokenHash };
}

/**
 * Runs a revocation, dropping the cached rows it ends before and after it: a lookup that
 * overlapped it (and may have read the row before the write) is then not kept either.
 */
async function revoking(
  db: TDatabase,
  ends: (key: string, entry: TCachedSession) => boolean,
  write: () => Promise<unknown>,
): Promise<void> {
  const cache = sessionCache(db);
  const forget = () => {
    cache.revocations += 1;
    for (const [key, entry] of cache.entries) if (ends(key, entry)) cache.entries.delete(key);
  };
  forget();
  await write();
  forget();
}

/** Revokes one session. */
export async function revokeSession(db: TDatabase, owner: TSessionOwner): Promise<void> {
  const ended = cacheKey(owner.schoolId, owner.tokenHash);
  await revoking(
    db,
    (key) => key === ended,
    () =>
      db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.schoolId, owner.schoolId), eq(sessions.tokenHash, owner.tokenHash))),
  );
}

/**
 * Revokes every live session of a parent (sign-out everywhere, password reset), or every one
 * but the session whose token hash is `exceptTokenHash` (signing out the other devices, a
 * password change).
 */
export async function revokeAllSessions(
  db: TDatabase,
  schoolId: string,
  parentId: string,
  exceptTokenHash?: string,
): Promise<void> {
  const kept = exceptTokenHash === undefined ? null : cacheKey(schoolId, exceptTokenHash);
  await revoking(
    db,
    (key, entry) => entry.parentId === parentId && key.startsWith(`${schoolId}\n`) && key !== kept,
    () =>
      db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(sessions.schoolId, schoolId),
            eq(sessions.parentId, parentId),
            isNull(sessions.revokedAt),
            exceptTokenHash === undefined ? undefined : ne(sessions.tokenHash, exceptTokenHash),
          ),
        ),
  );
}
