import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  identityEndpoints,
  TRANSPORT_CHANGE_REASONS,
  type TTransportChange,
  type TTransportChangeReason,
  type TTransportStop,
} from '@portal/contracts/families/identity';
import type { TRequestStatus } from '@portal/contracts/kits/requests';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { requests, transportAssignments, transportRoutes, transportStops } from '../../db/schema/index.ts';
import { requireOwnChild } from '../../access/own-child.ts';
import {
  createRequest,
  OPEN_STATUSES,
  requestSummary,
  type TRequestRow,
} from '../../kits/request-workflow.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';

// Transport (docs/modules.md F6; docs/school-data.md, the transport files): the child's route, stop
// and bus as the school gives them, and the parent's requests to change them: requests of
// kind `transportChange` of the shared workflow (kits/request-workflow.ts), submitted at once
// for the school to decide. A child has at most one undecided change at a time (another is
// 409 `R003`). A child who takes no bus has `route: null` (200), and may ask to start.

export const TRANSPORT_CHANGE_KIND = 'transportChange';
/** The most changes the page lists, and the most stops it offers. */
const MAX_CHANGES = 10;
const MAX_STOPS = 500;
/** A key of PostgreSQL's advisory locks: one change of a child at a time. */
const LOCK_NAMESPACE = 7_263_640;

const ok = { success: true, messageId: MessageId.ok } as const;

type TOwner = { schoolId: string; parentId: string };
type TStopRow = typeof transportStops.$inferSelect;

const stopOf = (row: TStopRow): TTransportStop => ({
  id: row.stopId,
  name: row.nameEn,
  nameAr: row.nameAr,
  seq: row.seq,
  pickupAt: row.pickupAt,
  dropAt: row.dropAt,
});

const liveStop = (schoolId: string) =>
  and(eq(transportStops.schoolId, schoolId), isNull(transportStops.removedAt));

/** Every stop of the school's routes (neither removed), by route and order. */
async function schoolStops(db: TDatabase, schoolId: string) {
  const rows = await db
    .select({ stop: transportStops, routeName: transportRoutes.nameEn, routeNameAr: transportRoutes.nameAr })
    .from(transportStops)
    .innerJoin(
      transportRoutes,
      and(
        eq(transportRoutes.schoolId, transportStops.schoolId),
        eq(transportRoutes.routeId, transportStops.routeId),
        isNull(transportRoutes.removedAt),
      ),
    )
    .where(liveStop(schoolId))
    .orderBy(asc(transportRoutes.nameEn), asc(transportStops.seq), asc(transportStops.stopId))
    .limit(MAX_STOPS);
  return rows.map((row) => ({ ...stopOf(row.stop), routeName: row.routeName, routeNameAr: row.routeNameAr }));
}

/** The child's route and stop, or nulls when the child takes no bus (or its route was removed). */
async function assignmentOf(db: TDatabase, child: { schoolId: string; enrollNumber: string }) {
  const [row] = await db
    .select({ route: transportRoutes, stop: transportStops })
    .from(transportAssignments)
    .innerJoin(
      transportRoutes,
      and(
        eq(transportRoutes.schoolId, transportAssignments.schoolId),
        eq(transportRoutes.routeId, transportAssignments.routeId),
        isNull(transportRoutes.removedAt),
      ),
    )
    .innerJoin(
      transportStops,
      and(
        eq(transportStops.schoolId, transportAssignments.schoolId),
        eq(transportStops.stopId, transportAssignments.stopId),
        isNull(transportStops.removedAt),
      ),
    )
    .where(
      and(
        eq(transportAssignments.schoolId, child.schoolId),
        eq(transportAssignments.enrollNumber, child.enrollNumber),
      ),
    )
    .limit(1);
  if (!row) return { route: null, stop: null };
  const { route, stop } = row;
  return {
    route: {
      id: route.routeId,
      name: route.nameEn,
      nameAr: route.nameAr,
      busNumber: route.busNumber,
      driverName: route.driverNameEn,
      driverNameAr: route.driverNameAr,
      driverPhone: route.driverPhone,
      assistantName: route.assistantNameEn,
      assistantNameAr: route.assistantNameAr,
      assistantPhone: route.assistantPhone,
    },
    stop: stopOf(stop),
  };
}

const ofChild = (owner: TOwner, enrollNumber: string) =>
  and(
    eq(requests.schoolId, owner.schoolId),
    eq(requests.parentId, owner.parentId),
    eq(requests.kind, TRANSPORT_CHANGE_KIND),
    sql`${enrollNumber} = any(${requests.enrollNumbers})`,
  );

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function changeOf(row: TRequestRow, stops: ReadonlyMap<string, TTransportStop>): TTransportChange {
  const reason = text(row.payload.reason);
  const stopId = text(row.payload.requestedStopId);
  const stop = stops.get(stopId);
  return {
    id: row.requestId,
    status: row.status as TRequestStatus,
    createdAt: row.createdAt.toISOString(),
    reason: (TRANSPORT_CHANGE_REASONS as readonly string[]).includes(reason)
      ? (reason as TTransportChangeReason)
      : 'other',
    requestedStop: stop ? { id: stop.id, name: stop.name, nameAr: stop.nameAr } : null,
    details: text(row.payload.details),
  };
}

/** The stops these changes ask for, by id (removed ones too: a change names what was asked). */
async function stopsNamed(db: TDatabase, schoolId: string, rows: readonly TRequestRow[]) {
  const ids = [...new Set(rows.map((row) => text(row.payload.requestedStopId)).filter(Boolean))];
  if (ids.length === 0) return new Map<string, TTransportStop>();
  const found = await db
    .select()
    .from(transportStops)
    .where(and(eq(transportStops.schoolId, schoolId), inArray(transportStops.stopId, ids)));
  return new Map(found.map((row) => [row.stopId, stopOf(row)]));
}

/** The parent's transport changes for the child, newest first. */
async function changesOf(db: TDatabase, owner: TOwner, enrollNumber: string) {
  const rows = await db
    .select()
    .from(requests)
    .where(ofChild(owner, enrollNumber))
    .orderBy(desc(requests.createdAt))
    .limit(MAX_CHANGES);
  const stops = await stopsNamed(db, owner.schoolId, rows);
  return rows.map((row) => changeOf(row, stops));
}

/**
 * GET transport?enrollNumber and POST transport/changes (module transport). The child must be
 * the parent's (403 `A002`); a stop asked for must be one of the school's (400 `V001`).
 */
export function transportRoutesOf(app: FastifyInstance, db: TDatabase): void {
  addEndpoint(app, identityEndpoints.transport, async (request) => {
    const { session } = request;
    const child = await requireOwnChild(db, session, request.query.enrollNumber);
    const [assignment, stops, changes] = await Promise.all([
      assignmentOf(db, child),
      schoolStops(db, child.schoolId),
      changesOf(db, session, child.enrollNumber),
    ]);
    return { ...ok, enrollNumber: child.enrollNumber, ...assignment, stops, changes };
  });

  addEndpoint(app, identityEndpoints.requestTransportChange, async (request, reply) => {
    const { session, body } = request;
    const child = await requireOwnChild(db, session, body.enrollNumber);
    const requestedStopId = body.requestedStopId ?? null;
    const details = body.details ?? '';
    if (requestedStopId === null && details === '')
      throw new ApiError(400, MessageId.invalidRequest, 'Name the stop asked for or describe the change');
    if (requestedStopId !== null) {
      const [stop] = await db
        .select({ id: transportStops.stopId })
        .from(transportStops)
        .where(and(liveStop(child.schoolId), eq(transportStops.stopId, requestedStopId)))
        .limit(1);
      if (!stop) throw new ApiError(400, MessageId.invalidRequest, 'No stop of the school has this id');
    }
    const summary = requestSummary(details || body.reason);
    const row = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as TDatabase;
      // Two presses at once: the second waits for the first, then finds it.
      await tx.execute(
        sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${`${child.schoolId}\n${child.enrollNumber}`}))`,
      );
      const [open] = await tx
        .select({ requestId: requests.requestId })
        .from(requests)
        .where(
          and(
            eq(requests.schoolId, child.schoolId),
            eq(requests.kind, TRANSPORT_CHANGE_KIND),
            sql`${child.enrollNumber} = any(${requests.enrollNumbers})`,
            inArray(requests.status, [...OPEN_STATUSES]),
          ),
        )
        .limit(1);
      if (open)
        throw new ApiError(409, MessageId.requestOverlap, 'A change of this child’s transport is undecided');
      return createRequest(
        tx,
        {
          schoolId: child.schoolId,
          kind: TRANSPORT_CHANGE_KIND,
          parentId: session.parentId,
          enrollNumbers: [child.enrollNumber],
          payload: {
            enrollNumber: child.enrollNumber,
            reason: body.reason,
            requestedStopId,
            details,
            summary,
          },
          status: 'submitted',
        },
        { kind: 'parent', id: session.parentId },
      );
    });
    const change = changeOf(row, await stopsNamed(db, child.schoolId, [row]));
    return reply.code(201).send({ ...ok, change });
  });
}
