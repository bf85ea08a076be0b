import type { TLoginRequest, TProfile } from '@portal/contracts/auth';
import { invalidCredentials } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { findParentByUsername } from '../parent/repository.ts';
import { verifyDecoy, verifyPassword } from './password.ts';
import { startSession } from './start-session.ts';

/**
 * Signs a parent in with a password. An unknown username, an account with no password yet
 * and a wrong password all fail the same way, after the same amount of hashing work.
 */
export async function signInWithPassword(
  db: TDatabase,
  schoolId: string,
  credentials: TLoginRequest,
): Promise<{ token: string; profile: TProfile }> {
  const parent = await findParentByUsername(db, schoolId, credentials.username);
  const passwordOk = parent?.passwordHash
    ? await verifyPassword(parent.passwordHash, credentials.password)
    : await verifyDecoy(credentials.password);
  if (!parent || !passwordOk) throw invalidCredentials();
  return startSession(db, schoolId, parent.parentId);
}
