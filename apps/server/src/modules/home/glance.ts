import type { FastifyPluginAsync } from 'fastify';
import { homeEndpoints } from '@portal/contracts/home';
import { MessageId } from '@portal/contracts/messages';
import { ownChildRows } from '../../access/own-child.ts';
import { schoolTimeOfDay, schoolToday, schoolWide } from '../../access/school.ts';
import type { TDatabase } from '../../db/client.ts';
import { collectHomeGlance, type THomeGlanceProviders } from '../../kits/home-glance.ts';
import { requireSession } from '../../plugins/auth.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import { grantedModules } from '../../plugins/module-access.ts';

/** Reads of the glance one parent may make per minute: Home asks once per visit and on focus. */
export const HOME_GLANCE_PER_MINUTE = 60;

/**
 * GET /home/children (docs/modules.md section 5): per child of the parent, today at a glance:
 * the month's attendance, the next lessons and the latest results, each part only when the
 * school grants its module. The families' providers come from app.ts.
 */
export const homeGlanceRoutes: FastifyPluginAsync<{
  db: TDatabase;
  providers: THomeGlanceProviders;
}> = async (app, { db, providers }) => {
  requireSession(app);
  const perParent = app.limit({
    max: HOME_GLANCE_PER_MINUTE,
    windowMs: 60_000,
    key: (request) => `home-glance:${request.session.schoolId}:${request.session.parentId}`,
  });
  addEndpoint(
    app,
    homeEndpoints.glance,
    async (request) => {
      const { schoolId, parentId } = request.session;
      const [shared, granted, children] = await Promise.all([
        schoolWide(db, schoolId),
        grantedModules(db, schoolId),
        ownChildRows(db, request.session),
      ]);
      const now = new Date();
      const today = schoolToday(shared?.timeZone, now);
      const collected = await collectHomeGlance(
        providers,
        { db, schoolId, parentId, today, time: schoolTimeOfDay(shared?.timeZone, now) },
        children,
        (key) => granted.has(key),
        (part, error) => request.log.error({ err: error, part }, 'home glance: a part failed'),
      );
      return { success: true, messageId: MessageId.ok, today, ...collected };
    },
    { preHandler: perParent },
  );
};
