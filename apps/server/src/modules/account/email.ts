import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { accountEndpoints } from '@portal/contracts/account';
import { MessageId } from '@portal/contracts/messages';
import type { TConfig } from '../../config.ts';
import type { TDatabase } from '../../db/client.ts';
import type { TMailer } from '../../mail/mailer.ts';
import { requireSession } from '../../plugins/auth.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import { assertMailReady, codeInvalid, mailCode, type TCodeFlowDeps } from '../auth/code-flows.ts';
import { consumeCode } from '../auth/one-time-codes.ts';
import { setEmail } from '../parent/repository.ts';
import { accountChangeLimit, findAccount, mailAccountChanged } from './parent-account.ts';

/**
 * The parent's contact address (docs/decisions/012-one-time-codes.md): GET account/contact;
 * POST account/email mails a code to the new address, which becomes the parent's once POST
 * account/email/confirm brings the code back. The username never changes.
 */
export const accountEmailRoutes: FastifyPluginAsync<{
  db: TDatabase;
  config: TConfig;
  mailer: TMailer;
}> = async (app, { db, config, mailer }) => {
  requireSession(app);
  const deps: TCodeFlowDeps = { db, mailer, runInBackground: app.runInBackground };
  const ok = { success: true, messageId: MessageId.ok } as const;

  addEndpoint(app, accountEndpoints.contact, async (request) => ({
    ...ok,
    email: (await findAccount(db, request)).email,
  }));

  addEndpoint(
    app,
    accountEndpoints.changeEmail,
    async (request) => {
      const { email } = request.body;
      const { language } = await findAccount(db, request);
      const recipient = { parentId: request.session.parentId, email, pendingEmail: email };
      // As the other codes: issued and mailed after the answer.
      app.runInBackground('send email-change code', () =>
        mailCode(deps, request.school, 'email-change', language, recipient),
      );
      return ok;
    },
    {
      // Checked before the limit: a request refused for want of mail does not spend it.
      preHandler: [
        (request: FastifyRequest) => assertMailReady(deps, request.log),
        accountChangeLimit(app, config, 'email'),
      ],
    },
  );

  addEndpoint(
    app,
    accountEndpoints.confirmEmail,
    async (request) => {
      const { schoolId, parentId } = request.session;
      const result = await consumeCode(db, schoolId, parentId, 'email-change', request.body.code);
      // As verify-otp answers a wrong code: 400, the session stays.
      if (!result.ok || !result.pendingEmail) throw codeInvalid(400);
      const before = await findAccount(db, request);
      await setEmail(db, schoolId, parentId, result.pendingEmail);
      if (before.email.trim() !== '' && before.email !== result.pendingEmail) {
        // The old address is told, so a change the parent did not make does not go unnoticed.
        mailAccountChanged(app, mailer, request, {
          to: before.email,
          change: 'email',
          language: before.language,
        });
      }
      return { ...ok, email: result.pendingEmail };
    },
    { preHandler: accountChangeLimit(app, config, 'email-confirm') },
  );
};
