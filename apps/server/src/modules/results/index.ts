import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TDatabase } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';

/**
 * The graded-results family's parent APIs under /v1/ppn (modules.md F2): assignments,
 * assessment marks, the marksheet, co-scholastic grades, report cards and insights. Every
 * route needs a session and the school's grant of its module, reads a child only through the
 * access layer, and shows only what the school has released (the publication gate).
 */
export const resultsRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  requireSession(app);
  void db;
};
