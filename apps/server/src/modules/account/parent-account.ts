import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { TLanguage } from '@portal/contracts/constants';
import { sessionInvalid } from '../../api-error.ts';
import type { TConfig } from '../../config.ts';
import type { TDatabase } from '../../db/client.ts';
import { accountSettings, parentSettings, parents } from '../../db/schema/index.ts';
import { accountChangedMail, type TAccountChange } from '../../mail/account-mail.ts';
import type { TMailer } from '../../mail/mailer.ts';
import { requestLanguage } from '../../request-language.ts';

/** What the account routes need of the signed-in parent. */
export type TAccount = {
  username: string;
  email: string;
  passwordHash: string | null;
  /** The language to mail the parent in. */
  language: TLanguage;
};

const languageOf = (value: string | null): TLanguage | null =>
  value === 'en' || value === 'ar' ? value : null;

/**
 * The signed-in parent's username, address and password hash, and the language to mail them in:
 * the one chosen for mail (notification preferences), else the portal's (account settings),
 * else the request's (English unless it asks for Arabic).
 */
export async function findAccount(db: TDatabase, request: FastifyRequest): Promise<TAccount> {
  const { schoolId, parentId } = request.session;
  const ofParent = <T extends typeof parentSettings | typeof accountSettings>(table: T) =>
    and(eq(table.schoolId, parents.schoolId), eq(table.parentId, parents.parentId));
  const [row] = await db
    .select({
      username: parents.username,
      email: parents.email,
      passwordHash: parents.passwordHash,
      mailLanguage: parentSettings.language,
      portalLanguage: accountSettings.language,
    })
    .from(parents)
    .leftJoin(parentSettings, ofParent(parentSettings))
    .leftJoin(accountSettings, ofParent(accountSettings))
    .where(and(eq(parents.schoolId, schoolId), eq(parents.parentId, parentId)))
    .limit(1);
  // Deleted by the school since the session was looked up (its sessions went with it).
  if (!row) throw sessionInvalid();
  const { mailLanguage, portalLanguage, ...account } = row;
  return {
    ...account,
    language: languageOf(mailLanguage) ?? languageOf(portalLanguage) ?? requestLanguage(request),
  };
}

/** The window of the per-parent limit on account changes. */
export const ACCOUNT_CHANGE_WINDOW_MS = 15 * 60_000;

/**
 * A preHandler hook limiting one kind of account change per parent (`ACCOUNT_CHANGES_PER_PARENT`
 * in 15 minutes, docs/security.md): every session of the parent shares the count.
 */
export function accountChangeLimit(app: FastifyInstance, config: TConfig, kind: string) {
  return app.limit({
    max: config.accountChangesPerParent,
    windowMs: ACCOUNT_CHANGE_WINDOW_MS,
    key: (request) => `account-${kind}:${request.session.schoolId}:${request.session.parentId}`,
  });
}

/** Tells the parent, at this address, of a change to their account; mailed after the answer. */
export function mailAccountChanged(
  app: FastifyInstance,
  mailer: TMailer,
  request: FastifyRequest,
  notice: { to: string; change: TAccountChange; language: TLanguage },
): void {
  const mail = accountChangedMail({ ...notice, school: request.school });
  app.runInBackground(`mail ${notice.change} changed`, () => mailer.send(mail));
}
