import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TDatabase } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { helpdeskRoutes, photocopyRoutes } from './help-requests.ts';
import { leaveRoutes } from './leave.ts';
import { requisitionRoutes } from './requisitions.ts';

/**
 * The requests and bookings family's parent APIs under /v1/ppn (docs/modules.md F5): leave requests
 * and the family's hub of every request. Every route needs a session and the school's grant of
 * its module, and reads a child only through the access layer.
 */
export const requestRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  requireSession(app);
  leaveRoutes(app, db);
  requisitionRoutes(app, db);
  helpdeskRoutes(app, db);
  photocopyRoutes(app, db);
};
