import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tripEndpoints } from '@portal/contracts/families/trips';
import { MessageId } from '@portal/contracts/messages';
import type { TDatabase } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import { noticeDueTrips, TRIP_NOTICE_INTERVAL_MS } from './trip-notices.ts';
import { decideConsent, listTrips } from './trips.ts';

/**
 * The trips module's parent APIs under /v1/ppn (docs/modules.md F5): the family's trips with each
 * child's consent and payment, and a parent's consent. Every route needs a session and the
 * school's grant of `trips`, and reads the children only through the access layer.
 */
export const tripRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  requireSession(app);
  addEndpoint(app, tripEndpoints.trips, async (request) => ({
    success: true,
    messageId: MessageId.ok,
    items: await listTrips(db, request.session, request.query.enrollNumber),
  }));
  addEndpoint(app, tripEndpoints.consent, async (request) => ({
    success: true,
    messageId: MessageId.ok,
    ...(await decideConsent(db, request.session, request.params.id, request.body)),
  }));
  // Trips published for a later time are told when their time comes (trip-notices.ts).
  app.runEvery('trip-notices', TRIP_NOTICE_INTERVAL_MS, async () => {
    await noticeDueTrips(db);
  });
};
