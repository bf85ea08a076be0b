import type { FastifyInstance } from 'fastify';
import { and, desc, eq, sql } from 'drizzle-orm';
import { MessageId } from '@portal/contracts/messages';
import { careEndpoints, type TCareRequest } from '@portal/contracts/families/care';
import type { TRequestStatus } from '@portal/contracts/kits/requests';
import { ApiError } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { requests } from '../../db/schema/index.ts';
import { requireOwnChild } from '../../access/own-child.ts';
import { schoolToday, schoolWide } from '../../access/school.ts';
import { useAttachments } from '../../kits/attachments.ts';
import { createRequest, requestSummary, type TRequestRow } from '../../kits/request-workflow.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';

// The requests a parent makes from the care pages (docs/modules.md F3, F5): proposing a change to
// the medical profile, and asking the counsellor for a meeting. Both are request kinds of the
// shared workflow (kits/request-workflow.ts), submitted at once for the school to review.

export type TCareRequestKind = 'medicalUpdate' | 'counsellingRequest';

/** The most requests a care page lists (the newest). */
export const MAX_CARE_REQUESTS = 20;

function requestOf(row: TRequestRow): TCareRequest {
  const summary = row.payload.summary;
  return {
    id: row.requestId,
    status: row.status as TRequestStatus,
    createdAt: row.createdAt.toISOString(),
    summary: typeof summary === 'string' ? summary : '',
  };
}

/** The parent's requests of a kind about the child, newest first. */
export async function careRequestsOf(
  db: TDatabase,
  session: { schoolId: string; parentId: string },
  enrollNumber: string,
  kind: TCareRequestKind,
): Promise<TCareRequest[]> {
  const rows = await db
    .select()
    .from(requests)
    .where(
      and(
        eq(requests.schoolId, session.schoolId),
        eq(requests.parentId, session.parentId),
        eq(requests.kind, kind),
        sql`${enrollNumber} = any(${requests.enrollNumbers})`,
      ),
    )
    .orderBy(desc(requests.createdAt))
    .limit(MAX_CARE_REQUESTS);
  return rows.map(requestOf);
}

/** Creates a submitted request of the parent for the child, using the attachments named. */
async function submit(
  db: TDatabase,
  session: { schoolId: string; parentId: string },
  enrollNumber: string,
  kind: TCareRequestKind,
  payload: Record<string, unknown> & { summary: string },
  attachmentIds: readonly string[] = [],
): Promise<TCareRequest> {
  const { schoolId, parentId } = session;
  const row = await db.transaction(async (tx) => {
    const created = await createRequest(
      tx as unknown as TDatabase,
      { schoolId, kind, parentId, enrollNumbers: [enrollNumber], payload, status: 'submitted' },
      { kind: 'parent', id: parentId },
    );
    // An attachment that is not the parent's own unused one undoes the request (404 N404).
    await useAttachments(
      tx as unknown as TDatabase,
      { schoolId, parentId },
      attachmentIds,
      `request:${created.requestId}`,
    );
    return created;
  });
  return requestOf(row);
}

/** POST care/medical/updates and POST care/counselling/requests. */
export function careRequestRoutes(app: FastifyInstance, db: TDatabase): void {
  addEndpoint(app, careEndpoints.proposeMedicalUpdate, async (request, reply) => {
    const { enrollNumber, section, details, attachmentIds } = request.body;
    const child = await requireOwnChild(db, request.session, enrollNumber);
    const created = await submit(
      db,
      request.session,
      child.enrollNumber,
      'medicalUpdate',
      { section, details, attachmentIds, summary: requestSummary(details) },
      attachmentIds,
    );
    return reply.code(201).send({ success: true, messageId: MessageId.ok, request: created });
  });

  addEndpoint(app, careEndpoints.requestCounselling, async (request, reply) => {
    const { enrollNumber, topic, details, preferredDays } = request.body;
    const child = await requireOwnChild(db, request.session, enrollNumber);
    const today = schoolToday((await schoolWide(db, child.schoolId))?.timeZone);
    if (preferredDays.some((day) => day < today))
      throw new ApiError(422, MessageId.requestBadDates, 'A preferred day is in the past');
    const days = [...new Set(preferredDays)].sort();
    const created = await submit(db, request.session, child.enrollNumber, 'counsellingRequest', {
      topic,
      details,
      preferredDays: days,
      summary: requestSummary(topic),
    });
    return reply.code(201).send({ success: true, messageId: MessageId.ok, request: created });
  });
}
