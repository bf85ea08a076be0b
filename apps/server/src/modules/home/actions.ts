import type { FastifyPluginAsync } from 'fastify';
import { homeEndpoints } from '@portal/contracts/home';
import { MessageId } from '@portal/contracts/messages';
import { listOwnChildren } from '../../access/own-child.ts';
import { schoolToday, schoolWide } from '../../access/school.ts';
import type { TDatabase } from '../../db/client.ts';
import { collectHomeActions, type THomeActionProvider } from '../../kits/home-actions.ts';
import { requireSession } from '../../plugins/auth.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import { grantedModules } from '../../plugins/module-access.ts';

/** Reads of the action list one parent may make per minute: Home asks once per visit and on focus. */
export const HOME_ACTIONS_PER_MINUTE = 60;

/**
 * GET /home/actions (docs/modules.md section 5): what needs the parent, across every child and
 * every module the school grants, most urgent first. The families' providers come from app.ts.
 */
export const homeActionRoutes: FastifyPluginAsync<{
  db: TDatabase;
  providers: readonly THomeActionProvider[];
}> = async (app, { db, providers }) => {
  requireSession(app);
  const perParent = app.limit({
    max: HOME_ACTIONS_PER_MINUTE,
    windowMs: 60_000,
    key: (request) => `home-actions:${request.session.schoolId}:${request.session.parentId}`,
  });
  addEndpoint(
    app,
    homeEndpoints.actions,
    async (request) => {
      const { schoolId, parentId } = request.session;
      const [shared, granted, children] = await Promise.all([
        schoolWide(db, schoolId),
        grantedModules(db, schoolId),
        listOwnChildren(db, request.session),
      ]);
      const now = new Date();
      const collected = await collectHomeActions(
        providers,
        { db, schoolId, parentId, children, today: schoolToday(shared?.timeZone, now), now },
        (key) => granted.has(key),
        (module, error) => request.log.error({ err: error, module }, 'home actions: a module failed'),
      );
      return { success: true, messageId: MessageId.ok, ...collected };
    },
    // Kept answers are served before the limit: only a read of the database counts.
    { preHandler: perParent, cacheAnswer: true },
  );
};
