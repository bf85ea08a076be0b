import { asc, eq } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { schoolAdmissionPeriods, schoolBannerTexts, schools } from '../../db/schema/index.ts';

export async function listSchoolIds(db: TDatabase): Promise<string[]> {
  const rows = await db.select({ id: schools.schoolId }).from(schools).orderBy(asc(schools.schoolId));
  return rows.map((row) => row.id);
}

/** Every school's id, names and logo, in id order: the directory of test and development machines. */
export async function listSchoolDirectory(db: TDatabase) {
  return db
    .select({
      school_id: schools.schoolId,
      school_name: schools.nameEn,
      school_name_ar: schools.nameAr,
      school_logo: schools.logoUrl,
    })
    .from(schools)
    .orderBy(asc(schools.schoolId));
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
