import { asc, eq } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { schoolAdmissionPeriods, schoolBannerTexts, schools } from '../../db/schema/index.ts';

export type TSchool = typeof schools.$inferSelect;

/** The school with this id, or null. */
export async function findSchool(db: TDatabase, schoolId: string): Promise<TSchool | null> {
  const rows = await db.select().from(schools).where(eq(schools.schoolId, schoolId)).limit(1);
  return rows[0] ?? null;
}

export async function listSchoolIds(db: TDatabase): Promise<string[]> {
  const rows = await db.select({ id: schools.schoolId }).from(schools).orderBy(asc(schools.schoolId));
  return rows.map((row) => row.id);
}

export async function listBannerTexts(db: TDatabase, schoolId: string) {
  return db
    .select({ text_en: schoolBannerTexts.textEn, text_ar: schoolBannerTexts.textAr })
    .from(schoolBannerTexts)
    .where(eq(schoolBannerTexts.schoolId, schoolId))
    .orderBy(asc(schoolBannerTexts.position));
}

export async function listAdmissionPeriods(db: TDatabase, schoolId: string) {
  return db
    .select({
      sims_admission_start_from: schoolAdmissionPeriods.startsOn,
      sims_admission_end: schoolAdmissionPeriods.endsOn,
    })
    .from(schoolAdmissionPeriods)
    .where(eq(schoolAdmissionPeriods.schoolId, schoolId))
    .orderBy(asc(schoolAdmissionPeriods.position));
}
