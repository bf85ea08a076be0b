import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  EXIT_SLIP_VALID_AFTER_MINUTES,
  EXIT_SLIP_VALID_BEFORE_MINUTES,
  type TCollector,
  type TExitSlip,
} from '@portal/contracts/families/exit-slips';
import type { TRequestStatus } from '@portal/contracts/kits/requests';
import type { TDatabase } from '../../db/client.ts';
import { exitSlipCodes, parentStudents, requests, students } from '../../db/schema/index.ts';
import { instantText, isUuid, type TCursor } from '../../kits/cursor.ts';
import { afterRequest, historiesOf } from './views.ts';
import {
  createRequest,
  OPEN_STATUSES,
  STANDING_STATUSES,
  type TActor,
  type TRequestRow,
} from '../../kits/request-workflow.ts';

// Exit slips as the tables keep them (docs/modules.md F5): a request of kind `exitSlip` for one
// child, its payload holding the time of leaving (and the school day it falls on, for the
// one-slip-a-day rule), the collector and a summary for the family's list of every request;
// its gate code, once shown, in `exit_slip_codes`. A parent reaches the slips of their own
// children only (both parents of a child see its slips).

export const EXIT_SLIP_KIND = 'exitSlip';

/** A key of PostgreSQL's advisory locks: one new slip of a child at a time. */
const LOCK_NAMESPACE = 7_263_817;

const MINUTE_MS = 60_000;

type TOwner = { schoolId: string; parentId: string };

/** The payload of an exit slip request. */
export type TExitSlipPayload = {
  /** The instant of leaving, ISO 8601 in UTC. */
  leaveAt: string;
  /** The school day it falls on, in the school's time zone. */
  leaveDay: string;
  collector: TCollector;
  summary: string;
};

export function payloadOf(row: Pick<TRequestRow, 'payload'>): TExitSlipPayload {
  const payload = row.payload as Partial<TExitSlipPayload>;
  const collector = (payload.collector ?? {}) as Partial<TCollector>;
  return {
    leaveAt: typeof payload.leaveAt === 'string' ? payload.leaveAt : new Date(0).toISOString(),
    leaveDay: typeof payload.leaveDay === 'string' ? payload.leaveDay : '',
    collector: {
      name: collector.name ?? '',
      relation: collector.relation ?? '',
      phone: collector.phone ?? '',
    },
    summary: typeof payload.summary === 'string' ? payload.summary : '',
  };
}

/** When the gate takes the code of a slip leaving at `leaveAt`. */
export function windowOf(leaveAt: string): { from: Date; until: Date } {
  const at = Date.parse(leaveAt);
  return {
    from: new Date(at - EXIT_SLIP_VALID_BEFORE_MINUTES * MINUTE_MS),
    until: new Date(at + EXIT_SLIP_VALID_AFTER_MINUTES * MINUTE_MS),
  };
}

/** The join that keeps a request to those about this parent's children. */
const ownChildOfRequest = (parentId: string) =>
  and(
    eq(parentStudents.schoolId, requests.schoolId),
    eq(parentStudents.parentId, parentId),
    sql`${parentStudents.enrollNumber} = any(${requests.enrollNumbers})`,
  ) as SQL;

const createdAtText = instantText(requests.createdAt);

const slipColumns = {
  request: requests,
  childName: students.fullName,
  enrollNumber: students.enrollNumber,
  usedAt: exitSlipCodes.usedAt,
  handedOverAt: exitSlipCodes.handedOverAt,
  createdAtText,
};

type TSlipRow = {
  request: TRequestRow;
  childName: string;
  enrollNumber: string;
  usedAt: Date | null;
  handedOverAt: Date | null;
};

/** The family's slips matching `where`, newest first, with the child and what the gate did. */
function selectSlips(db: TDatabase, owner: TOwner, where: SQL | undefined) {
  return db
    .select(slipColumns)
    .from(requests)
    .innerJoin(parentStudents, ownChildOfRequest(owner.parentId))
    .innerJoin(
      students,
      and(
        eq(students.schoolId, parentStudents.schoolId),
        eq(students.enrollNumber, parentStudents.enrollNumber),
      ),
    )
    .leftJoin(
      exitSlipCodes,
      and(eq(exitSlipCodes.schoolId, requests.schoolId), eq(exitSlipCodes.requestId, requests.requestId)),
    )
    .where(and(eq(requests.schoolId, owner.schoolId), eq(requests.kind, EXIT_SLIP_KIND), where))
    .orderBy(desc(requests.createdAt), desc(requests.requestId));
}

/** The slips as the parent reads them, each with its history. */
async function viewsOf(db: TDatabase, schoolId: string, rows: readonly TSlipRow[]): Promise<TExitSlip[]> {
  const histories = await historiesOf(
    db,
    schoolId,
    rows.map((row) => row.request.requestId),
  );
  return rows.map((row) => {
    const payload = payloadOf(row.request);
    const window = windowOf(payload.leaveAt);
    const status = row.request.status as TRequestStatus;
    return {
      id: row.request.requestId,
      enrollNumber: row.enrollNumber,
      childName: row.childName,
      leaveAt: payload.leaveAt,
      collector: payload.collector,
      status,
      createdAt: row.request.createdAt.toISOString(),
      canCancel: OPEN_STATUSES.includes(status),
      window: { from: window.from.toISOString(), until: window.until.toISOString() },
      gate: {
        verifiedAt: row.usedAt?.toISOString() ?? null,
        handedOverAt: row.handedOverAt?.toISOString() ?? null,
      },
      history: histories.get(row.request.requestId) ?? [],
    };
  });
}

/** A page of the family's slips (of one child when named), newest first. */
export async function exitSlipPage(
  db: TDatabase,
  owner: TOwner,
  options: { enrollNumber?: string; pageSize: number; after: TCursor | null },
): Promise<{ items: TExitSlip[]; next: TCursor | null }> {
  const { after, pageSize } = options;
  const rows = await selectSlips(
    db,
    owner,
    and(
      options.enrollNumber ? eq(parentStudents.enrollNumber, options.enrollNumber) : undefined,
      afterRequest(after),
    ),
  ).limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return {
    items: await viewsOf(db, owner.schoolId, page),
    next: rows.length > pageSize && last ? { at: last.createdAtText, id: last.request.requestId } : null,
  };
}

/** One of the family's slips, or null (another family's, another school's, or none). */
export async function findExitSlip(db: TDatabase, owner: TOwner, id: string): Promise<TExitSlip | null> {
  if (!isUuid(id)) return null;
  const rows = await selectSlips(db, owner, eq(requests.requestId, id.toLowerCase())).limit(1);
  const [view] = await viewsOf(db, owner.schoolId, rows);
  return view ?? null;
}

/**
 * Writes a submitted slip for the child (checked to be the parent's before), unless another
 * slip of the child holds that school day: then `null` (409 `R003`).
 */
export async function createExitSlip(
  db: TDatabase,
  owner: TOwner,
  slip: { enrollNumber: string } & TExitSlipPayload,
): Promise<TRequestRow | null> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as TDatabase;
    // Two presses at once: the second waits for the first, then finds its slip.
    await tx.execute(
      sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${`${owner.schoolId}\n${slip.enrollNumber}`}))`,
    );
    const [taken] = await tx
      .select({ requestId: requests.requestId })
      .from(requests)
      .where(
        and(
          eq(requests.schoolId, owner.schoolId),
          eq(requests.kind, EXIT_SLIP_KIND),
          sql`${slip.enrollNumber} = any(${requests.enrollNumbers})`,
          // A standing slip holds its day: another slip of the child that day is 409 `R003`.
          inArray(requests.status, [...STANDING_STATUSES]),
          sql`${requests.payload}->>'leaveDay' = ${slip.leaveDay}`,
        ),
      )
      .limit(1);
    if (taken) return null;
    const actor: TActor = { kind: 'parent', id: owner.parentId };
    const { enrollNumber, ...payload } = slip;
    return createRequest(
      tx,
      {
        schoolId: owner.schoolId,
        kind: EXIT_SLIP_KIND,
        parentId: owner.parentId,
        enrollNumbers: [enrollNumber],
        payload,
        status: 'submitted',
      },
      actor,
    );
  });
}

/** Keeps the hash of the slip's code (the first time it is shown); answers what the gate did. */
export async function keepCode(
  db: TDatabase,
  slip: { schoolId: string; requestId: string },
  tokenHash: string,
): Promise<{ usedAt: Date | null; handedOverAt: Date | null }> {
  await db
    .insert(exitSlipCodes)
    .values({ ...slip, tokenHash })
    .onConflictDoNothing();
  const [row] = await db
    .select({ usedAt: exitSlipCodes.usedAt, handedOverAt: exitSlipCodes.handedOverAt })
    .from(exitSlipCodes)
    .where(and(eq(exitSlipCodes.schoolId, slip.schoolId), eq(exitSlipCodes.requestId, slip.requestId)));
  return { usedAt: row?.usedAt ?? null, handedOverAt: row?.handedOverAt ?? null };
}
