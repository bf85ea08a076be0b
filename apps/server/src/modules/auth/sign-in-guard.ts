import { and, eq, sql } from 'drizzle-orm';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { perDatabase } from '../../db/per-database.ts';
import { parents, signInGuards } from '../../db/schema/index.ts';
import { verifyDecoy, verifyPassword } from './password.ts';

/** Consecutive wrong passwords before a timed lock (NIST SP 800-63B 5.2.2: at most 100). */
export const MAX_CONSECUTIVE_FAILURES = 100;
export const LOCK_DURATION_MS = 15 * 60 * 1000;

/** The key of a username as typed: one guard row serves every spelling of the same name. */
export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

/** The account a password sign-in names (none: no such username) and its username's guard. */
type TPasswordAccount = {
  parent: { parentId: string; passwordHash: string | null } | null;
  /** Whether failures are on record for the username (a success then clears them). */
  hasFailures: boolean;
};

// The parent of the username and its guard row, each or both missing, as one row.
const findPasswordAccountQuery = perDatabase((db) =>
  db
    .select({
      parentId: parents.parentId,
      passwordHash: parents.passwordHash,
      guardKey: signInGuards.usernameKey,
      lockedUntil: signInGuards.lockedUntil,
    })
    .from(sql`(select 1) as asked`)
    .leftJoin(
      parents,
      and(
        eq(parents.schoolId, sql.placeholder('schoolId')),
        sql`lower(${parents.username}) = lower(${sql.placeholder('username')})`,
      ),
    )
    .leftJoin(
      signInGuards,
      and(
        eq(signInGuards.schoolId, sql.placeholder('schoolId')),
        eq(signInGuards.usernameKey, sql.placeholder('usernameKey')),
      ),
    )
    .limit(1)
    .prepare('find_password_account'),
);

/**
 * The account a password sign-in names, read with its username's guard in one round trip;
 * refused while the username is locked, with Retry-After. The lock is kept per username
 * whether or not an account has it, so it reveals nothing; the right password does not lift
 * it, but a one-time code still signs the parent in.
 */
export async function findUnlockedAccount(
  db: TDatabase,
  schoolId: string,
  username: string,
): Promise<TPasswordAccount> {
  const [row] = await findPasswordAccountQuery(db).execute({
    schoolId,
    username,
    usernameKey: usernameKey(username),
  });
  const remainingMs = (row?.lockedUntil?.getTime() ?? 0) - Date.now();
  if (remainingMs > 0) {
    throw new ApiError(429, MessageId.accountLocked, 'Too many failed sign-ins; the account is locked', {
      'retry-after': String(Math.ceil(remainingMs / 1000)),
    });
  }
  const parent = row?.parentId ? { parentId: row.parentId, passwordHash: row.passwordHash } : null;
  return { parent, hasFailures: Boolean(row?.guardKey) };
}

/** Refuses while the username is locked (as `findUnlockedAccount`); answers whether failures are on record. */
export async function assertNotLocked(db: TDatabase, schoolId: string, username: string): Promise<boolean> {
  return (await findUnlockedAccount(db, schoolId, username)).hasFailures;
}

/** Counts a wrong password; the hundredth in a row locks the username for a while. */
export async function recordFailure(db: TDatabase, schoolId: string, username: string): Promise<void> {
  const [guard] = await db
    .insert(signInGuards)
    .values({ schoolId, usernameKey: usernameKey(username), consecutiveFailures: 1 })
    .onConflictDoUpdate({
      target: [signInGuards.schoolId, signInGuards.usernameKey],
      set: { consecutiveFailures: sql`${signInGuards.consecutiveFailures} + 1` },
    })
    .returning({ failures: signInGuards.consecutiveFailures });
  if ((guard?.failures ?? 0) >= MAX_CONSECUTIVE_FAILURES) {
    await db
      .update(signInGuards)
      .set({ consecutiveFailures: 0, lockedUntil: new Date(Date.now() + LOCK_DURATION_MS) })
      .where(and(eq(signInGuards.schoolId, schoolId), eq(signInGuards.usernameKey, usernameKey(username))));
  }
}

/** Clears the count and any lock: after a right password, a one-time-code sign-in or a reset. */
export async function clearFailures(db: TDatabase, schoolId: string, username: string): Promise<void> {
  await db
    .delete(signInGuards)
    .where(and(eq(signInGuards.schoolId, schoolId), eq(signInGuards.usernameKey, usernameKey(username))));
}

/**
 * Checks a password against the account's hash, or a decoy's when it has none (the same work
 * either way): a wrong one counts toward the username's lock, a right one clears the failures
 * on record (`hasFailures`, as `findUnlockedAccount` answered).
 */
export async function verifyCounted(
  db: TDatabase,
  schoolId: string,
  username: string,
  passwordHash: string | null,
  password: string,
  hasFailures: boolean,
): Promise<boolean> {
  const right = passwordHash ? await verifyPassword(passwordHash, password) : await verifyDecoy(password);
  if (!right) await recordFailure(db, schoolId, username);
  else if (hasFailures) await clearFailures(db, schoolId, username);
  return right;
}
