import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TDatabase } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { studentIdRoutes } from './student-id.ts';
import { transportRoutesOf } from './transport.ts';

/**
 * The child's transport and student ID card under /v1/ppn (docs/modules.md F6): every route needs a
 * session and the school's grant of its module, and reads the child through the access layer.
 */
export const identityRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  requireSession(app);
  transportRoutesOf(app, db);
  studentIdRoutes(app, db);
};
