import { and, asc, eq } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '@portal/contracts/constants';
import type { TDatabase } from '../db/client.ts';
import { academicYears, applications, schoolRoleApplications, schools } from '../db/schema/index.ts';
import { perDatabase } from '../db/per-database.ts';
import { cacheKeys } from './cache-versions.ts';
import { createVersionedCache } from './versioned-cache.ts';

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
// the time zone) is kept in the process until a change names the school (a new grant is seen
// by the next request; docs/decisions/029-read-cache.md).
const schoolWideCache = perDatabase((db) =>
  createVersionedCache<TSchoolWide>(db, { maxEntries: 1_000, lifetimeMs: 5 * 60_000 }),
);

/** The current year, the applications a school grants to parents and its time zone, kept until they change. */
export function schoolWide(db: TDatabase, schoolId: string): Promise<TSchoolWide | null> {
  return schoolWideCache(db).get(schoolId, [cacheKeys.school(schoolId)], async () => {
    // One after the other: `db` may be a transaction (a notice queued by an import), whose
    // connection takes one query at a time. Asked again only after a change names the school.
    const year = await findCurrentYear(db, schoolId);
    const granted = await listParentApplications(db, schoolId);
    const timeZone = await findTimeZone(db, schoolId);
    return { year, granted, timeZone };
  });
}

/** The school-wide settings while they are kept, or undefined (then `schoolWide` reads them). */
export function keptSchoolWide(db: TDatabase, schoolId: string): TSchoolWide | undefined {
  return schoolWideCache(db).find(schoolId);
}

// Making a DateTimeFormat costs far more than using one: one per kind and time zone, made once
// (time zones are a few hundred at most; the maps stay small).
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const clockFormats = new Map<string, Intl.DateTimeFormat>();
/** Today in each time zone at the second it was last asked for. */
const todayNow = new Map<string, { second: number; day: string }>();

function formatIn(
  formats: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  make: (timeZone: string) => Intl.DateTimeFormat,
): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = make(timeZone);
    formats.set(timeZone, format);
  }
  return format;
}

/**
 * Today in the school's time zone (YYYY-MM-DD; the default zone when not known): the day fee
 * states are counted on. At 23:30 UTC it is already the next day in Dubai.
 */
export function schoolToday(timeZone: string = DEFAULT_TIME_ZONE, now?: Date): string {
  // en-CA writes a date as YYYY-MM-DD.
  const make = (zone: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
  if (now) return formatIn(dayFormats, timeZone, make).format(now);
  // Every kept answer is looked up by it: the day of the current second, formatted once.
  const at = Date.now();
  const second = at - (at % 1000);
  const kept = todayNow.get(timeZone);
  if (kept?.second === second) return kept.day;
  const day = formatIn(dayFormats, timeZone, make).format(at);
  todayNow.set(timeZone, { second, day });
  return day;
}

/** The time on the school's clock (`HH:MM`, 24 hours; the default zone when not known): what lessons are timed in. */
export function schoolTimeOfDay(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): string {
  const make = (zone: string) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
  return formatIn(clockFormats, timeZone, make).format(now);
}
