import type { FastifyPluginAsync } from 'fastify';
import { accountEndpoints } from '@portal/contracts/account';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';
import type { TConfig } from '../../config.ts';
import type { TDatabase } from '../../db/client.ts';
import type { TMailer } from '../../mail/mailer.ts';
import { revokeAllSessions } from '../../access/session.ts';
import { requireSession } from '../../plugins/auth.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import { assertPasswordAllowed } from '../auth/code-flows.ts';
import { hashPassword } from '../auth/password.ts';
import { assertNotLocked, verifyCounted } from '../auth/sign-in-guard.ts';
import { setPasswordHash } from '../parent/repository.ts';
import { accountChangeLimit, findAccount, mailAccountChanged } from './parent-account.ts';

// 403, not 401: the browser drops its session on any 401 (docs/security.md, Sessions).
const wrongPassword = () =>
  new ApiError(403, MessageId.invalidCredentials, 'The current password is not the account’s');

/**
 * POST account/password: a new password, proven by the current one (a parent without one, who
 * signs in with Google or Facebook, cannot prove it: 403 `L002`). The new one follows the rules
 * of registration and reset (400 `P001`-`P003`); a wrong current one counts toward the password
 * sign-in lock (docs/decisions/013-throttling-and-lock.md). Every other session of the parent is
 * signed out, this one stays, and the parent is told by mail.
 */
export const accountPasswordRoutes: FastifyPluginAsync<{
  db: TDatabase;
  config: TConfig;
  mailer: TMailer;
}> = async (app, { db, config, mailer }) => {
  requireSession(app);
  addEndpoint(
    app,
    accountEndpoints.changePassword,
    async (request) => {
      const { schoolId, parentId, tokenHash } = request.session;
      const { currentPassword, newPassword } = request.body;
      const account = await findAccount(db, request);
      assertPasswordAllowed(newPassword, account.username);
      const hasFailures = await assertNotLocked(db, schoolId, account.username);
      const { username, passwordHash } = account;
      if (!(await verifyCounted(db, schoolId, username, passwordHash, currentPassword, hasFailures))) {
        throw wrongPassword();
      }
      await setPasswordHash(db, schoolId, parentId, await hashPassword(newPassword));
      await revokeAllSessions(db, schoolId, parentId, tokenHash);
      mailAccountChanged(app, mailer, request, {
        to: account.email,
        change: 'password',
        language: account.language,
      });
      return { success: true, messageId: MessageId.ok };
    },
    { preHandler: accountChangeLimit(app, config, 'password') },
  );
};
