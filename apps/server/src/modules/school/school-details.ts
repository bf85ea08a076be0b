import type { TSchoolDetails } from '@portal/contracts/school';
import type { TSchool } from '../../access/school.ts';
import type { TDatabase } from '../../db/client.ts';
import { listAdmissionPeriods, listBannerTexts } from './repository.ts';

/** What the entry view shows of a school: its names and logo, banner texts, admission periods and contact. */
export async function schoolDetailsOf(db: TDatabase, school: TSchool): Promise<TSchoolDetails> {
  const [swiperText, schoolDates] = await Promise.all([
    listBannerTexts(db, school.schoolId),
    listAdmissionPeriods(db, school.schoolId),
  ]);
  return {
    schoolNameLogo: [
      { school_name: school.nameEn, school_name_ar: school.nameAr, school_logo: school.logoUrl },
    ],
    swiperText,
    schoolDates,
    schoolContact: {
      phone: school.phone,
      email: school.email,
      address_en: school.addressEn,
      address_ar: school.addressAr,
    },
  };
}
