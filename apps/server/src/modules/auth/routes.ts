import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZLoginRequest, ZLoginResponse } from '@portal/contracts/auth';
import { ZApiResult } from '@portal/contracts/api-result';
import { MessageId } from '@portal/contracts/messages';
import type { TDatabase } from '../../db/client.ts';
import type { TConfig } from '../../config.ts';
import { signInWithPassword } from './service.ts';
import { revokeSession } from './session-repository.ts';

/** /v1/ppn/auth: sign-in and sign-out. */
export const authRoutes: FastifyPluginAsyncZod<{ db: TDatabase; config: TConfig }> = async (app, { db }) => {
  app.post(
    '/login',
    { schema: { body: ZLoginRequest, response: { 200: ZLoginResponse } } },
    async (request) => {
      const { token, profile } = await signInWithPassword(db, request.school.schoolId, request.body);
      return { success: true as const, messageId: MessageId.signInSucceeded, token, profile };
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
};
