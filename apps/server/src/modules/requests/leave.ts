import type { FastifyInstance } from 'fastify';
import { and, arrayOverlaps, asc, between, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import {
  MAX_LEAVE_AHEAD_DAYS,
  requestEndpoints,
  type TLeaveDraftBody,
  type TLeaveRequest,
} from '@portal/contracts/families/requests';
import { addDays, isoWeekdayOf } from '@portal/contracts/kits/dates';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import {
  attendanceDays,
  parentStudents,
  requests,
  schoolCalendar,
  schools,
  students,
} from '../../db/schema/index.ts';
import { ownChildJoin, requireOwnChild, type TStudentRow } from '../../access/own-child.ts';
import { schoolToday, schoolWide } from '../../access/school.ts';
import { afterCursor, cursorText } from '../../kits/cursor.ts';
import { published } from '../../kits/publication.ts';
import type { TRequestKindHooks } from '../../kits/request-hooks.ts';
import {
  createRequest,
  moveRequest,
  requestSummary,
  STANDING_STATUSES,
  wrongState,
  type TRequestRow,
} from '../../kits/request-workflow.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import {
  childrenOfParent,
  requireFamilyRequest,
  ofFamily,
  requestItems,
  requestPage,
  withoutRow,
  type TOwner,
} from './views.ts';

// Leave requests (docs/modules.md F5, module `studentLeave`): one request for one or several of the
// parent's children, from a day to a day, with a reason; kept as a draft (its author's alone,
// rewritten with PATCH, sent with /submit) or submitted at once for the school to
// decide through the staff API. A leave may explain past absences (at most LEAVE_BACK_DAYS back)
// and start or end at most MAX_LEAVE_AHEAD_DAYS ahead; it may not overlap a standing leave of
// one of its children (409 `R003`). Approved, its days become excused absences.

export const LEAVE_KIND = 'leave';
/** How far back a leave may reach: absences of the last three months may still be explained. */
export const LEAVE_BACK_DAYS = 90;
/** A key of PostgreSQL's advisory locks: one leave of a school's family at a time. */
const LOCK_NAMESPACE = 7_263_617;

const ok = { success: true, messageId: MessageId.ok } as const;

const badDates = (message: string) => new ApiError(422, MessageId.requestBadDates, message);

type TPayload = { from: string; to: string; reason: string };

function payloadOf(row: TRequestRow): TPayload {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return { from: text(row.payload.from), to: text(row.payload.to), reason: text(row.payload.reason) };
}

/**
 * Whether a day is a school day: not one of the school's weekend days nor within a published
 * holiday of every grade, read once for the days from `from` to `to`.
 */
async function schoolDaysBetween(
  db: TDatabase,
  schoolId: string,
  from: string,
  to: string,
): Promise<(day: string) => boolean> {
  const [[school], holidays] = await Promise.all([
    db.select({ weekendDays: schools.weekendDays }).from(schools).where(eq(schools.schoolId, schoolId)),
    db
      .select({ startsOn: schoolCalendar.startsOn, endsOn: schoolCalendar.endsOn })
      .from(schoolCalendar)
      .where(
        and(
          eq(schoolCalendar.schoolId, schoolId),
          eq(schoolCalendar.kind, 'holiday'),
          published(schoolCalendar.publishedAt),
          lte(schoolCalendar.startsOn, to),
          gte(schoolCalendar.endsOn, from),
          sql`cardinality(${schoolCalendar.audienceGrades}) = 0`,
        ),
      ),
  ]);
  const weekend = school?.weekendDays ?? [6, 7];
  return (day) =>
    !weekend.includes(isoWeekdayOf(day)) &&
    !holidays.some((holiday) => holiday.startsOn <= day && holiday.endsOn >= day);
}

/** How many school days a leave covers, by the school's calendar read for its page. */
function schoolDayCount(isSchoolDay: (day: string) => boolean, from: string, to: string): number {
  let count = 0;
  for (let day = from; day <= to; day = addDays(day, 1)) if (isSchoolDay(day)) count += 1;
  return count;
}

/** One leave request as the page shows it. */
async function leaveItem(db: TDatabase, schoolId: string, row: TRequestRow): Promise<TLeaveRequest> {
  const [item] = await leaveItems(db, schoolId, [row]);
  if (!item) throw new Error('The leave request was not read back');
  return item;
}

/** The leave requests as the page shows them; the calendar is read once for the whole page. */
async function leaveItems(db: TDatabase, schoolId: string, rows: TRequestRow[]): Promise<TLeaveRequest[]> {
  const items = await requestItems(db, schoolId, rows);
  const payloads = items.map((item) => payloadOf(item.row));
  const spans = payloads.filter((payload) => payload.from && payload.to >= payload.from);
  const first = spans.map((payload) => payload.from).sort()[0];
  const last = spans
    .map((payload) => payload.to)
    .sort()
    .at(-1);
  const isSchoolDay = first && last ? await schoolDaysBetween(db, schoolId, first, last) : () => false;
  return items.map((item, index) => {
    const payload = payloads[index] ?? { from: '', to: '', reason: '' };
    return {
      ...withoutRow(item),
      ...payload,
      days: payload.to < payload.from ? 0 : schoolDayCount(isSchoolDay, payload.from, payload.to),
    };
  });
}

/**
 * Approved leave (the kind's hook, run in the decision's transaction): each absence of its
 * children on its days becomes excused, with the reason as its note when the school gave none.
 * Days the school has not recorded yet stay unrecorded; a standing leave explains them.
 */
export async function excuseLeaveDays(tx: TDatabase, request: TRequestRow): Promise<number> {
  const { from, to, reason } = payloadOf(request);
  if (!from || !to || request.enrollNumbers.length === 0) return 0;
  const changed = await tx
    .update(attendanceDays)
    .set({
      status: 'excused',
      note: sql`case when btrim(${attendanceDays.note}) = '' then ${`Leave: ${reason}`.slice(0, 1000)} else ${attendanceDays.note} end`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(attendanceDays.schoolId, request.schoolId),
        inArray(attendanceDays.enrollNumber, request.enrollNumbers),
        between(attendanceDays.day, from, to),
        eq(attendanceDays.status, 'absent'),
      ),
    )
    .returning({ day: attendanceDays.day });
  return changed.length;
}

/** The leave kind's hooks for the staff API's decisions. */
export const leaveKindHooks: TRequestKindHooks = {
  onApproved: async (tx, request) => {
    await excuseLeaveDays(tx, request);
  },
};

type TLeave = { enrollNumbers: string[]; from: string; to: string; reason: string };

/** The days of a leave, checked against today: 422 `R002` when they are not ones it may cover. */
function checkDays(leave: TLeave, today: string): void {
  const { from, to } = leave;
  if (to < from) throw badDates('The last day of leave is before its first');
  const latest = addDays(today, MAX_LEAVE_AHEAD_DAYS);
  if (to > latest)
    throw badDates(`Leave may be asked at most ${MAX_LEAVE_AHEAD_DAYS} days ahead (${latest})`);
  const earliest = addDays(today, -LEAVE_BACK_DAYS);
  if (from < earliest) throw badDates(`Leave may reach at most ${LEAVE_BACK_DAYS} days back (${earliest})`);
}

/**
 * Runs `write` in a transaction that holds the school's leave lock, after checking that no
 * standing leave (but `except`) of one of the children covers one of the days (409 `R003`).
 * Two requests at once: the second waits for the first, then sees its overlap.
 */
async function withoutOverlap<T>(
  db: TDatabase,
  owner: TOwner,
  leave: TLeave,
  except: string | null,
  write: (tx: TDatabase) => Promise<T>,
): Promise<T> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as TDatabase;
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${owner.schoolId}))`);
    const [overlap] = await tx
      .select({ requestId: requests.requestId })
      .from(requests)
      .where(
        and(
          eq(requests.schoolId, owner.schoolId),
          eq(requests.kind, LEAVE_KIND),
          inArray(requests.status, [...STANDING_STATUSES]),
          arrayOverlaps(requests.enrollNumbers, leave.enrollNumbers),
          sql`${requests.payload}->>'from' <= ${leave.to}`,
          sql`${requests.payload}->>'to' >= ${leave.from}`,
          except === null ? undefined : ne(requests.requestId, except),
        ),
      )
      .limit(1);
    if (overlap)
      throw new ApiError(
        409,
        MessageId.requestOverlap,
        'A leave of one of the children already covers these days',
      );
    return write(tx);
  });
}

const payloadOfLeave = ({ from, to, reason }: TLeave) => ({
  from,
  to,
  reason,
  summary: requestSummary(reason),
});

/**
 * Creates the family's leave request for these children (each checked to be the parent's
 * before), sent to the school or kept as a draft: 422 `R002` for bad days, 409 `R003` when it
 * overlaps a standing leave (a draft included) of one of them.
 */
export async function createLeave(
  db: TDatabase,
  owner: TOwner,
  leave: TLeave,
  today: string,
  options: { draft?: boolean } = {},
): Promise<TRequestRow> {
  checkDays(leave, today);
  return withoutOverlap(db, owner, leave, null, (tx) =>
    createRequest(
      tx,
      {
        schoolId: owner.schoolId,
        kind: LEAVE_KIND,
        parentId: owner.parentId,
        enrollNumbers: leave.enrollNumbers,
        payload: payloadOfLeave(leave),
        status: options.draft ? 'draft' : 'submitted',
      },
      { kind: 'parent', id: owner.parentId },
    ),
  );
}

/** Rewrites a draft (read at `version`): a request already sent, or changed since, is 409 `R001`. */
async function rewriteDraft(
  db: TDatabase,
  owner: TOwner,
  draft: TRequestRow,
  leave: TLeave,
  today: string,
): Promise<TRequestRow> {
  if (draft.status !== 'draft' || draft.parentId !== owner.parentId) throw wrongState();
  checkDays(leave, today);
  return withoutOverlap(db, owner, leave, draft.requestId, async (tx) => {
    const [row] = await tx
      .update(requests)
      .set({
        enrollNumbers: leave.enrollNumbers,
        payload: payloadOfLeave(leave),
        version: sql`${requests.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(requests.schoolId, owner.schoolId),
          eq(requests.requestId, draft.requestId),
          eq(requests.status, 'draft'),
          eq(requests.version, draft.version),
        ),
      )
      .returning();
    if (!row) throw wrongState();
    return row;
  });
}

/** The leave form filled from an absence: the child, the day, and the siblings absent unexplained that day. */
async function prefillOf(db: TDatabase, owner: TOwner, child: { enrollNumber: string }, day: string) {
  const rows = await db
    .select({
      enrollNumber: students.enrollNumber,
      childName: students.fullName,
      status: attendanceDays.status,
      note: attendanceDays.note,
    })
    .from(students)
    .innerJoin(parentStudents, ownChildJoin(students, owner.parentId))
    .leftJoin(
      attendanceDays,
      and(
        eq(attendanceDays.schoolId, students.schoolId),
        eq(attendanceDays.enrollNumber, students.enrollNumber),
        eq(attendanceDays.day, day),
      ),
    )
    .where(eq(students.schoolId, owner.schoolId))
    .orderBy(asc(parentStudents.position), asc(students.enrollNumber));
  const standing = await db
    .select({ enrollNumbers: requests.enrollNumbers })
    .from(requests)
    .where(
      and(
        eq(requests.schoolId, owner.schoolId),
        eq(requests.kind, LEAVE_KIND),
        inArray(requests.status, [...STANDING_STATUSES]),
        sql`${requests.payload}->>'from' <= ${day}`,
        sql`${requests.payload}->>'to' >= ${day}`,
      ),
    );
  const onLeave = new Set(standing.flatMap((leave) => leave.enrollNumbers));
  const unexplained = (row: (typeof rows)[number]) =>
    row.status === 'absent' && (row.note ?? '').trim() === '' && !onLeave.has(row.enrollNumber);
  const own = rows.find((row) => row.enrollNumber === child.enrollNumber);
  const siblings = rows.filter((row) => row.enrollNumber !== child.enrollNumber && unexplained(row));
  const chosen = [...(own ? [own] : []), ...siblings];
  return {
    enrollNumbers: chosen.map((row) => row.enrollNumber),
    children: chosen.map((row) => ({ enrollNumber: row.enrollNumber, childName: row.childName })),
    from: day,
    to: day,
    unexplained: own ? unexplained(own) : false,
  };
}

/** GET|POST leave-requests, GET leave-requests/prefill, POST leave-requests/:id/cancel (module `studentLeave`). */
export function leaveRoutes(app: FastifyInstance, db: TDatabase): void {
  addEndpoint(app, requestEndpoints.leaveRequests, async (request) => {
    const owner = request.session;
    const { enrollNumber, cursor, pageSize } = request.query;
    if (enrollNumber) await requireOwnChild(db, owner, enrollNumber);
    const after = afterCursor(cursor);
    const children = await childrenOfParent(db, owner);
    const page = await requestPage(
      db,
      and(
        ofFamily(owner, children),
        eq(requests.kind, LEAVE_KIND),
        enrollNumber ? sql`${enrollNumber} = any(${requests.enrollNumbers})` : undefined,
      ),
      pageSize,
      after,
    );
    return {
      ...ok,
      items: await leaveItems(db, owner.schoolId, page.rows),
      nextCursor: page.next ? cursorText(page.next) : null,
    };
  });

  addEndpoint(app, requestEndpoints.leavePrefill, async (request) => {
    const owner = request.session;
    const child = await requireOwnChild(db, owner, request.query.enrollNumber);
    return { ...ok, prefill: await prefillOf(db, owner, child, request.query.absentOn) };
  });

  /** The leave asked for, each child checked to be the parent's (403 `A002`), and the school's today. */
  async function leaveOf(owner: TOwner, body: TLeaveDraftBody): Promise<{ leave: TLeave; today: string }> {
    const children: TStudentRow[] = [];
    for (const enrollNumber of new Set(body.enrollNumbers))
      children.push(await requireOwnChild(db, owner, enrollNumber));
    const today = schoolToday((await schoolWide(db, owner.schoolId))?.timeZone);
    const { from, to, reason } = body;
    return { leave: { enrollNumbers: children.map((child) => child.enrollNumber), from, to, reason }, today };
  }

  addEndpoint(app, requestEndpoints.createLeave, async (request, reply) => {
    const owner = request.session;
    const { leave, today } = await leaveOf(owner, request.body);
    const row = await createLeave(db, owner, leave, today, { draft: request.body.draft === true });
    return reply.code(201).send({ ...ok, request: await leaveItem(db, owner.schoolId, row) });
  });

  addEndpoint(app, requestEndpoints.updateLeaveDraft, async (request) => {
    const owner = request.session;
    const draft = await requireFamilyRequest(db, owner, request.params.id, [LEAVE_KIND]);
    const { leave, today } = await leaveOf(owner, request.body);
    const row = await rewriteDraft(db, owner, draft, leave, today);
    return { ...ok, request: await leaveItem(db, owner.schoolId, row) };
  });

  addEndpoint(app, requestEndpoints.submitLeave, async (request) => {
    const owner = request.session;
    const draft = await requireFamilyRequest(db, owner, request.params.id, [LEAVE_KIND]);
    if (draft.status !== 'draft' || draft.parentId !== owner.parentId) throw wrongState();
    // Its days are checked again: a draft kept for weeks may reach too far back by now.
    const today = schoolToday((await schoolWide(db, owner.schoolId))?.timeZone);
    checkDays({ ...payloadOf(draft), enrollNumbers: draft.enrollNumbers }, today);
    const moved = await moveRequest(
      db,
      { schoolId: owner.schoolId, requestId: draft.requestId },
      'submitted',
      { kind: 'parent', id: owner.parentId },
      { expectedVersion: draft.version },
    );
    return { ...ok, request: await leaveItem(db, owner.schoolId, moved) };
  });

  addEndpoint(app, requestEndpoints.cancelLeave, async (request) => {
    const owner = request.session;
    const found = await requireFamilyRequest(db, owner, request.params.id, [LEAVE_KIND]);
    const moved = await moveRequest(
      db,
      { schoolId: owner.schoolId, requestId: found.requestId },
      'cancelled',
      { kind: 'parent', id: owner.parentId },
      { expectedVersion: found.version },
    );
    return { ...ok, request: await leaveItem(db, owner.schoolId, moved) };
  });
}
