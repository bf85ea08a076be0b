import type { FastifyInstance } from 'fastify';
import { publicationEndpoints } from '@portal/contracts/families/publications';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { requireOwnChild } from '../../access/own-child.ts';
import { schoolToday, schoolWide } from '../../access/school.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import {
  ambassadorsOfClass,
  applicationsOf,
  applyAsAmbassador,
  homeroomOf,
} from './ambassador-applications.ts';

const ok = { success: true, messageId: MessageId.ok } as const;

/** The child (the parent's own, else 403 `A002`) and the child's homeroom class today (or null). */
async function childAndHomeroom(
  db: TDatabase,
  session: { schoolId: string; parentId: string },
  enrollNumber: string,
) {
  const child = await requireOwnChild(db, session, enrollNumber);
  const today = schoolToday((await schoolWide(db, child.schoolId))?.timeZone);
  return { child, homeroom: await homeroomOf(db, child, today) };
}

/**
 * GET ambassadors?enrollNumber and POST ambassadors/apply (module ambassador): the ambassadors
 * of the child's homeroom class (saying which is the parent signed in) with the parent's
 * applications for that class; applying submits a request of kind `ambassador` (201). A child
 * without a homeroom has no class to represent: the list is empty (`className` null) and
 * applying is 404 `N404`. Another undecided application for the class is 409 `R001`.
 */
export function ambassadorRoutes(app: FastifyInstance, db: TDatabase): void {
  addEndpoint(app, publicationEndpoints.ambassadors, async (request) => {
    const { session } = request;
    const { homeroom } = await childAndHomeroom(db, session, request.query.enrollNumber);
    if (!homeroom) return { ...ok, className: null, classNameAr: null, items: [], applications: [] };
    return {
      ...ok,
      className: homeroom.titleEn,
      classNameAr: homeroom.titleAr,
      items: await ambassadorsOfClass(db, session, homeroom.classId),
      applications: await applicationsOf(db, session, homeroom.classId),
    };
  });

  addEndpoint(app, publicationEndpoints.applyAmbassador, async (request, reply) => {
    const { session } = request;
    const { child, homeroom } = await childAndHomeroom(db, session, request.body.enrollNumber);
    if (!homeroom)
      throw new ApiError(404, MessageId.notFound, 'The child has no homeroom class to represent');
    const application = await applyAsAmbassador(db, session, child, homeroom, request.body.motivation);
    return reply.code(201).send({ ...ok, application });
  });
}
