import type { FastifyInstance } from 'fastify';
import { profileEndpoints } from '@portal/contracts/families/profiles';
import { MessageId } from '@portal/contracts/messages';
import type { TDatabase } from '../../db/client.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import { profileOf, proposeChange, type TProfileSubject } from './profile-store.ts';

// The parent's record (docs/modules.md F6, module parentProfile): GET parent-profile →
// {sections, pendingChanges, history}, and POST parent-profile/changes {changes, note} → 201
// {change}, a request of kind `parentProfileChange` for the school to decide. The email
// address is read-only here (it signs the parent in).

const ok = { success: true, messageId: MessageId.ok } as const;

const subjectOf = (session: { schoolId: string; parentId: string }): TProfileSubject => ({
  entity: 'parent',
  schoolId: session.schoolId,
  parentId: session.parentId,
});

export function parentProfileRoutes(app: FastifyInstance, db: TDatabase): void {
  addEndpoint(app, profileEndpoints.parentProfile, async (request) => ({
    ...ok,
    ...(await profileOf(db, subjectOf(request.session), 'parent')),
  }));

  addEndpoint(app, profileEndpoints.proposeParentProfileChange, async (request, reply) => {
    const { session, body } = request;
    const { change, created } = await proposeChange(db, subjectOf(session), 'parent', session.parentId, body);
    return reply.code(created ? 201 : 200).send({ ...ok, change });
  });
}
