import { and, count, eq, isNull, lte } from 'drizzle-orm';
import { schoolWide } from '../access/school.ts';
import type { TDatabase } from '../db/client.ts';
import { terms } from '../db/schema/index.ts';

/**
 * The year and term a fee line added on a day belongs to (a trip's, a photocopy request's): the
 * current academic year and the term the day falls in.
 */
export async function yearAndTerm(db: TDatabase, schoolId: string, day: string) {
  const year = (await schoolWide(db, schoolId))?.year?.year ?? day.slice(0, 4);
  const [row] = await db
    .select({ started: count() })
    .from(terms)
    .where(
      and(
        eq(terms.schoolId, schoolId),
        eq(terms.academicYear, year),
        eq(terms.kind, 'term'),
        isNull(terms.removedAt),
        lte(terms.startsOn, day),
      ),
    );
  return { year, term: Math.min(4, Math.max(1, row?.started ?? 1)) };
}
