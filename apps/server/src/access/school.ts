import { and, asc, eq } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '@portal/contracts/constants';
import type { TDatabase } from '../db/client.ts';
import { academicYears, applications, schoolRoleApplications, schools } from '../db/schema/index.ts';
import { createTtlCache, type TTtlCache } from '../ttl-cache.ts';

export type TSchool = typeof schools.$inferSelect;

/** The school with this id, or null (the tenant of a request, by its `client-id`). */
export async function findSchool(db: TDatabase, schoolId: string): Promise<TSchool | null> {
  const rows = await db.select().from(schools).where(eq(schools.schoolId, schoolId)).limit(1);
  return rows[0] ?? null;
}

// What is the same for every parent of a school, which every module needs: its current year,
// the applications it grants to parents and its time zone (docs/decisions/018-module-families.md).

/** The school's current academic year, or null. */
async function findCurrentYear(db: TDatabase, schoolId: string) {
  const rows = await db
    .select()
    .from(academicYears)
    .where(and(eq(academicYears.schoolId, schoolId), eq(academicYears.status, 'C')))
    .limit(1);
  return rows[0] ?? null;
}

/** The applications this school grants to the parent role. */
async function listParentApplications(db: TDatabase, schoolId: string) {
  return db
    .select({ code: applications.code, nameEn: applications.nameEn, nameAr: applications.nameAr })
    .from(schoolRoleApplications)
    .innerJoin(applications, eq(applications.code, schoolRoleApplications.applicationCode))
    .where(and(eq(schoolRoleApplications.schoolId, schoolId), eq(schoolRoleApplications.role, 'parent')))
    .orderBy(asc(applications.code));
}

export type TSchoolWide = {
  year: Awaited<ReturnType<typeof findCurrentYear>>;
  granted: Awaited<ReturnType<typeof listParentApplications>>;
  /** The school's IANA time zone: its "today" and the dates it shows. */
  timeZone: string;
};

/** The school's time zone; the default one when it records none the runtime knows. */
async function findTimeZone(db: TDatabase, schoolId: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: schools.timeZone })
    .from(schools)
    .where(eq(schools.schoolId, schoolId))
    .limit(1);
  const timeZone = row?.timeZone ?? DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

// What is the same for every parent of a school (the current year, the granted applications,
// the time zone) is kept for 30 seconds, per database, so a profile or an access check costs
// only the parent's own queries. A school's change of grants is seen within 30 seconds.
const schoolWideCaches = new WeakMap<TDatabase, TTtlCache<TSchoolWide>>();

/** The current year, the applications a school grants to parents and its time zone, cached for 30 s. */
export function schoolWide(db: TDatabase, schoolId: string): Promise<TSchoolWide | null> {
  let cache = schoolWideCaches.get(db);
  if (!cache) {
    cache = createTtlCache<TSchoolWide>({ ttlMs: 30_000, maxEntries: 1_000 });
    schoolWideCaches.set(db, cache);
  }
  return cache.get(schoolId, async () => {
    const [year, granted, timeZone] = await Promise.all([
      findCurrentYear(db, schoolId),
      listParentApplications(db, schoolId),
      findTimeZone(db, schoolId),
    ]);
    return { year, granted, timeZone };
  });
}

// Making a DateTimeFormat costs far more than using one: one per time zone, made once.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormatOf(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA writes a date as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    // Time zones are a few hundred at most; the map stays small.
    dayFormats.set(timeZone, format);
  }
  return format;
}

/**
 * Today in the school's time zone (YYYY-MM-DD; the default zone when not known): the day fee
 * states are counted on. At 23:30 UTC it is already the next day in Dubai.
 */
export function schoolToday(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): string {
  return dayFormatOf(timeZone).format(now);
}
