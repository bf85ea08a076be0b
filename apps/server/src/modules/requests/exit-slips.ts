import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '@portal/contracts/constants';
import { exitSlipEndpoints, MAX_EXIT_SLIP_AHEAD_DAYS } from '@portal/contracts/families/exit-slips';
import { MessageId } from '@portal/contracts/messages';
import { ApiError, notYourChild } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { requests } from '../../db/schema/index.ts';
import { requireOwnChild } from '../../access/own-child.ts';
import { schoolToday, schoolWide } from '../../access/school.ts';
import { afterCursor, cursorText, isUuid } from '../../kits/cursor.ts';
import { moveRequest } from '../../kits/request-workflow.ts';
import { requireSession } from '../../plugins/auth.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import { exitSlipCode, groupedCode, hashCode } from './exit-slip-code.ts';
import {
  createExitSlip,
  EXIT_SLIP_KIND,
  exitSlipPage,
  findExitSlip,
  keepCode,
  windowOf,
} from './exit-slip-store.ts';

// Exit slips, the parent's side (docs/modules.md F5, "Exit slip"): ask for a child to leave early
// with a named collector, list the family's slips with their history, cancel one the school
// has not decided, and show the gate code of an approved one. Module `exitSlips`.

const ok = { success: true, messageId: MessageId.ok } as const;
const DAY_MS = 86_400_000;

const badDates = (message: string) => new ApiError(422, MessageId.requestBadDates, message);
const noSuchSlip = () => new ApiError(404, MessageId.notFound, 'No such exit slip');

/** A time as a summary says it, on the school's clock: `2026-11-28 14:30`. */
function localTime(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((one) => one.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/**
 * The family's slip with this id, or: 403 `A002` when it is another family's (of this school
 * or another, as every object of another family is), 404 `N404` when there is none.
 */
async function requireFamilySlip(db: TDatabase, owner: { schoolId: string; parentId: string }, id: string) {
  const slip = await findExitSlip(db, owner, id);
  if (slip) return slip;
  if (isUuid(id)) {
    const [other] = await db
      .select({ requestId: requests.requestId })
      .from(requests)
      .where(and(eq(requests.requestId, id.toLowerCase()), eq(requests.kind, EXIT_SLIP_KIND)))
      .limit(1);
    if (other) throw notYourChild();
  }
  throw noSuchSlip();
}

/** GET|POST exit-slips, POST exit-slips/:id/cancel, GET exit-slips/:id/code. */
export const exitSlipRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  requireSession(app);

  addEndpoint(app, exitSlipEndpoints.exitSlips, async (request) => {
    const { enrollNumber, cursor, pageSize } = request.query;
    if (enrollNumber !== undefined) await requireOwnChild(db, request.session, enrollNumber);
    const page = await exitSlipPage(db, request.session, {
      ...(enrollNumber === undefined ? {} : { enrollNumber }),
      pageSize,
      after: afterCursor(cursor),
    });
    return { ...ok, items: page.items, nextCursor: page.next ? cursorText(page.next) : null };
  });

  addEndpoint(app, exitSlipEndpoints.createExitSlip, async (request, reply) => {
    const { enrollNumber, leaveAt, collector } = request.body;
    const child = await requireOwnChild(db, request.session, enrollNumber);
    const at = new Date(leaveAt);
    const now = Date.now();
    if (at.getTime() <= now) throw badDates('The time of leaving has passed');
    if (at.getTime() > now + MAX_EXIT_SLIP_AHEAD_DAYS * DAY_MS)
      throw badDates(`The time of leaving is more than ${MAX_EXIT_SLIP_AHEAD_DAYS} days ahead`);
    const timeZone = (await schoolWide(db, child.schoolId))?.timeZone ?? DEFAULT_TIME_ZONE;
    const row = await createExitSlip(db, request.session, {
      enrollNumber: child.enrollNumber,
      leaveAt: at.toISOString(),
      leaveDay: schoolToday(timeZone, at),
      collector,
      summary: `${localTime(at, timeZone)} · ${collector.name} (${collector.relation})`,
    });
    if (!row)
      throw new ApiError(409, MessageId.requestOverlap, 'Another exit slip of the child holds that day');
    const slip = await findExitSlip(db, request.session, row.requestId);
    if (!slip) throw new Error('The exit slip was not stored');
    return reply.code(201).send({ ...ok, slip });
  });

  addEndpoint(app, exitSlipEndpoints.cancelExitSlip, async (request) => {
    const slip = await requireFamilySlip(db, request.session, request.params.id);
    // A decided slip, or one that changed meanwhile, is 409 R001 (kits/request-workflow.ts).
    await moveRequest(db, { schoolId: request.session.schoolId, requestId: slip.id }, 'cancelled', {
      kind: 'parent',
      id: request.session.parentId,
    });
    const cancelled = await findExitSlip(db, request.session, slip.id);
    if (!cancelled) throw noSuchSlip();
    return { ...ok, slip: cancelled };
  });

  addEndpoint(app, exitSlipEndpoints.exitSlipCode, async (request) => {
    const slip = await requireFamilySlip(db, request.session, request.params.id);
    // No code exists before the school approves the slip (nor after a refusal or a cancel).
    if (slip.status !== 'approved')
      throw new ApiError(409, MessageId.requestWrongState, 'The exit slip is not approved');
    const window = windowOf(slip.leaveAt);
    if (slip.gate.verifiedAt !== null)
      throw new ApiError(409, MessageId.gateCodeUsed, 'The code was used at the gate already');
    if (Date.now() > window.until.getTime())
      throw new ApiError(409, MessageId.gateCodeNotValidNow, 'The time the code was valid has passed');
    const key = { schoolId: request.session.schoolId, requestId: slip.id };
    const code = await exitSlipCode(db, key);
    const gate = await keepCode(db, key, hashCode(code));
    if (gate.usedAt !== null)
      throw new ApiError(409, MessageId.gateCodeUsed, 'The code was used at the gate already');
    return {
      ...ok,
      code: groupedCode(code),
      leaveAt: slip.leaveAt,
      window: { from: window.from.toISOString(), until: window.until.toISOString() },
    };
  });
};
