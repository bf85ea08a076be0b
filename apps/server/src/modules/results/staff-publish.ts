import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { MessageId } from '@portal/contracts/messages';
import { ZPublishAnswer, ZPublishBody } from '@portal/contracts/families/results';
import { ZActingStaff, ZStaffRefusal } from '@portal/contracts/school-data';
import type { TDatabase } from '../../db/client.ts';
import { assessments, auditLog, reportCards, staff } from '../../db/schema/index.ts';
import { among } from '../../kits/bundle-apply.ts';
import { sendReleaseNotices } from './release-notices.ts';

/** The body: what to release, when, and optionally the member of staff acting (kept in the audit). */
const ZStaffPublish = ZPublishBody.extend(ZActingStaff.shape);

/**
 * POST /api/v1/staff/publish (docs/school-data.md, "Staff API"): the school releases the
 * results of assessments (`kind: assessment`, line items' sourcedIds) or publishes report cards
 * (`kind: reportCard`), now or at a later `at`. Ids the school has no such live item for come
 * back in `unknown`; the call is kept in the audit log. An immediate release tells the parents
 * at once; a scheduled one when its time comes (release-notices.ts). Register under a scope
 * that requires a `staff` key.
 */
export const staffPublishRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  app.post(
    '/publish',
    { schema: { body: ZStaffPublish, response: { 200: ZPublishAnswer, 422: ZStaffRefusal } } },
    async (request, reply) => {
      const { schoolId, keyId } = request.apiKey;
      const { kind, staffId } = request.body;
      const now = new Date();
      const at = request.body.at ? new Date(request.body.at) : now;
      if (staffId !== undefined && !(await isStaffMember(db, schoolId, staffId))) {
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
      }
      const wanted = [...new Set(request.body.sourcedIds)];
      const published = await db.transaction(async (tx) => {
        const ids =
          kind === 'assessment'
            ? await tx
                .update(assessments)
                .set({ resultsPublishedAt: at })
                .where(
                  and(
                    eq(assessments.schoolId, schoolId),
                    among(assessments.assessmentId, wanted),
                    isNull(assessments.removedAt),
                  ),
                )
                .returning({ id: assessments.assessmentId })
            : await tx
                .update(reportCards)
                .set({ publishedAt: at, updatedAt: sql`now()` })
                .where(
                  and(
                    eq(reportCards.schoolId, schoolId),
                    among(reportCards.reportCardId, wanted),
                    isNull(reportCards.removedAt),
                  ),
                )
                .returning({ id: reportCards.reportCardId });
        const found = ids.map((row) => row.id);
        await tx.insert(auditLog).values({
          schoolId,
          keyId,
          staffId: staffId ?? null,
          action: kind === 'assessment' ? 'results.publish' : 'reportCards.publish',
          detail: { at: at.toISOString(), published: found, unknown: wanted.length - found.length },
        });
        return found;
      });
      // Released now: the parents are told at once, not at the job's next run.
      if (published.length > 0 && at.getTime() <= Date.now()) await sendReleaseNotices(db);
      const known = new Set(published);
      return {
        success: true,
        messageId: MessageId.ok,
        published: wanted.filter((id) => known.has(id)),
        unknown: wanted.filter((id) => !known.has(id)),
        at: at.toISOString(),
      };
    },
  );
};

async function isStaffMember(db: TDatabase, schoolId: string, staffId: string): Promise<boolean> {
  const [member] = await db
    .select({ staffId: staff.staffId })
    .from(staff)
    .where(and(eq(staff.schoolId, schoolId), eq(staff.staffId, staffId), isNull(staff.removedAt)));
  return member !== undefined;
}
