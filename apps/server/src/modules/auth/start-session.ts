import type { TProfile } from '@portal/contracts/auth';
import { invalidCredentials } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { loadProfile } from '../parent/profile.ts';
import { createSession, sessionIdleMs } from '../../access/session.ts';

/**
 * Opens a new session for a parent whose identity has been proven, with their profile and the
 * session's idle time-out in seconds (the browser warns before it).
 */
export async function startSession(
  db: TDatabase,
  schoolId: string,
  parentId: string,
): Promise<{ token: string; profile: TProfile; idleSeconds: number }> {
  const [token, profile] = await Promise.all([
    createSession(db, schoolId, parentId),
    loadProfile(db, schoolId, parentId),
  ]);
  if (!profile) throw invalidCredentials(); // deleted between the two reads
  return { token, profile, idleSeconds: Math.round(sessionIdleMs(db) / 1000) };
}
