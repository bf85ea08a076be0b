import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '@portal/contracts/constants';
import { addDays } from '@portal/contracts/kits/dates';
import { MessageId } from '@portal/contracts/messages';
import { ZCareReads, ZCareReadsQuery, type TCareRead } from '@portal/contracts/families/care';
import type { TDatabase } from '../../db/client.ts';
import { parents, sensitiveReads, students } from '../../db/schema/index.ts';
import { schoolWide } from '../../access/school.ts';

// The school's log of who read a child's sensitive records (docs/modules.md F3): every parent read
// of the medical or counselling page is kept, with the parent, the child and the time. A page
// read again within a minute (a refresh, a second tab) adds no row, so the log grows with
// visits rather than with requests.

export type TSensitiveModule = 'medical' | 'counselling';

/** The most reads one answer of the staff API lists (the newest). */
export const MAX_READS_LISTED = 5_000;

/** Records that the parent read the child's module, unless they did within the last minute. */
export async function logSensitiveRead(
  db: TDatabase,
  read: { schoolId: string; parentId: string; enrollNumber: string; module: TSensitiveModule },
): Promise<void> {
  const { schoolId, parentId, enrollNumber, module } = read;
  await db.execute(sql`
    insert into ${sensitiveReads} (school_id, parent_id, enroll_number, module)
    select ${schoolId}, ${parentId}, ${enrollNumber}, ${module}
    where not exists (
      select 1 from ${sensitiveReads}
      where school_id = ${schoolId} and enroll_number = ${enrollNumber}
        and parent_id = ${parentId} and module = ${module}
        and at > now() - interval '1 minute'
    )`);
}

/** The offset of a time zone from UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((candidate) => candidate.type === type)?.value ?? 0);
  const local = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return local - Math.floor(instant / 1000) * 1000;
}

/** The instant a day begins in a time zone. */
export function startOfDay(day: string, timeZone: string): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  const first = midnight - offsetAt(midnight, timeZone);
  return new Date(midnight - offsetAt(first, timeZone));
}

/**
 * GET /api/v1/staff/care/reads?enrollNumber&from&to (docs/school-data.md, "Staff API"): the
 * reads of the days from `from` to `to` (the school's days), newest first, of one child or of
 * every child. Register under a scope that requires a `staff` key.
 */
export const careReadsRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  app.get(
    '/care/reads',
    { schema: { querystring: ZCareReadsQuery, response: { 200: ZCareReads } } },
    async (request) => {
      const { schoolId } = request.apiKey;
      const { enrollNumber, from, to } = request.query;
      const zone = (await schoolWide(db, schoolId))?.timeZone ?? DEFAULT_TIME_ZONE;
      const rows = await db
        .select({
          at: sensitiveReads.at,
          parentId: sensitiveReads.parentId,
          parentName: parents.nameEn,
          enrollNumber: sensitiveReads.enrollNumber,
          childName: students.fullName,
          module: sensitiveReads.module,
        })
        .from(sensitiveReads)
        .leftJoin(
          parents,
          and(eq(parents.schoolId, sensitiveReads.schoolId), eq(parents.parentId, sensitiveReads.parentId)),
        )
        .leftJoin(
          students,
          and(
            eq(students.schoolId, sensitiveReads.schoolId),
            eq(students.enrollNumber, sensitiveReads.enrollNumber),
          ),
        )
        .where(
          and(
            eq(sensitiveReads.schoolId, schoolId),
            ...(enrollNumber === undefined ? [] : [eq(sensitiveReads.enrollNumber, enrollNumber)]),
            gte(sensitiveReads.at, startOfDay(from, zone)),
            lt(sensitiveReads.at, startOfDay(addDays(to, 1), zone)),
          ),
        )
        .orderBy(desc(sensitiveReads.at))
        .limit(MAX_READS_LISTED + 1);
      const items: TCareRead[] = rows.slice(0, MAX_READS_LISTED).map((row) => ({
        at: row.at.toISOString(),
        parentId: row.parentId,
        parentName: row.parentName ?? '',
        enrollNumber: row.enrollNumber,
        childName: row.childName ?? '',
        module: row.module === 'counselling' ? 'counselling' : 'medical',
      }));
      return { success: true, messageId: MessageId.ok, items, truncated: rows.length > MAX_READS_LISTED };
    },
  );
};
