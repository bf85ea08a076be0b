import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  ZGateExitSlipAnswer,
  ZGateHandoverBody,
  ZGateVerifyBody,
  type TGateExitSlip,
} from '@portal/contracts/families/exit-slips';
import { DEFAULT_TIME_ZONE } from '@portal/contracts/constants';
import { MessageId } from '@portal/contracts/messages';
import { ZStaffRefusal } from '@portal/contracts/school-data';
import { ApiError } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { auditLog, exitSlipCodes, requests, students } from '../../db/schema/index.ts';
import { schoolWide } from '../../access/school.ts';
import { schoolIdsAmong } from '../../kits/school-ids.ts';
import { exitSlipCode, hashCode, normalizeCode } from './exit-slip-code.ts';
import { noticeHandover } from './exit-slip-notices.ts';
import { EXIT_SLIP_KIND, payloadOf, windowOf } from './exit-slip-store.ts';

// The gate's side of exit slips (docs/modules.md F5, "Exit slip"; docs/school-data.md, "The staff
// API's gate"): gate staff scan the parent's code and see the child (with a photo to compare)
// and the collector; the code then is used. Handing the child over is recorded and told to the
// parents at once (`safety`). A code of another school is unknown here, as is one of a slip
// not approved. Register under a scope that takes a `staff` or `gate` key.

const ok = { success: true, messageId: MessageId.ok } as const;

const unknownCode = () => new ApiError(404, MessageId.gateCodeUnknown, 'No exit slip has this code');
const usedCode = () => new ApiError(409, MessageId.gateCodeUsed, 'The code was used already');
const notValidNow = (window: { from: Date; until: Date }) =>
  new ApiError(
    409,
    MessageId.gateCodeNotValidNow,
    `The code is valid from ${window.from.toISOString()} to ${window.until.toISOString()}`,
  );

type TFound = {
  request: typeof requests.$inferSelect;
  child: typeof students.$inferSelect;
  usedAt: Date | null;
  handedOverAt: Date | null;
  hasCode: boolean;
};

/** The school's approved slip matching `where`, with its child and what the gate did, or null. */
async function findSlip(db: TDatabase, schoolId: string, where: SQL): Promise<TFound | null> {
  const [row] = await db
    .select({
      request: requests,
      child: students,
      usedAt: exitSlipCodes.usedAt,
      handedOverAt: exitSlipCodes.handedOverAt,
      tokenHash: exitSlipCodes.tokenHash,
    })
    .from(requests)
    .innerJoin(
      students,
      and(
        eq(students.schoolId, requests.schoolId),
        sql`${students.enrollNumber} = ${requests.enrollNumbers}[1]`,
      ),
    )
    .leftJoin(
      exitSlipCodes,
      and(eq(exitSlipCodes.schoolId, requests.schoolId), eq(exitSlipCodes.requestId, requests.requestId)),
    )
    .where(
      and(
        eq(requests.schoolId, schoolId),
        eq(requests.kind, EXIT_SLIP_KIND),
        eq(requests.status, 'approved'),
        where,
      ),
    )
    .limit(1);
  if (!row) return null;
  return {
    request: row.request,
    child: row.child,
    usedAt: row.usedAt,
    handedOverAt: row.handedOverAt,
    hasCode: row.tokenHash !== null,
  };
}

function viewOf(found: TFound): TGateExitSlip {
  const payload = payloadOf(found.request);
  const window = windowOf(payload.leaveAt);
  const child = found.child;
  return {
    requestId: found.request.requestId,
    child: {
      enrollNumber: child.enrollNumber,
      name: child.fullName,
      photoUrl: child.imageUrl,
      grade: child.gradeNameEn,
      section: child.sectionNameEn,
    },
    collector: payload.collector,
    leaveAt: payload.leaveAt,
    window: { from: window.from.toISOString(), until: window.until.toISOString() },
    verifiedAt: found.usedAt?.toISOString() ?? null,
    handedOverAt: found.handedOverAt?.toISOString() ?? null,
  };
}

const isWithin = (window: { from: Date; until: Date }, now: Date) =>
  now.getTime() >= window.from.getTime() && now.getTime() <= window.until.getTime();

/** The slip of a code the gate sent, or 404 `X001`. */
async function slipOfCode(db: TDatabase, schoolId: string, text: string): Promise<TFound> {
  const code = normalizeCode(text);
  const found = code ? await findSlip(db, schoolId, eq(exitSlipCodes.tokenHash, hashCode(code))) : null;
  if (!found) throw unknownCode();
  return found;
}

/**
 * POST gate/exit-slips/verify and POST gate/exit-slips/handover (docs/school-data.md, "The
 * staff API's gate").
 */
export const gateExitSlipRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  app.post(
    '/exit-slips/verify',
    { schema: { body: ZGateVerifyBody, response: { 200: ZGateExitSlipAnswer } } },
    async (request) => {
      const { schoolId, keyId } = request.apiKey;
      const found = await slipOfCode(db, schoolId, request.body.code);
      if (found.usedAt !== null) throw usedCode();
      const now = new Date();
      const window = windowOf(payloadOf(found.request).leaveAt);
      if (!isWithin(window, now)) throw notValidNow(window);
      const usedAt = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as TDatabase;
        // Two scans at once: one uses the code, the other finds it used.
        const [used] = await tx
          .update(exitSlipCodes)
          .set({ usedAt: now })
          .where(
            and(
              eq(exitSlipCodes.schoolId, schoolId),
              eq(exitSlipCodes.requestId, found.request.requestId),
              isNull(exitSlipCodes.usedAt),
            ),
          )
          .returning({ usedAt: exitSlipCodes.usedAt });
        if (!used) throw usedCode();
        await tx.insert(auditLog).values({
          schoolId,
          keyId,
          staffId: null,
          action: 'exitSlips.verify',
          detail: { requestId: found.request.requestId, enrollNumber: found.child.enrollNumber },
        });
        return used.usedAt;
      });
      return { ...ok, slip: viewOf({ ...found, usedAt }) };
    },
  );

  app.post(
    '/exit-slips/handover',
    {
      schema: {
        body: ZGateHandoverBody,
        response: { 200: ZGateExitSlipAnswer, 422: ZStaffRefusal },
      },
    },
    async (request, reply) => {
      const { schoolId, keyId } = request.apiKey;
      const { code, requestId, staffId } = request.body;
      if (staffId !== undefined && !(await schoolIdsAmong(db, schoolId, 'staff', [staffId])).size)
        return reply.code(422).send({
          success: false,
          messageId: MessageId.importRowsInvalid,
          message: '1 problem(s) in the call; nothing was applied',
          errors: [
            {
              record: null,
              field: 'staffId',
              messageId: MessageId.importRowsInvalid,
              message: `no member of the school's staff has the id "${staffId}"`,
            },
          ],
        });
      const found =
        code !== undefined
          ? await slipOfCode(db, schoolId, code)
          : await findSlip(db, schoolId, eq(requests.requestId, requestId ?? ''));
      if (!found) throw unknownCode();
      if (found.handedOverAt !== null) throw usedCode();
      const now = new Date();
      const payload = payloadOf(found.request);
      const window = windowOf(payload.leaveAt);
      // A code the gate has checked stays good for its handover; an unchecked one only in its time.
      if (found.usedAt === null && !isWithin(window, now)) throw notValidNow(window);
      const key = { schoolId, requestId: found.request.requestId };
      const tokenHash = found.hasCode ? null : hashCode(await exitSlipCode(db, key));
      const timeZone = (await schoolWide(db, schoolId))?.timeZone ?? DEFAULT_TIME_ZONE;
      const done = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as TDatabase;
        // Handed over by its id before the parent ever showed the code: the code is kept, used.
        if (tokenHash !== null)
          await tx
            .insert(exitSlipCodes)
            .values({ ...key, tokenHash })
            .onConflictDoNothing();
        const [row] = await tx
          .update(exitSlipCodes)
          .set({
            usedAt: sql`coalesce(${exitSlipCodes.usedAt}, ${now.toISOString()}::timestamptz)`,
            handedOverAt: now,
            handedOverBy: staffId ?? null,
          })
          .where(
            and(
              eq(exitSlipCodes.schoolId, schoolId),
              eq(exitSlipCodes.requestId, key.requestId),
              isNull(exitSlipCodes.handedOverAt),
            ),
          )
          .returning({ usedAt: exitSlipCodes.usedAt, handedOverAt: exitSlipCodes.handedOverAt });
        if (!row) throw usedCode();
        await tx.insert(auditLog).values({
          schoolId,
          keyId,
          staffId: staffId ?? null,
          action: 'exitSlips.handover',
          detail: { requestId: key.requestId, enrollNumber: found.child.enrollNumber },
        });
        await noticeHandover(tx, {
          schoolId,
          requestId: key.requestId,
          enrollNumber: found.child.enrollNumber,
          collector: payload.collector,
          at: now,
          timeZone,
        });
        return row;
      });
      return { ...ok, slip: viewOf({ ...found, usedAt: done.usedAt, handedOverAt: done.handedOverAt }) };
    },
  );
};
