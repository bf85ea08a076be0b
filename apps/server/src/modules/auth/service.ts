import type { TLoginRequest, TProfile } from '@portal/contracts/auth';
import { invalidCredentials } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { loadProfile } from '../parent/profile.ts';
import { findParentByUsername, recordSignInOutcome } from '../parent/repository.ts';
import { verifyDecoy, verifyPassword } from './password.ts';
import { createSession } from './session-repository.ts';

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
  if (!parent) throw invalidCredentials();
  await recordSignInOutcome(db, schoolId, parent.parentId, passwordOk);
  if (!passwordOk) throw invalidCredentials();

  const token = await createSession(db, schoolId, parent.parentId);
  const profile = await loadProfile(db, schoolId, parent.parentId);
  if (!profile) throw invalidCredentials(); // deleted between the two reads
  return { token, profile };
}
