import type { TLoginRequest, TLoginResponse } from '@portal/contracts/auth';
import { invalidCredentials } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { findUnlockedAccount, verifyCounted } from './sign-in-guard.ts';
import { startSession, type TSignInClient } from './start-session.ts';

/**
 * Signs a parent in with a password. An unknown username, an account with no password yet
 * and a wrong password all fail the same way, after the same amount of hashing work, and
 * count toward the same per-username lock.
 */
export async function signInWithPassword(
  db: TDatabase,
  schoolId: string,
  credentials: TLoginRequest,
  client: TSignInClient,
): Promise<TLoginResponse> {
  const { username, password } = credentials;
  const { parent, hasFailures } = await findUnlockedAccount(db, schoolId, username);
  const passwordHash = parent?.passwordHash ?? null;
  const passwordOk = await verifyCounted(db, schoolId, username, passwordHash, password, hasFailures);
  if (!parent || !passwordOk) throw invalidCredentials();
  return startSession(db, schoolId, parent.parentId, { method: 'password', client });
}
