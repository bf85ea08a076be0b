import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZForgetPasswordRequest,
  ZLoginRequest,
  ZLoginResponse,
  ZRegisterRequest,
  ZResetPasswordRequest,
  ZSendCodeRequest,
  ZVerifyAuthOtpRequest,
  ZVerifyOtpRequest,
  type TRegisterRequest,
} from '@portal/contracts/auth';
import { ZApiResult } from '@portal/contracts/api-result';
import { MessageId } from '@portal/contracts/messages';
import type { TDatabase } from '../../db/client.ts';
import type { TConfig } from '../../config.ts';
import type { TMailer } from '../../mail/mailer.ts';
import { requestLanguage } from '../../request-language.ts';
import { signInLinks } from '../../school-address.ts';
import { signInWithPassword } from './service.ts';
import {
  assertMailReady,
  assertPasswordAllowed,
  activateAccount,
  register,
  requestCode,
  resetPassword,
  signInWithCode,
  type TCodeFlowDeps,
} from './code-flows.ts';
import { revokeAllSessions, revokeSession } from '../../access/session.ts';
import { pruneSignInRecords, SIGN_IN_RETENTION_EVERY_MS } from '../../access/sign-in-retention.ts';
import { usernameKey } from './sign-in-guard.ts';
import { clientOf } from './start-session.ts';

/** A code may be sent to one username once every 30 seconds (the resend cool-down). */
export const CODE_COOL_DOWN_MS = 30_000;

const codeSent = { success: true, messageId: MessageId.codeSentIfAccountExists };

// The account a request names, for per-account limits; the same key whether or not it exists.
function accountKey(request: FastifyRequest): string {
  const body = request.body as { username?: unknown } | undefined;
  const username = typeof body?.username === 'string' ? usernameKey(body.username) : '';
  return `${request.school.schoolId}:${username}`;
}

/** /v1/ppn/auth: every way to sign in, register, recover a password and sign out. */
export const authRoutes: FastifyPluginAsyncZod<{ db: TDatabase; config: TConfig; mailer: TMailer }> = async (
  app,
  { db, config, mailer },
) => {
  const deps: TCodeFlowDeps = { db, mailer, runInBackground: app.runInBackground };
  app.runEvery('prune sign-in records', SIGN_IN_RETENTION_EVERY_MS, async () => {
    const pruned = await pruneSignInRecords(db);
    if (pruned.sessions + pruned.signIns + pruned.codes > 0)
      app.log.info({ pruned }, 'sign-in records pruned');
  });

  // Every /auth route: per IP, checked before the body is read.
  app.addHook(
    'onRequest',
    app.limit({
      max: config.authRateLimitPerIp,
      windowMs: 60_000,
      key: (request) => `ip:${request.routeOptions.url}:${request.ip}`,
    }),
  );
  // Attempts on one account, per route.
  const perAccount = app.limit({
    max: config.authRateLimitPerAccount,
    windowMs: 60_000,
    key: (request) => `account:${request.routeOptions.url}:${accountKey(request)}`,
  });
  // Code mails to one account: one per cool-down, shared by the routes that send the same kind.
  const coolDown = (kind: string) =>
    app.limit({
      max: 1,
      windowMs: CODE_COOL_DOWN_MS,
      key: (request) => `code:${kind}:${accountKey(request)}`,
    });
  const signInCodeCoolDown = coolDown('sign-in');
  // Checked before the cool-down: a request refused for want of mail does not spend it.
  const mailReady = (request: FastifyRequest) => assertMailReady(deps, request.log);

  app.post(
    '/login',
    { preHandler: perAccount, schema: { body: ZLoginRequest, response: { 200: ZLoginResponse } } },
    async (request) => {
      return signInWithPassword(db, request.school.schoolId, request.body, clientOf(request));
    },
  );

  for (const path of ['/auth-otp', '/resend-auth-otp']) {
    app.post(
      path,
      {
        preHandler: [mailReady, signInCodeCoolDown],
        schema: { body: ZSendCodeRequest, response: { 200: ZApiResult } },
      },
      async (request) => {
        requestCode(deps, request.school, 'sign-in', request.body.username, requestLanguage(request));
        return codeSent;
      },
    );
  }

  app.post(
    '/verify-auth-otp',
    { preHandler: perAccount, schema: { body: ZVerifyAuthOtpRequest, response: { 200: ZLoginResponse } } },
    async (request) => {
      const { username, otp } = request.body;
      return signInWithCode(deps, request.school, username, otp, clientOf(request));
    },
  );

  app.post(
    '/register',
    {
      preHandler: [
        async (request: FastifyRequest<{ Body: TRegisterRequest }>) =>
          assertPasswordAllowed(request.body.password, request.body.username),
        mailReady,
        coolDown('register'),
      ],
      schema: { body: ZRegisterRequest, response: { 200: ZApiResult } },
    },
    async (request) => {
      const links = signInLinks(config, request.school.schoolId);
      register(deps, request.school, request.body, requestLanguage(request), links);
      return codeSent;
    },
  );

  app.post(
    '/verify-otp',
    { preHandler: perAccount, schema: { body: ZVerifyOtpRequest, response: { 200: ZApiResult } } },
    async (request) => {
      await activateAccount(deps, request.school, request.body.username, request.body.otp);
      return { success: true, messageId: MessageId.accountActivated };
    },
  );

  app.post(
    '/forget-password',
    {
      preHandler: [mailReady, coolDown('reset')],
      schema: { body: ZForgetPasswordRequest, response: { 200: ZApiResult } },
    },
    async (request) => {
      requestCode(deps, request.school, 'reset', request.body.username, requestLanguage(request));
      return codeSent;
    },
  );

  app.post(
    '/reset-password',
    { preHandler: perAccount, schema: { body: ZResetPasswordRequest, response: { 200: ZApiResult } } },
    async (request) => {
      await resetPassword(deps, request.school, request.body);
      return { success: true, messageId: MessageId.passwordReset };
    },
  );

  app.post(
    '/sign-out',
    { onRequest: app.authenticate, schema: { response: { 200: ZApiResult } } },
    async (request) => {
      await revokeSession(db, request.session);
      return { success: true, messageId: MessageId.signedOut };
    },
  );

  app.post(
    '/sign-out-all',
    { onRequest: app.authenticate, schema: { response: { 200: ZApiResult } } },
    async (request) => {
      await revokeAllSessions(db, request.session.schoolId, request.session.parentId);
      return { success: true, messageId: MessageId.signedOutEverywhere };
    },
  );
};
