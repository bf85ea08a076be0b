import type { FastifyPluginAsync } from 'fastify';
import { MessageId } from '@portal/contracts/messages';
import { feeEndpoints } from '@portal/contracts/fees';
import { ApiError, notYourChild } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { findParentLink, listParentLinks } from './links.ts';
import { feeSettingsOf } from './repository.ts';
import { schoolToday, schoolWide } from '../../access/school.ts';
import { requireSession } from '../../plugins/auth.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';

const ok = { success: true, messageId: MessageId.ok } as const;

/**
 * /v1/ppn/payment-links (module `paymentLink`): the amounts the school asks the parent to pay
 * for their children. A link of anyone else's child (another family's, another school's) is
 * refused with 403 `A002`, like an enrolment number that is not the parent's; an id that names
 * no link is 404 `N404` (as the fee documents answer).
 */
export const paymentLinkRoutes: FastifyPluginAsync<{ db: TDatabase }> = async (app, { db }) => {
  requireSession(app);
  const todayAt = async (schoolId: string) => schoolToday((await schoolWide(db, schoolId))?.timeZone);

  addEndpoint(app, feeEndpoints.paymentLinks, async (request) => {
    const { schoolId, parentId } = request.session;
    const [settings, today] = await Promise.all([feeSettingsOf(db, schoolId), todayAt(schoolId)]);
    return { ...ok, links: await listParentLinks(db, schoolId, parentId, settings.currency, today) };
  });

  addEndpoint(app, feeEndpoints.paymentLink, async (request) => {
    const { schoolId, parentId } = request.session;
    const [settings, today] = await Promise.all([feeSettingsOf(db, schoolId), todayAt(schoolId)]);
    const found = await findParentLink(db, schoolId, parentId, request.params.id, settings.currency, today);
    if (found.found === 'none') throw new ApiError(404, MessageId.notFound, 'No such payment link');
    if (found.found === 'not-yours') throw notYourChild();
    return { ...ok, link: found.link };
  });
};
