import { and, arrayContained, asc, desc, eq, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  REQUEST_KIND_MODULES,
  REQUEST_KINDS,
  type TRequestChild,
  type TRequestItem,
  type TRequestKind,
} from '@portal/contracts/families/requests';
import type { TRequestActor, TRequestEvent, TRequestStatus } from '@portal/contracts/kits/requests';
import { MessageId } from '@portal/contracts/messages';
import { ApiError, notYourChild } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { parentStudents, requestEvents, requests, students } from '../../db/schema/index.ts';
import { instantText, isUuid, type TCursor } from '../../kits/cursor.ts';
import { canMove, type TRequestRow } from '../../kits/request-workflow.ts';
import { isModuleGranted } from '../../plugins/module-access.ts';

// How requests of every kind are read (docs/modules.md F5): the family's requests (those the parent
// made, and those the children's other parent made about children of this family), newest
// first, each with its children named and its whole history.

export type TOwner = { schoolId: string; parentId: string };

const ACTOR_OF_KIND: Record<string, TRequestActor> = {
  parent: 'parent',
  staff: 'school',
  key: 'school',
  system: 'system',
};

/** The request kinds whose module the school grants (a hub holds granted modules' items only). */
export async function grantedKinds(db: TDatabase, schoolId: string): Promise<TRequestKind[]> {
  const granted = await Promise.all(
    REQUEST_KINDS.map((kind) => isModuleGranted(db, schoolId, REQUEST_KIND_MODULES[kind])),
  );
  return REQUEST_KINDS.filter((_kind, index) => granted[index]);
}

/** The enrolment numbers of the parent's children. */
export async function childrenOfParent(db: TDatabase, owner: TOwner): Promise<string[]> {
  const rows = await db
    .select({ enrollNumber: parentStudents.enrollNumber })
    .from(parentStudents)
    .where(and(eq(parentStudents.schoolId, owner.schoolId), eq(parentStudents.parentId, owner.parentId)));
  return rows.map((row) => row.enrollNumber);
}

/**
 * The family's requests: every child they name is one of the parent's children, and either the
 * parent made them or they name a child (the other parent's requests about the same children,
 * once sent).
 */
export function ofFamily(owner: TOwner, children: readonly string[]): SQL {
  const mine = eq(requests.parentId, owner.parentId);
  return and(
    eq(requests.schoolId, owner.schoolId),
    arrayContained(requests.enrollNumbers, [...children]),
    // A draft is its author's alone until it is sent.
    or(mine, and(sql`cardinality(${requests.enrollNumbers}) > 0`, ne(requests.status, 'draft'))),
  ) as SQL;
}

/** The condition of a page after the cursor, newest first. */
export function afterRequest(after: TCursor | null): SQL | undefined {
  return after
    ? or(
        lt(requests.createdAt, sql`${after.at}::timestamptz`),
        and(eq(requests.createdAt, sql`${after.at}::timestamptz`), lt(requests.requestId, after.id)),
      )
    : undefined;
}

/** A page of requests (newest first) and where the next starts. */
export async function requestPage(
  db: TDatabase,
  where: SQL | undefined,
  pageSize: number,
  after: TCursor | null,
): Promise<{ rows: TRequestRow[]; next: TCursor | null }> {
  const rows = await db
    .select({ request: requests, createdAtText: instantText(requests.createdAt) })
    .from(requests)
    .where(and(where, afterRequest(after)))
    .orderBy(desc(requests.createdAt), desc(requests.requestId))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return {
    rows: page.map((row) => row.request),
    next: rows.length > pageSize && last ? { at: last.createdAtText, id: last.request.requestId } : null,
  };
}

/** One request of the family, of one of these kinds, or null (a malformed id is none). */
export async function familyRequest(
  db: TDatabase,
  owner: TOwner,
  requestId: string,
  kinds: readonly string[],
): Promise<TRequestRow | null> {
  if (!isUuid(requestId) || kinds.length === 0) return null;
  const children = await childrenOfParent(db, owner);
  const [row] = await db
    .select()
    .from(requests)
    .where(
      and(
        ofFamily(owner, children),
        eq(requests.requestId, requestId.toLowerCase()),
        inArray(requests.kind, [...kinds]),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The family's request with this id, of one of these kinds, for a route that names it: another
 * family's request (of this school or another) is 403 `A002`, as every object of another family
 * is; an unknown id, or one of a kind the school does not offer, is 404 `N404`.
 */
export async function requireFamilyRequest(
  db: TDatabase,
  owner: TOwner,
  requestId: string,
  kinds: readonly string[],
): Promise<TRequestRow> {
  const found = await familyRequest(db, owner, requestId, kinds);
  if (found) return found;
  if (isUuid(requestId)) {
    const [elsewhere] = await db
      .select({ parentId: requests.parentId, schoolId: requests.schoolId, kind: requests.kind })
      .from(requests)
      .where(eq(requests.requestId, requestId.toLowerCase()))
      .limit(1);
    const mineButHidden = elsewhere?.schoolId === owner.schoolId && elsewhere.parentId === owner.parentId;
    if (elsewhere && !mineButHidden) throw notYourChild();
  }
  throw new ApiError(404, MessageId.notFound, 'No such request');
}

/** The histories of these requests, oldest line first, by request. */
export async function historiesOf(
  db: TDatabase,
  schoolId: string,
  requestIds: readonly string[],
): Promise<Map<string, TRequestEvent[]>> {
  const histories = new Map<string, TRequestEvent[]>();
  if (requestIds.length === 0) return histories;
  const rows = await db
    .select()
    .from(requestEvents)
    .where(and(eq(requestEvents.schoolId, schoolId), inArray(requestEvents.requestId, [...requestIds])))
    .orderBy(asc(requestEvents.requestId), asc(requestEvents.seq));
  for (const row of rows) {
    const line: TRequestEvent = {
      seq: row.seq,
      at: row.at.toISOString(),
      actor: ACTOR_OF_KIND[row.actorKind] ?? 'system',
      from: (row.fromStatus as TRequestStatus | null) ?? null,
      to: row.toStatus as TRequestStatus,
      note: row.note,
    };
    const history = histories.get(row.requestId);
    if (history) history.push(line);
    else histories.set(row.requestId, [line]);
  }
  return histories;
}

/** The names of these children of the school, by enrolment number. */
export async function childNames(
  db: TDatabase,
  schoolId: string,
  enrollNumbers: readonly string[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(enrollNumbers)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ enrollNumber: students.enrollNumber, fullName: students.fullName })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), inArray(students.enrollNumber, wanted)));
  return new Map(rows.map((row) => [row.enrollNumber, row.fullName]));
}

/** The requests as lists show them, each with its children named and its history. */
export async function requestItems(
  db: TDatabase,
  schoolId: string,
  rows: readonly TRequestRow[],
): Promise<(TRequestItem & { row: TRequestRow })[]> {
  const [histories, names] = await Promise.all([
    historiesOf(
      db,
      schoolId,
      rows.map((row) => row.requestId),
    ),
    childNames(
      db,
      schoolId,
      rows.flatMap((row) => row.enrollNumbers),
    ),
  ]);
  return rows.map((row) => {
    const status = row.status as TRequestStatus;
    const children: TRequestChild[] = row.enrollNumbers.map((enrollNumber) => ({
      enrollNumber,
      childName: names.get(enrollNumber) ?? enrollNumber,
    }));
    const summary = row.payload.summary;
    return {
      row,
      id: row.requestId,
      kind: row.kind as TRequestKind,
      status,
      children,
      summary: typeof summary === 'string' ? summary : '',
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      canCancel: canMove(status, 'cancelled', 'parent'),
      history: histories.get(row.requestId) ?? [],
    };
  });
}

/** An item without the row it was made from. */
export function withoutRow<T extends { row: TRequestRow }>(item: T): Omit<T, 'row'> {
  const { row: _row, ...rest } = item;
  return rest;
}
