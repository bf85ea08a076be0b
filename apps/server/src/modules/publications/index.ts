import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TDatabase } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { acknowledgementHistoryRoutes } from './acknowledgement-history.ts';
import { ambassadorRoutes } from './ambassadors.ts';
import { circularRoutes } from './circulars.ts';
import { emailArchiveRoutes } from './email-archive.ts';
import { examMaterialRoutes } from './exam-materials.ts';
import { galleryRoutes } from './gallery.ts';
import { newsRoutes } from './news.ts';
import { policyRoutes } from './policies.ts';
import { threadRoutes } from './threads.ts';

/**
 * The publications and inbox family's parent APIs under /v1/ppn (docs/modules.md F4): circulars and
 * their library, news, the gallery, policies, exam material, class ambassadors, threads with
 * the staff of a child and the mail archive. Every route needs a session and the school's
 * grant of its module, and reads a child only through the access layer.
 */
export const publicationRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  requireSession(app);
  circularRoutes(app, db);
  acknowledgementHistoryRoutes(app, db);
  policyRoutes(app, db);
  examMaterialRoutes(app, db);
  newsRoutes(app, db);
  galleryRoutes(app, db);
  ambassadorRoutes(app, db);
  threadRoutes(app, db);
  emailArchiveRoutes(app, db);
};
