import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TDatabase } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { careActionRoutes } from './actions.ts';
import { CARE_NOTICE_INTERVAL_MS, noticeDueCareRecords } from './care-notices.ts';
import { careListRoutes } from './lists.ts';
import { careRequestRoutes } from './requests.ts';

/**
 * The care and conduct family's parent APIs under /v1/ppn (docs/modules.md F3): one record list per
 * module (`care/<path>`), acknowledgements, comments on goals and plans, and the requests a
 * parent makes from the medical and counselling pages. Every route needs a session and the
 * school's grant of its module, and reads a child only through the access layer.
 */
export const careRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  requireSession(app);
  careListRoutes(app, db);
  careActionRoutes(app, db);
  careRequestRoutes(app, db);
  // Records published for a later time are told when their time comes (care-notices.ts).
  app.runEvery('care-record-notices', CARE_NOTICE_INTERVAL_MS, async () => {
    await noticeDueCareRecords(db);
  });
};
