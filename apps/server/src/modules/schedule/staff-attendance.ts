import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, isNull } from 'drizzle-orm';
import { MessageId } from '@portal/contracts/messages';
import {
  ZStaffAttendance,
  ZStaffAttendanceAnswer,
  ZStaffRefusal,
  type TStaffProblem,
} from '@portal/contracts/school-data';
import type { TDatabase } from '../../db/client.ts';
import { auditLog, staff } from '../../db/schema/index.ts';
import { schoolToday, schoolWide } from '../../access/school.ts';
import { storeAttendance } from './attendance-store.ts';
import { schoolIdsAmong } from '../../kits/school-ids.ts';

/** The problems a refusal lists at most (the message says how many there were). */
const MAX_PROBLEMS = 200;

/**
 * POST /api/v1/staff/attendance (docs/school-data.md, "Staff API"): a register app or the
 * school's system pushes marks. Every record is checked first (the child is the school's, the
 * day has come, each child and day once, the acting staff member is the school's); with any
 * problem nothing is applied (422 `I001`). Applied, the call is kept in the audit log, and the
 * parents of each newly unexplained absence are told. Register under a scope that requires a
 * `staff` key.
 */
export const staffAttendanceRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  app.post(
    '/attendance',
    { schema: { body: ZStaffAttendance, response: { 200: ZStaffAttendanceAnswer, 422: ZStaffRefusal } } },
    async (request, reply) => {
      const { schoolId, keyId } = request.apiKey;
      const { staffId, records } = request.body;
      const today = schoolToday((await schoolWide(db, schoolId))?.timeZone);
      const problems: TStaffProblem[] = [];
      const problem = (record: number | null, field: string, message: string) =>
        problems.push({ record, field, messageId: MessageId.importRowsInvalid, message });
      if (staffId !== undefined) {
        const [member] = await db
          .select({ staffId: staff.staffId })
          .from(staff)
          .where(and(eq(staff.schoolId, schoolId), eq(staff.staffId, staffId), isNull(staff.removedAt)));
        if (!member) problem(null, 'staffId', `no member of the school's staff has the id "${staffId}"`);
      }
      const known = await schoolIdsAmong(
        db,
        schoolId,
        'student',
        records.map((record) => record.enrollNumber),
      );
      const seen = new Set<string>();
      records.forEach((record, index) => {
        if (!known.has(record.enrollNumber))
          problem(
            index,
            'enrollNumber',
            `no student of the school has the enrolment number "${record.enrollNumber}"`,
          );
        if (record.date > today) problem(index, 'date', 'a day to come has no attendance yet');
        const key = `${record.enrollNumber}\n${record.date}`;
        if (seen.has(key))
          problem(index, 'date', `${record.enrollNumber} has another record for ${record.date}`);
        seen.add(key);
      });
      if (problems.length > 0) {
        return reply.code(422).send({
          success: false,
          messageId: MessageId.importRowsInvalid,
          message: `${problems.length} problem(s) in the call; nothing was applied`,
          errors: problems.slice(0, MAX_PROBLEMS),
        });
      }
      const stored = await db.transaction(async (tx) => {
        const result = await storeAttendance(
          tx as unknown as TDatabase,
          schoolId,
          today,
          records.map((record) => ({
            enrollNumber: record.enrollNumber,
            day: record.date,
            status: record.status,
            note: record.note.trim(),
          })),
        );
        await tx.insert(auditLog).values({
          schoolId,
          keyId,
          staffId: staffId ?? null,
          action: 'attendance.record',
          detail: {
            records: records.length,
            added: result.added,
            changed: result.changed,
            notified: result.notified,
          },
        });
        return result;
      });
      return {
        success: true,
        messageId: MessageId.ok,
        added: stored.added,
        changed: stored.changed,
        unchanged: records.length - stored.added - stored.changed,
      };
    },
  );
};
