import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { ZApiResult } from './api-result.ts';

/** POST /v1/ppn/auth/login */
export const ZLoginRequest = z.object({
  username: z.string().trim().min(1).max(LIMITS.usernameMax),
  password: z.string().min(1).max(LIMITS.passwordMax),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** A child (student) record, with the spec's field names (product spec section 3). */
export const ZChild = z.object({
  sims_student_academic_status: z.string(),
  sims_student_enroll_number: z.string(),
  sims_student_full_name: z.string(),
  sims_student_img: z.string(),
  sims_student_img_lowres: z.string(),
  sims_student_passport_first_name_en: z.string(),
  sims_student_passport_middle_name_en: z.string(),
  sims_student_passport_last_name_en: z.string(),
  sims_academic_year: z.string(),
  sims_cur_code: z.string(),
  sims_enroll_number: z.string(),
  sims_grade_code: z.string(),
  sims_section_code: z.string(),
  sims_grade_name_en: z.string(),
  sims_section_name_en: z.string(),
  current_date: z.string(),
});
export type TChild = z.infer<typeof ZChild>;

export const ZParent = z.object({
  parentID: z.string(),
  parentName: z.string(),
  parentEmail: z.string(),
  parentImg: z.string(),
});
export type TParent = z.infer<typeof ZParent>;

export const ZCurrentYear = z.object({
  sims_academic_year: z.string(),
  sims_academic_year_description: z.string(),
  sims_academic_year_start_date: z.string(),
  sims_academic_year_end_date: z.string(),
  sims_academic_year_status: z.string(),
});
export type TCurrentYear = z.infer<typeof ZCurrentYear>;

export const ZDashboardLayout = z.object({
  /** A JSON string of the saved dashboard layout. */
  layout_data: z.string(),
});

export const ZApplicationByRole = z.object({
  comn_appl_code: z.string(),
  comn_appl_name_en: z.string(),
  comn_appl_name_ar: z.string(),
});
export type TApplicationByRole = z.infer<typeof ZApplicationByRole>;

/** What a signed-in parent may see of their account (architecture section 6). */
export const ZProfile = z.object({
  parent: ZParent,
  email: z.string(),
  children: z.array(ZChild),
  currentYear: ZCurrentYear.nullable(),
  dashboardLayout: z.array(ZDashboardLayout),
  applicationByRole: z.array(ZApplicationByRole),
});
export type TProfile = z.infer<typeof ZProfile>;

export const ZLoginResponse = ZApiResult.extend({
  success: z.literal(true),
  token: z.string(),
  profile: ZProfile,
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;
