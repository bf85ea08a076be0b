import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import {
  helpRequestEndpoints,
  HELPDESK_DEPARTMENTS,
  PHOTOCOPY_DOCUMENTS,
  PHOTOCOPY_PRICE_MINOR,
  type THelpdeskDepartment,
  type THelpdeskTicket,
  type TPhotocopyDocument,
  type TPhotocopyRequest,
} from '@portal/contracts/families/help-requests';
import type { TRequestStatus } from '@portal/contracts/kits/requests';
import { MessageId } from '@portal/contracts/messages';
import type { TDatabase } from '../../db/client.ts';
import { feeItems, feeTypes, requestEvents, requests } from '../../db/schema/index.ts';
import { requireOwnChild } from '../../access/own-child.ts';
import { schoolToday, schoolWide } from '../../access/school.ts';
import { addDays } from '@portal/contracts/kits/dates';
import { afterCursor, cursorText } from '../../kits/cursor.ts';
import { yearAndTerm } from '../../kits/fee-year.ts';
import type { TRequestKindHooks } from '../../kits/request-hooks.ts';
import {
  createRequest,
  isSettled,
  requestSummary,
  wrongState,
  type TActor,
  type TRequestRow,
} from '../../kits/request-workflow.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import {
  childrenOfParent,
  ofFamily,
  requestItems,
  requestPage,
  requireFamilyRequest,
  withoutRow,
  type TOwner,
} from './views.ts';

// Help desk tickets (module `happyToHelp`) and photocopy requests (module `photocopyForm`),
// docs/modules.md F5. Both are requests of the shared workflow (kits/request-workflow.ts), listed
// in the family's hub and decided through the staff API. A ticket is "resolved" when approved;
// the school's answer is its decision note, and the parent may add notes while it is open (a
// line of its history that keeps its state). An approved photocopy of a charged document adds
// the child's fee line in the decision's transaction (the kind's hook), paid on the fee page.

export const HELPDESK_KIND = 'helpdesk';
export const PHOTOCOPY_KIND = 'photocopy';
/** The fee type of the photocopies' fee lines. */
export const PHOTOCOPY_FEE_TYPE = 'PHOTOCOPY';
/** Days a photocopy's fee line is due after the approval. */
const PHOTOCOPY_DUE_DAYS = 14;

const ok = { success: true, messageId: MessageId.ok } as const;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

const oneOf = <T extends string>(list: readonly T[], value: unknown, fallback: T): T =>
  list.includes(value as T) ? (value as T) : fallback;

// ---------------------------------------------------------------- help desk

async function ticketItems(db: TDatabase, schoolId: string, rows: TRequestRow[]): Promise<THelpdeskTicket[]> {
  const items = await requestItems(db, schoolId, rows);
  return items.map((item) => ({
    ...withoutRow(item),
    department: oneOf<THelpdeskDepartment>(HELPDESK_DEPARTMENTS, item.row.payload.department, 'other'),
    subject: text(item.row.payload.subject),
    body: text(item.row.payload.body),
  }));
}

async function ticketItem(db: TDatabase, schoolId: string, row: TRequestRow): Promise<THelpdeskTicket> {
  const [item] = await ticketItems(db, schoolId, [row]);
  if (!item) throw new Error('The ticket was not read back');
  return item;
}

/**
 * Adds a note to an undecided request: a line of its history that keeps its state (a decided or
 * cancelled one: 409 `R001`).
 */
export async function addRequestNote(
  db: TDatabase,
  key: { schoolId: string; requestId: string },
  actor: TActor,
  note: string,
): Promise<TRequestRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(requests)
      .where(and(eq(requests.schoolId, key.schoolId), eq(requests.requestId, key.requestId)))
      .for('update');
    if (!current) throw wrongState();
    const status = current.status as TRequestStatus;
    if (isSettled(status)) throw wrongState();
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
      fromStatus: status,
      toStatus: status,
      note,
    });
    const [touched] = await tx
      .update(requests)
      .set({ updatedAt: sql`now()` })
      .where(and(eq(requests.schoolId, key.schoolId), eq(requests.requestId, key.requestId)))
      .returning();
    return touched ?? current;
  });
}

/** Creates a help desk ticket of the family (its child, if named, checked to be the parent's before). */
export async function createTicket(
  db: TDatabase,
  owner: TOwner,
  ticket: { department: THelpdeskDepartment; subject: string; body: string; enrollNumber?: string },
): Promise<TRequestRow> {
  return createRequest(
    db,
    {
      schoolId: owner.schoolId,
      kind: HELPDESK_KIND,
      parentId: owner.parentId,
      enrollNumbers: ticket.enrollNumber ? [ticket.enrollNumber] : [],
      payload: {
        department: ticket.department,
        subject: ticket.subject,
        body: ticket.body,
        summary: requestSummary(ticket.subject),
      },
      status: 'submitted',
    },
    { kind: 'parent', id: owner.parentId },
  );
}

/** GET|POST helpdesk-tickets, POST helpdesk-tickets/:id/notes (module `happyToHelp`). */
export function helpdeskRoutes(app: FastifyInstance, db: TDatabase): void {
  addEndpoint(app, helpRequestEndpoints.helpdeskTickets, async (request) => {
    const owner = request.session;
    const { cursor, pageSize } = request.query;
    const children = await childrenOfParent(db, owner);
    const page = await requestPage(
      db,
      and(ofFamily(owner, children), eq(requests.kind, HELPDESK_KIND)),
      pageSize,
      afterCursor(cursor),
    );
    return {
      ...ok,
      items: await ticketItems(db, owner.schoolId, page.rows),
      nextCursor: page.next ? cursorText(page.next) : null,
    };
  });

  addEndpoint(app, helpRequestEndpoints.createHelpdeskTicket, async (request, reply) => {
    const owner = request.session;
    const { enrollNumber } = request.body;
    const child = enrollNumber ? await requireOwnChild(db, owner, enrollNumber) : null;
    const row = await createTicket(db, owner, {
      ...request.body,
      enrollNumber: child?.enrollNumber,
    });
    return reply.code(201).send({ ...ok, ticket: await ticketItem(db, owner.schoolId, row) });
  });

  addEndpoint(app, helpRequestEndpoints.addHelpdeskNote, async (request) => {
    const owner = request.session;
    const found = await requireFamilyRequest(db, owner, request.params.id, [HELPDESK_KIND]);
    const row = await addRequestNote(
      db,
      { schoolId: owner.schoolId, requestId: found.requestId },
      { kind: 'parent', id: owner.parentId },
      request.body.body,
    );
    return { ...ok, ticket: await ticketItem(db, owner.schoolId, row) };
  });
}

// ---------------------------------------------------------------- photocopies

type TPhotocopyPayload = { document: TPhotocopyDocument; copies: number; note: string; feeItemId: string };

function photocopyPayload(row: TRequestRow): TPhotocopyPayload {
  const copies = Number(row.payload.copies);
  return {
    document: oneOf<TPhotocopyDocument>(PHOTOCOPY_DOCUMENTS, row.payload.document, 'reportCard'),
    copies: Number.isInteger(copies) && copies > 0 ? copies : 1,
    note: text(row.payload.note),
    feeItemId: text(row.payload.feeItemId),
  };
}

/** What copies of a document cost in all, in fils. */
export const photocopyPrice = (document: TPhotocopyDocument, copies: number) =>
  PHOTOCOPY_PRICE_MINOR[document] * copies;

async function photocopyItems(
  db: TDatabase,
  schoolId: string,
  rows: TRequestRow[],
): Promise<TPhotocopyRequest[]> {
  const items = await requestItems(db, schoolId, rows);
  return items.map((item) => {
    const { document, copies, note, feeItemId } = photocopyPayload(item.row);
    return {
      ...withoutRow(item),
      document,
      copies,
      note,
      priceMinor: photocopyPrice(document, copies),
      addedToFees: item.status === 'approved' && feeItemId !== '',
    };
  });
}

async function photocopyItem(db: TDatabase, schoolId: string, row: TRequestRow): Promise<TPhotocopyRequest> {
  const [item] = await photocopyItems(db, schoolId, [row]);
  if (!item) throw new Error('The photocopy request was not read back');
  return item;
}

/**
 * Approved photocopies of a charged document (the kind's hook, run in the decision's
 * transaction): the child's fee line for the copies, once; its id is kept on the request.
 */
export async function addPhotocopyFeeLine(tx: TDatabase, request: TRequestRow): Promise<string | null> {
  const { document, copies, feeItemId } = photocopyPayload(request);
  const price = photocopyPrice(document, copies);
  const enrollNumber = request.enrollNumbers[0];
  if (price <= 0 || !enrollNumber || feeItemId) return null;
  await tx
    .insert(feeTypes)
    .values({
      schoolId: request.schoolId,
      code: PHOTOCOPY_FEE_TYPE,
      nameEn: 'Document copies',
      nameAr: 'نسخ المستندات',
      vatRateBp: 0,
    })
    .onConflictDoNothing();
  const today = schoolToday((await schoolWide(tx, request.schoolId))?.timeZone);
  const { year, term } = await yearAndTerm(tx, request.schoolId, today);
  const [line] = await tx
    .insert(feeItems)
    .values({
      schoolId: request.schoolId,
      enrollNumber,
      academicYear: year,
      term,
      feeTypeCode: PHOTOCOPY_FEE_TYPE,
      amountMinor: price,
      vatRateBp: 0,
      vatMinor: 0,
      totalMinor: price,
      dueOn: addDays(today, PHOTOCOPY_DUE_DAYS),
    })
    .returning({ id: feeItems.id });
  if (!line) throw new Error('The fee line was not stored');
  await tx
    .update(requests)
    .set({ payload: sql`${requests.payload} || ${JSON.stringify({ feeItemId: line.id })}::jsonb` })
    .where(and(eq(requests.schoolId, request.schoolId), eq(requests.requestId, request.requestId)));
  return line.id;
}

/** The photocopy kind's hooks for the staff API's decisions. */
export const photocopyKindHooks: TRequestKindHooks = {
  onApproved: async (tx, request) => {
    await addPhotocopyFeeLine(tx, request);
  },
};

/** Creates a photocopy request for a child (checked to be the parent's before). */
export async function createPhotocopy(
  db: TDatabase,
  owner: TOwner,
  order: { enrollNumber: string; document: TPhotocopyDocument; copies: number; note?: string },
): Promise<TRequestRow> {
  return createRequest(
    db,
    {
      schoolId: owner.schoolId,
      kind: PHOTOCOPY_KIND,
      parentId: owner.parentId,
      enrollNumbers: [order.enrollNumber],
      payload: {
        document: order.document,
        copies: order.copies,
        note: order.note ?? '',
        summary: requestSummary(`${order.document} × ${order.copies}`),
      },
      status: 'submitted',
    },
    { kind: 'parent', id: owner.parentId },
  );
}

/** GET|POST photocopy-requests (module `photocopyForm`); cancelling goes through the hub. */
export function photocopyRoutes(app: FastifyInstance, db: TDatabase): void {
  addEndpoint(app, helpRequestEndpoints.photocopyRequests, async (request) => {
    const owner = request.session;
    const { cursor, pageSize } = request.query;
    const children = await childrenOfParent(db, owner);
    const page = await requestPage(
      db,
      and(ofFamily(owner, children), eq(requests.kind, PHOTOCOPY_KIND)),
      pageSize,
      afterCursor(cursor),
    );
    return {
      ...ok,
      items: await photocopyItems(db, owner.schoolId, page.rows),
      nextCursor: page.next ? cursorText(page.next) : null,
    };
  });

  addEndpoint(app, helpRequestEndpoints.createPhotocopyRequest, async (request, reply) => {
    const owner = request.session;
    const child = await requireOwnChild(db, owner, request.body.enrollNumber);
    const row = await createPhotocopy(db, owner, { ...request.body, enrollNumber: child.enrollNumber });
    return reply.code(201).send({ ...ok, request: await photocopyItem(db, owner.schoolId, row) });
  });
}
