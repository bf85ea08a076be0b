import type { TLoginRequest, TProfile } from '@portal/contracts/auth';
import { invalidCredentials } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { findParentByUsername } from '../parent/repository.ts';
import { verifyDecoy, verifyPassword } from './password.ts';
import { assertNotLocked, clearFailures, recordFailure } from './sign-in-guard.ts';
import { startSession } from './start-session.ts';

/**
 * Signs a parent in with a password. An unknown username, an account with no password yet
 * and a wrong password all fail the same way, after the same amount of hashing work, and
 * count toward the same per-username lock.
 */
export async function signInWithPassword(
  db: TDatabase,
  schoolId: string,
  credentials: TLoginRequest,
): Promise<{ token: string; profile: TProfile; idleSeconds: number }> {
  // Both reads at once: a sign-in waits for one round trip to the database, not two.
  const [hasFailures, parent] = await Promise.all([
    assertNotLocked(db, schoolId, credentials.username),
    findParentByUsername(db, schoolId, credentials.username),
  ]);
  const passwordOk = parent?.passwordHash
    ? await verifyPassword(parent.passwordHash, credentials.password)
    : await verifyDecoy(credentials.password);
  if (!parent || !passwordOk) {
    await recordFailure(db, schoolId, credentials.username);
    throw invalidCredentials();
  }
  if (hasFailures) await clearFailures(db, schoolId, credentials.username);
  return startSession(db, schoolId, parent.parentId);
}
