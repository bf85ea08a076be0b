import type { FastifyBaseLogger } from 'fastify';
import type { TLanguage } from '@portal/contracts/constants';
import type { TLoginResponse, TRegisterRequest, TResetPasswordRequest } from '@portal/contracts/auth';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { accountExistsMail, codeMail, type TCodePurpose, type TSignInLinks } from '../../mail/code-mail.ts';
import type { TMailer } from '../../mail/mailer.ts';
import type { TSchool } from '../../access/school.ts';
import { findParentByUsername, isParentOf, setPasswordHash } from '../parent/repository.ts';
import { consumeCode, issueCode, retireCodes } from './one-time-codes.ts';
import { hashPassword } from './password.ts';
import { newPasswordProblem } from './password-rules.ts';
import { revokeAllSessions } from '../../access/session.ts';
import { clearFailures } from './sign-in-guard.ts';
import { startSession, type TSignInClient } from './start-session.ts';

/** What the code flows need from the app. */
export type TCodeFlowDeps = {
  db: TDatabase;
  mailer: TMailer;
  runInBackground: (name: string, task: () => Promise<void>) => void;
};

/** A wrong, used or expired code (`L008`); 401 where a code signs in, else 400. */
export const codeInvalid = (status: number) =>
  new ApiError(status, MessageId.codeInvalid, 'The code is not valid or has expired');

/**
 * Refuses a code request while mail cannot be sent (503 `L015` with Retry-After), before
 * anything is stored or the resend cool-down is spent. The answer is the same whether or
 * not the username is a parent's.
 */
export async function assertMailReady(deps: TCodeFlowDeps, log: FastifyBaseLogger): Promise<void> {
  try {
    await deps.mailer.checkReady();
  } catch (error) {
    log.warn({ err: error }, 'mail server unavailable');
    throw new ApiError(503, MessageId.mailUnavailable, 'Mail cannot be sent now; try again shortly', {
      'retry-after': '60',
    });
  }
}

/** Refuses a new password that breaks a rule, with the rule's message id (400). */
export function assertPasswordAllowed(password: string, username: string): void {
  const problem = newPasswordProblem(password, username);
  if (problem) throw new ApiError(400, problem, 'The new password breaks a password rule');
}

/** Who a code is mailed to, and what it will set (a registration's password, a new address). */
export type TRecipient = {
  parentId: string;
  email: string;
  pendingPasswordHash?: string;
  pendingEmail?: string;
};

/** Issues a code and mails it; a code that could not be mailed is retired. */
export async function mailCode(
  deps: TCodeFlowDeps,
  school: TSchool,
  purpose: TCodePurpose,
  language: TLanguage,
  recipient: TRecipient,
): Promise<void> {
  const code = await issueCode(
    deps.db,
    school.schoolId,
    recipient.parentId,
    purpose,
    recipient.pendingPasswordHash ?? null,
    recipient.pendingEmail ?? null,
  );
  try {
    await deps.mailer.send(codeMail({ to: recipient.email, purpose, code, language, school }));
  } catch (error) {
    await retireCodes(deps.db, school.schoolId, recipient.parentId, purpose);
    throw error;
  }
}

// Runs in the background, so the answer is the same, and as fast, whether or not an account
// was found.
function sendCodeLater(
  deps: TCodeFlowDeps,
  school: TSchool,
  purpose: TCodePurpose,
  language: TLanguage,
  findRecipient: () => Promise<TRecipient | null>,
): void {
  deps.runInBackground(`send ${purpose} code`, async () => {
    const recipient = await findRecipient();
    if (recipient) await mailCode(deps, school, purpose, language, recipient);
  });
}

/**
 * auth-otp, resend-auth-otp (`sign-in`) and forget-password (`reset`): mails a code when the
 * username is a parent of this school; the answer is the same either way.
 */
export function requestCode(
  deps: TCodeFlowDeps,
  school: TSchool,
  purpose: 'sign-in' | 'reset',
  username: string,
  language: TLanguage,
) {
  sendCodeLater(deps, school, purpose, language, async () => {
    const parent = await findParentByUsername(deps.db, school.schoolId, username);
    return parent && { parentId: parent.parentId, email: parent.email };
  });
}

/** verify-auth-otp: a right code signs the parent in, and lifts a password lock. */
export async function signInWithCode(
  deps: TCodeFlowDeps,
  school: TSchool,
  username: string,
  otp: string,
  client: TSignInClient,
): Promise<TLoginResponse> {
  const parent = await findParentByUsername(deps.db, school.schoolId, username);
  const result = await consumeCode(deps.db, school.schoolId, parent?.parentId ?? null, 'sign-in', otp);
  if (!parent || !result.ok) throw codeInvalid(401);
  await clearFailures(deps.db, school.schoolId, username);
  return startSession(deps.db, school.schoolId, parent.parentId, { method: 'code', client });
}

/**
 * register: when the username is a parent of the child with that enrolment number, mails a
 * code that will set the chosen password; when that account already has a password, mails
 * instead that it exists and where to sign in or reset it (no code: registering is not a
 * password reset). Runs after the answer, which never says whether they matched.
 */
export function register(
  deps: TCodeFlowDeps,
  school: TSchool,
  request: TRegisterRequest,
  language: TLanguage,
  links: TSignInLinks,
) {
  assertPasswordAllowed(request.password, request.username);
  deps.runInBackground('send register mail', async () => {
    const parent = await findParentByUsername(deps.db, school.schoolId, request.username);
    if (!parent || !(await isParentOf(deps.db, school.schoolId, parent.parentId, request.enrollNumber))) {
      return;
    }
    if (parent.passwordHash) {
      await deps.mailer.send(accountExistsMail({ to: parent.email, language, school, links }));
      return;
    }
    const pendingPasswordHash = await hashPassword(request.password);
    const recipient = { parentId: parent.parentId, email: parent.email, pendingPasswordHash };
    await mailCode(deps, school, 'register', language, recipient);
  });
}

/**
 * verify-otp: the registration code sets the password chosen at registration, once: an
 * account that has a password by then (set by another code) is not changed by it.
 */
export async function activateAccount(deps: TCodeFlowDeps, school: TSchool, username: string, otp: string) {
  const parent = await findParentByUsername(deps.db, school.schoolId, username);
  const result = await consumeCode(deps.db, school.schoolId, parent?.parentId ?? null, 'register', otp);
  if (!parent || !result.ok || !result.pendingPasswordHash || parent.passwordHash) throw codeInvalid(400);
  await setPasswordHash(deps.db, school.schoolId, parent.parentId, result.pendingPasswordHash);
  await clearFailures(deps.db, school.schoolId, username);
}

/** reset-password: a right code sets the new password and ends every session (ASVS 7.4.3). */
export async function resetPassword(deps: TCodeFlowDeps, school: TSchool, request: TResetPasswordRequest) {
  assertPasswordAllowed(request.password, request.username);
  const parent = await findParentByUsername(deps.db, school.schoolId, request.username);
  const result = await consumeCode(deps.db, school.schoolId, parent?.parentId ?? null, 'reset', request.otp);
  if (!parent || !result.ok) throw codeInvalid(400);
  await setPasswordHash(deps.db, school.schoolId, parent.parentId, await hashPassword(request.password));
  await revokeAllSessions(deps.db, school.schoolId, parent.parentId);
  await clearFailures(deps.db, school.schoolId, request.username);
}
