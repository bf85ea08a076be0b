import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq } from 'drizzle-orm';
import {
  ZIdParams,
  ZStaffAcknowledgements,
  ZStaffCircularAnswer,
  ZStaffCircularBody,
} from '@portal/contracts/families/publications';
import { MessageId } from '@portal/contracts/messages';
import { ZStaffRefusal, type TStaffProblem } from '@portal/contracts/school-data';
import { ApiError } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import {
  acknowledgements,
  auditLog,
  circularRecipients,
  circulars,
  students,
} from '../../db/schema/index.ts';
import { schoolToday, schoolWide } from '../../access/school.ts';
import { schoolIdsAmong } from '../../kits/school-ids.ts';
import { resolveAudience } from './circular-audience.ts';
import { noticeNewCirculars } from './circular-notices.ts';
import { CIRCULAR_ACK_SUBJECT } from './circular-views.ts';

// The staff API's circulars (docs/school-data.md, "The staff API's circulars"): a school app
// publishes a circular to an audience, now or at a later time, and reads who acknowledged it.
// A circular published now is told to the parents at once; a scheduled one when its time comes
// (circular-notices.ts). Every circular written is kept in the audit log.

const refusal = (errors: TStaffProblem[]) => ({
  success: false as const,
  messageId: MessageId.importRowsInvalid,
  message: `${errors.length} problem(s) in the call; nothing was applied`,
  errors,
});

/** Thrown in the transaction to undo a circular whose audience names no current student. */
class EmptyAudience extends Error {}

const problem = (field: string, message: string): TStaffProblem => ({
  record: null,
  field,
  messageId: MessageId.importRowsInvalid,
  message,
});

/**
 * POST /api/v1/staff/circulars and GET /api/v1/staff/circulars/:id/acknowledgements
 * (docs/school-data.md, "Staff API"). Register under a scope that requires a `staff` key.
 */
export const staffCircularRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  app.post(
    '/circulars',
    {
      schema: {
        body: ZStaffCircularBody,
        response: { 201: ZStaffCircularAnswer, 422: ZStaffRefusal },
      },
    },
    async (request, reply) => {
      const { schoolId, keyId } = request.apiKey;
      const body = request.body;
      const now = new Date();
      const publishedAt = body.publishAt ? new Date(body.publishAt) : now;
      const timeZone = (await schoolWide(db, schoolId))?.timeZone;
      const today = schoolToday(timeZone, now);
      const ackBy = body.ackBy ?? null;
      if (ackBy !== null && !body.requiresAck)
        throw new ApiError(400, MessageId.invalidRequest, 'ackBy needs requiresAck true');
      if (ackBy !== null && ackBy < today)
        throw new ApiError(400, MessageId.invalidRequest, `ackBy is before today (${today})`);
      const publishDay = schoolToday(timeZone, publishedAt);
      if (ackBy !== null && ackBy < publishDay)
        throw new ApiError(
          400,
          MessageId.invalidRequest,
          `ackBy is before the day it is published (${publishDay})`,
        );

      const errors: TStaffProblem[] = [];
      if (body.staffId !== undefined && !(await schoolIdsAmong(db, schoolId, 'staff', [body.staffId])).size)
        errors.push(problem('staffId', `no member of the school's staff has the id "${body.staffId}"`));
      const named = [...new Set(body.audience.enrollNumbers)];
      const known = await schoolIdsAmong(db, schoolId, 'student', named);
      for (const enrollNumber of named.filter((one) => !known.has(one)))
        errors.push(
          problem(
            'audience.enrollNumbers',
            `no student of the school has the enrolment number "${enrollNumber}"`,
          ),
        );
      if (errors.length > 0) return reply.code(422).send(refusal(errors));

      const circularId = randomUUID();
      const audience = {
        grades: body.audience.grades,
        sections: body.audience.sections,
        enrollNumbers: named,
      };
      let recipients: number;
      try {
        recipients = await db.transaction(async (transaction) => {
          const tx = transaction as unknown as TDatabase;
          await tx.insert(circulars).values({
            schoolId,
            circularId,
            titleEn: body.title_en,
            titleAr: body.title_ar,
            bodyEn: body.body_en,
            bodyAr: body.body_ar,
            audience,
            requiresAck: body.requiresAck,
            ackBy,
            source: 'staff',
            createdBy: body.staffId ?? null,
            publishedAt,
          });
          const added = (await resolveAudience(tx, schoolId, circularId, audience, today)).length;
          // A circular to nobody is a mistake of its audience: nothing is kept.
          if (added === 0) throw new EmptyAudience();
          await tx.insert(auditLog).values({
            schoolId,
            keyId,
            staffId: body.staffId ?? null,
            action: 'circulars.publish',
            detail: { circularId, publishedAt: publishedAt.toISOString(), recipients: added },
          });
          // Published now: the parents are told at once, not at the job's next run.
          if (publishedAt.getTime() <= now.getTime()) await noticeNewCirculars(tx, schoolId, now);
          return added;
        });
      } catch (error) {
        if (!(error instanceof EmptyAudience)) throw error;
        return reply
          .code(422)
          .send(
            refusal([problem('audience', 'the audience names none of the school\u2019s current students')]),
          );
      }
      return reply.code(201).send({
        success: true,
        messageId: MessageId.ok,
        circular: { id: circularId, publishedAt: publishedAt.toISOString(), recipients },
      });
    },
  );

  app.get(
    '/circulars/:id/acknowledgements',
    { schema: { params: ZIdParams, response: { 200: ZStaffAcknowledgements } } },
    async (request) => {
      const { schoolId } = request.apiKey;
      const [circular] = await db
        .select({
          circularId: circulars.circularId,
          requiresAck: circulars.requiresAck,
          ackBy: circulars.ackBy,
        })
        .from(circulars)
        .where(and(eq(circulars.schoolId, schoolId), eq(circulars.circularId, request.params.id)));
      if (!circular) throw new ApiError(404, MessageId.notFound, 'No such circular');
      const items = await db
        .select({
          enrollNumber: circularRecipients.enrollNumber,
          childName: students.fullName,
          at: acknowledgements.at,
          parentId: acknowledgements.parentId,
        })
        .from(circularRecipients)
        .innerJoin(
          students,
          and(
            eq(students.schoolId, circularRecipients.schoolId),
            eq(students.enrollNumber, circularRecipients.enrollNumber),
          ),
        )
        .leftJoin(
          acknowledgements,
          and(
            eq(acknowledgements.schoolId, circularRecipients.schoolId),
            eq(acknowledgements.subjectKind, CIRCULAR_ACK_SUBJECT),
            eq(acknowledgements.subjectId, circularRecipients.circularId),
            eq(acknowledgements.enrollNumber, circularRecipients.enrollNumber),
          ),
        )
        .where(
          and(
            eq(circularRecipients.schoolId, schoolId),
            eq(circularRecipients.circularId, circular.circularId),
          ),
        )
        .orderBy(asc(students.fullName), asc(circularRecipients.enrollNumber));
      return {
        success: true,
        messageId: MessageId.ok,
        circularId: circular.circularId,
        requiresAck: circular.requiresAck,
        ackBy: circular.ackBy,
        recipients: items.length,
        acknowledged: items.filter((item) => item.at !== null).length,
        items: items.map((item) => ({
          enrollNumber: item.enrollNumber,
          childName: item.childName,
          acknowledgedAt: item.at?.toISOString() ?? null,
          parentId: item.parentId,
        })),
      };
    },
  );
};
