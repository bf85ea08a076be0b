import type { FastifyInstance } from 'fastify';
import { profileEndpoints, type TProfileFieldSet } from '@portal/contracts/families/profiles';
import { MessageId } from '@portal/contracts/messages';
import { requireOwnChild } from '../../access/own-child.ts';
import type { TDatabase } from '../../db/client.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import { profileOf, proposeChange } from './profile-store.ts';

// A child's record (docs/modules.md F6): GET student-profile?enrollNumber (module studentProfile,
// the standard field set) and GET student-profile-asian?enrollNumber (module studentProfileAsian,
// the field set of schools in South Asia) → {sections, pendingChanges, history}; POST
// …/changes {enrollNumber, changes, note} → 201 {change}, a request of kind
// `studentProfileChange`. The child must be the parent's (403 `A002`); a field of the other set
// is not one the page may change (400 `V001`).

const ok = { success: true, messageId: MessageId.ok } as const;

export function studentProfileRoutes(app: FastifyInstance, db: TDatabase): void {
  const pages = [
    {
      set: 'standard',
      read: profileEndpoints.studentProfile,
      propose: profileEndpoints.proposeStudentProfileChange,
    },
    {
      set: 'asian',
      read: profileEndpoints.studentProfileAsian,
      propose: profileEndpoints.proposeStudentProfileAsianChange,
    },
  ] as const satisfies readonly { set: TProfileFieldSet; read: unknown; propose: unknown }[];
  for (const page of pages) {
    addEndpoint(app, page.read, async (request) => {
      const child = await requireOwnChild(db, request.session, request.query.enrollNumber);
      const subject = {
        entity: 'student',
        schoolId: child.schoolId,
        enrollNumber: child.enrollNumber,
      } as const;
      return { ...ok, enrollNumber: child.enrollNumber, ...(await profileOf(db, subject, page.set)) };
    });

    addEndpoint(app, page.propose, async (request, reply) => {
      const { session, body } = request;
      const child = await requireOwnChild(db, session, body.enrollNumber);
      const subject = {
        entity: 'student',
        schoolId: child.schoolId,
        enrollNumber: child.enrollNumber,
      } as const;
      const { change, created } = await proposeChange(db, subject, page.set, session.parentId, body);
      return reply.code(created ? 201 : 200).send({ ...ok, change });
    });
  }
}
