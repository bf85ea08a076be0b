import type { FastifyInstance } from 'fastify';
import { MessageId } from '@portal/contracts/messages';
import { careEndpoints, type TCareKind, type TCareRecord } from '@portal/contracts/families/care';
import { ApiError } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { requireOwnChild } from '../../access/own-child.ts';
import { acknowledge } from '../../kits/acknowledgements.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import { addComment, CARE_ACK_SUBJECT, careRecordOf, type TCareChild } from './repository.ts';

// What a parent does with a care record (docs/modules.md F3): acknowledge an incident, comment on a
// goal or an improvement plan. The child is checked first (403 A002), then the record: one
// that is not the child's, not published, removed or of another kind does not exist (404 N404).

const ok = { success: true, messageId: MessageId.ok } as const;

const noSuchRecord = () => new ApiError(404, MessageId.notFound, 'No such record for this child');
const closed = () =>
  new ApiError(409, MessageId.requestWrongState, 'This goal or plan is closed: it takes no more comments');

/** The child's published record of this kind, or 404. */
async function requireRecord(
  db: TDatabase,
  child: TCareChild,
  kind: TCareKind,
  recordId: string,
): Promise<TCareRecord> {
  const record = await careRecordOf(db, child, [kind], recordId);
  if (!record) throw noSuchRecord();
  return record;
}

/** POST care/incidents/:id/acknowledge and POST care/goals|improvement-plans/:id/comments. */
export function careActionRoutes(app: FastifyInstance, db: TDatabase): void {
  addEndpoint(app, careEndpoints.acknowledgeIncident, async (request) => {
    const child = await requireOwnChild(db, request.session, request.body.enrollNumber);
    const record = await requireRecord(db, child, 'incident', request.params.id);
    // Only an incident that asks for it is acknowledged; acknowledging twice keeps the first.
    if (!record.requiresAck) throw noSuchRecord();
    await acknowledge(
      db,
      { schoolId: child.schoolId, subjectKind: CARE_ACK_SUBJECT, subjectId: record.id },
      request.session.parentId,
      [child.enrollNumber],
    );
    return { ...ok, item: await requireRecord(db, child, 'incident', record.id) };
  });

  const commentRoute = (
    entry: typeof careEndpoints.commentOnGoal | typeof careEndpoints.commentOnPlan,
    kind: TCareKind,
  ) =>
    addEndpoint(app, entry, async (request, reply) => {
      const { enrollNumber, body } = request.body;
      const child = await requireOwnChild(db, request.session, enrollNumber);
      const record = await requireRecord(db, child, kind, request.params.id);
      if (record.status === 'closed') throw closed();
      await addComment(
        db,
        { schoolId: child.schoolId, recordId: record.id },
        { kind: 'parent', id: request.session.parentId },
        body,
      );
      const item = await requireRecord(db, child, kind, record.id);
      return reply.code(201).send({ ...ok, item });
    });
  commentRoute(careEndpoints.commentOnGoal, 'goal');
  commentRoute(careEndpoints.commentOnPlan, 'improvementPlan');
}
