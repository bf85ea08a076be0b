import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TDatabase } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { parentProfileRoutes } from './parent-profile.ts';
import { studentProfileRoutes } from './student-profile.ts';

/**
 * The parent's and the children's records under /v1/ppn (docs/modules.md F6): every route needs a
 * session and the school's grant of its module, and reads a child through the access layer.
 */
export const profileRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  requireSession(app);
  parentProfileRoutes(app, db);
  studentProfileRoutes(app, db);
};
