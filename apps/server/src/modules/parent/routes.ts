import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZProfile } from '@portal/contracts/auth';
import { sessionInvalid } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { loadProfile } from './profile.ts';

/** /v1/ppn/parent: the signed-in parent's own data. Every route needs a session. */
export const parentRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/profile', { schema: { response: { 200: ZProfile } } }, async (request) => {
    const profile = await loadProfile(db, request.session.schoolId, request.session.parentId);
    if (!profile) throw sessionInvalid();
    return profile;
  });
};
