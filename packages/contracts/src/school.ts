import { z } from 'zod';

/** GET /v1/oa/public/info: the school's licence data. */
export const ZPublicInfo = z.object({
  lic_lms_url: z.string(),
  lic_school_logo: z.string(),
  lic_school_name: z.string(),
  lic_website_url: z.string(),
  lic_loginpg: z.string(),
  /** The school's Google OAuth client id; empty when Google sign-in is not set up. */
  google_client_id: z.string(),
  /** The school's Facebook app id; empty when Facebook sign-in is not set up. */
  facebook_app_id: z.string(),
});
export type TPublicInfo = z.infer<typeof ZPublicInfo>;

export const ZSchoolNameLogo = z.object({
  school_name: z.string(),
  school_name_ar: z.string(),
  school_logo: z.string(),
});

export const ZSwiperText = z.object({
  text_en: z.string(),
  text_ar: z.string(),
});

export const ZSchoolDate = z.object({
  sims_admission_start_from: z.string(),
  sims_admission_end: z.string(),
});
export type TSchoolDate = z.infer<typeof ZSchoolDate>;

/** How parents reach the school office; each is '' when the school has not recorded it. */
export const ZSchoolContact = z.object({
  phone: z.string(),
  email: z.string(),
  address_en: z.string(),
  address_ar: z.string(),
});
export type TSchoolContact = z.infer<typeof ZSchoolContact>;

/** GET /v1/oa/public/school-details: name and logo, banner texts, admission dates, contact. */
export const ZSchoolDetails = z.object({
  schoolNameLogo: z.array(ZSchoolNameLogo),
  swiperText: z.array(ZSwiperText),
  schoolDates: z.array(ZSchoolDate),
  schoolContact: ZSchoolContact,
});
export type TSchoolDetails = z.infer<typeof ZSchoolDetails>;

/** GET /v1/oa/public/schools: every school id (outside production only). */
export const ZSchoolIdList = z.array(z.string());
export type TSchoolIdList = z.infer<typeof ZSchoolIdList>;

/** GET /v1/oa/public/school-directory: every school's id, names and logo (outside production only). */
// Written out rather than `ZSchoolNameLogo.extend(...)`: a method call at module level keeps
// zod in the first-load bundle of the sign-in page, which imports this module.
export const ZSchoolDirectory = z.array(
  z.object({
    school_id: z.string(),
    school_name: z.string(),
    school_name_ar: z.string(),
    school_logo: z.string(),
  }),
);
export type TSchoolDirectory = z.infer<typeof ZSchoolDirectory>;

/**
 * The final admission period: the earliest start and the latest end of all school dates
 * (docs/product-spec.md section 3). Dates are ISO `YYYY-MM-DD`, so they compare as strings.
 */
export function finalAdmissionPeriod(dates: readonly TSchoolDate[]): { start: string; end: string } | null {
  if (dates.length === 0) return null;
  let start = dates[0]!.sims_admission_start_from; // length checked above
  let end = dates[0]!.sims_admission_end;
  for (const date of dates) {
    if (date.sims_admission_start_from < start) start = date.sims_admission_start_from;
    if (date.sims_admission_end > end) end = date.sims_admission_end;
  }
  return { start, end };
}
