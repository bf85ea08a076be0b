import { and, asc, eq, sql } from 'drizzle-orm';
import { REQUEST_STATUSES, type TRequestStatus } from '@portal/contracts/kits/requests';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../api-error.ts';
import type { TDatabase } from '../db/client.ts';
import { requestEvents, requests } from '../db/schema/index.ts';

// The request workflow every request kind shares (docs/decisions/018-module-families.md):
// draft -> submitted -> in_review -> approved | rejected; the parent cancels while undecided,
// the system when a request expires. Every change is kept in `request_events` (who, when,
// from, to, note). A change made against a state that moved meanwhile answers 409 `R001`.

export { REQUEST_STATUSES, type TRequestStatus };

export type TActor = { kind: 'parent' | 'staff' | 'key' | 'system'; id: string };

/** Which state may follow which, and who may make the move. */
const MOVES: Record<TRequestStatus, Partial<Record<TRequestStatus, readonly TActor['kind'][]>>> = {
  draft: { submitted: ['parent'], cancelled: ['parent', 'system'] },
  submitted: {
    in_review: ['staff', 'key'],
    approved: ['staff', 'key'],
    rejected: ['staff', 'key'],
    cancelled: ['parent', 'system'],
  },
  in_review: { approved: ['staff', 'key'], rejected: ['staff', 'key'], cancelled: ['parent', 'system'] },
  approved: {},
  rejected: {},
  cancelled: {},
};

/** Whether `actor` may move a request from `from` to `to`. */
export function canMove(from: TRequestStatus, to: TRequestStatus, actor: TActor['kind']): boolean {
  return MOVES[from][to]?.includes(actor) ?? false;
}

/** A decided or cancelled request changes no more. */
export const isSettled = (status: TRequestStatus) => Object.keys(MOVES[status]).length === 0;

/** The undecided states: a request in one of them is still open. */
export const OPEN_STATUSES: readonly TRequestStatus[] = REQUEST_STATUSES.filter(
  (status) => !isSettled(status),
);
/** The states in which a request holds what it asks for (open, or approved). */
export const STANDING_STATUSES: readonly TRequestStatus[] = [...OPEN_STATUSES, 'approved'];

/** The longest summary a list of requests shows. */
const SUMMARY_LENGTH = 200;

/** A request's summary as lists show it: its text, cut to SUMMARY_LENGTH characters. */
export const requestSummary = (text: string) =>
  text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH - 1)}…` : text;

export const wrongState = () =>
  new ApiError(409, MessageId.requestWrongState, 'The request is not in a state that allows this');

export type TRequestRow = typeof requests.$inferSelect;

type TNewRequest = {
  schoolId: string;
  kind: string;
  parentId: string;
  enrollNumbers: string[];
  payload: Record<string, unknown>;
  status: 'draft' | 'submitted';
};

/** Creates a request in its first state, with the first line of its history. */
export async function createRequest(
  db: TDatabase,
  request: TNewRequest,
  actor: TActor,
): Promise<TRequestRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(requests).values(request).returning();
    if (!row) throw new Error('The request was not stored');
    await tx.insert(requestEvents).values({
      schoolId: row.schoolId,
      requestId: row.requestId,
      seq: 1,
      actorKind: actor.kind,
      actorId: actor.id,
      fromStatus: null,
      toStatus: row.status,
    });
    return row;
  });
}

/**
 * Moves a request to `to`, if `actor` may from its state now, recording who, when and why.
 * With `expectedVersion` the move happens only if nobody changed the request since that version
 * was read. A move that is not allowed, or a lost race, answers 409 `R001`.
 */
export async function moveRequest(
  db: TDatabase,
  key: { schoolId: string; requestId: string },
  to: TRequestStatus,
  actor: TActor,
  options: { note?: string; expectedVersion?: number } = {},
): Promise<TRequestRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(requests)
      .where(and(eq(requests.schoolId, key.schoolId), eq(requests.requestId, key.requestId)))
      .for('update');
    if (!current) throw new ApiError(404, MessageId.notFound, 'No such request');
    const from = current.status as TRequestStatus;
    if (!canMove(from, to, actor.kind)) throw wrongState();
    if (options.expectedVersion !== undefined && options.expectedVersion !== current.version)
      throw wrongState();
    const [moved] = await tx
      .update(requests)
      .set({ status: to, version: sql`${requests.version} + 1`, updatedAt: sql`now()` })
      .where(
        and(
          eq(requests.schoolId, key.schoolId),
          eq(requests.requestId, key.requestId),
          eq(requests.version, current.version),
        ),
      )
      .returning();
    if (!moved) throw wrongState();
    const [last] = await tx
      .select({ seq: sql<number>`coalesce(max(${requestEvents.seq}), 0)::int` })
      .from(requestEvents)
      .where(and(eq(requestEvents.schoolId, key.schoolId), eq(requestEvents.requestId, key.requestId)));
    await tx.insert(requestEvents).values({
      schoolId: key.schoolId,
      requestId: key.requestId,
      seq: (last?.seq ?? 0) + 1,
      actorKind: actor.kind,
      actorId: actor.id,
      fromStatus: from,
      toStatus: to,
      note: options.note ?? '',
    });
    return moved;
  });
}

/** A request's history, oldest first. */
export async function requestHistory(db: TDatabase, key: { schoolId: string; requestId: string }) {
  return db
    .select()
    .from(requestEvents)
    .where(and(eq(requestEvents.schoolId, key.schoolId), eq(requestEvents.requestId, key.requestId)))
    .orderBy(asc(requestEvents.seq));
}
