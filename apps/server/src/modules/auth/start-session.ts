import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { TSignInMethod } from '@portal/contracts/account';
import type { TLoginResponse } from '@portal/contracts/auth';
import { MessageId } from '@portal/contracts/messages';
import { invalidCredentials } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { readAccountSettings } from '../account/settings.ts';
import { loadProfile } from '../parent/profile.ts';
import { createSession, newSessionToken, sessionIdleMs } from '../../access/session.ts';

/** What the sign-in history keeps of the client that signed in. */
export type TSignInClient = { userAgent: string; ip: string };

/** The longest User-Agent the sign-in history keeps. */
const USER_AGENT_MAX = 300;

/** The client details of a sign-in request: its User-Agent and address. */
export function clientOf(request: FastifyRequest): TSignInClient {
  return { userAgent: request.headers['user-agent'] ?? '', ip: request.ip };
}

/** How a parent proved who they are, and from where: what the sign-in history records. */
export type TSignInProof = { method: TSignInMethod; client: TSignInClient };

/**
 * Opens a new session for a parent whose identity has been proven and makes the sign-in's answer,
 * the same for every way of signing in: the session's token, the parent's profile, the session's
 * idle time-out in seconds (the browser warns before it) and the language and theme kept on the
 * account (the browser applies them before the first signed-in page). The sign-in is recorded in
 * the parent's history (account/sign-ins) with the session it opened, in the same round trip.
 */
export async function startSession(
  db: TDatabase,
  schoolId: string,
  parentId: string,
  proof: TSignInProof,
): Promise<TLoginResponse> {
  const { token, tokenHash } = newSessionToken();
  const [profile, { language, theme }] = await Promise.all([
    loadProfile(db, schoolId, parentId),
    readAccountSettings(db, { schoolId, parentId }),
    createSession(db, schoolId, parentId, tokenHash, {
      signInId: randomUUID(),
      method: proof.method,
      userAgent: proof.client.userAgent.slice(0, USER_AGENT_MAX),
      ip: proof.client.ip,
    }),
  ]);
  if (!profile) throw invalidCredentials(); // deleted between the two reads
  return {
    success: true,
    messageId: MessageId.signInSucceeded,
    token,
    profile,
    idleSeconds: Math.round(sessionIdleMs(db) / 1000),
    appearance: { language, theme },
  };
}
