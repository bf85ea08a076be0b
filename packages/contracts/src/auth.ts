import { z } from 'zod';
import { LANGUAGES, LIMITS } from './constants.ts';
import { ZApiResult } from './api-result.ts';
import { MessageId, type TMessageId } from './messages.ts';

export const ZUsername = z.string().trim().min(1).max(LIMITS.usernameMax);
/** A one-time code: six digits. */
export const ZOtp = z.string().regex(/^\d{6}$/);
// A new password is checked by `passwordRuleViolation` (answering P001/P002/P003), not here,
// so that the parent reads which rule it broke; this only bounds the body.
export const ZNewPassword = z.string().max(1024);

/** POST /v1/ppn/auth/login */
export const ZLoginRequest = z.object({
  username: ZUsername,
  password: z.string().min(1).max(LIMITS.passwordMax),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** A child (student) record, with the spec's field names (docs/product-spec.md section 3). */
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
  /** The grade's and section's names in Arabic; '' when the school gave none (show the English one). */
  sims_grade_name_ar: z.string(),
  sims_section_name_ar: z.string(),
  current_date: z.string(),
});
export type TChild = z.infer<typeof ZChild>;

export const ZParent = z.object({
  parentID: z.string(),
  parentName: z.string(),
  /** The parent's name in Arabic; '' when the school has none (greet with `parentName`). */
  parentNameAr: z.string(),
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

/** What a signed-in parent may see of their account (docs/architecture.md section 6). */
export const ZProfile = z.object({
  parent: ZParent,
  email: z.string(),
  children: z.array(ZChild),
  currentYear: ZCurrentYear.nullable(),
  dashboardLayout: z.array(ZDashboardLayout),
  applicationByRole: z.array(ZApplicationByRole),
  /** The school's IANA time zone (e.g. `Asia/Dubai`): dates and times are shown in it. */
  timeZone: z.string(),
});
export type TProfile = z.infer<typeof ZProfile>;

export const THEMES = ['light', 'dark'] as const;

/** The language and theme a parent keeps on the account, the same on every device (null: follow the device). */
export const ZAppearance = z.object({
  language: z.enum(LANGUAGES).nullable(),
  theme: z.enum(THEMES).nullable(),
});
export type TAppearance = z.infer<typeof ZAppearance>;

export const ZLoginResponse = ZApiResult.extend({
  success: z.literal(true),
  token: z.string(),
  profile: ZProfile,
  /** The session ends after this many seconds without an authenticated request. */
  idleSeconds: z.number().int().positive(),
  /** The account's language and theme, applied on this device as the session starts. */
  appearance: ZAppearance,
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

/** POST /v1/ppn/auth/auth-otp and /resend-auth-otp: send a sign-in code. */
export const ZSendCodeRequest = z.object({ username: ZUsername });
export type TSendCodeRequest = z.infer<typeof ZSendCodeRequest>;

/** POST /v1/ppn/auth/verify-auth-otp: sign in with the code. */
export const ZVerifyAuthOtpRequest = z.object({ username: ZUsername, otp: ZOtp });
export type TVerifyAuthOtpRequest = z.infer<typeof ZVerifyAuthOtpRequest>;

/** POST /v1/ppn/auth/register: claim the account the school created, with a child's enrolment number. */
export const ZRegisterRequest = z.object({
  username: ZUsername,
  enrollNumber: z.string().trim().min(1).max(64),
  password: ZNewPassword,
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

/** POST /v1/ppn/auth/verify-otp: activate the account with the code sent at registration. */
export const ZVerifyOtpRequest = z.object({ username: ZUsername, otp: ZOtp });
export type TVerifyOtpRequest = z.infer<typeof ZVerifyOtpRequest>;

/** POST /v1/ppn/auth/forget-password */
export const ZForgetPasswordRequest = z.object({ username: ZUsername });
export type TForgetPasswordRequest = z.infer<typeof ZForgetPasswordRequest>;

/** POST /v1/ppn/auth/reset-password */
export const ZResetPasswordRequest = z.object({ username: ZUsername, otp: ZOtp, password: ZNewPassword });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

/** POST /v1/ppn/auth/google-login: a Google ID token (JWT). */
export const ZGoogleLoginRequest = z.object({ credential: z.string().min(1).max(8192) });
export type TGoogleLoginRequest = z.infer<typeof ZGoogleLoginRequest>;

/** POST /v1/ppn/auth/facebook-login: a Facebook user access token. */
export const ZFacebookLoginRequest = z.object({ accessToken: z.string().min(1).max(4096) });
export type TFacebookLoginRequest = z.infer<typeof ZFacebookLoginRequest>;

/**
 * The password rules (NIST SP 800-63B, ASVS 6.2): 8 to 128 characters, no composition
 * rules. Answers the message id of the broken rule, or null. The common-password list is
 * checked on the server.
 */
export function passwordRuleViolation(password: string): TMessageId | null {
  const length = [...password].length; // characters, not UTF-16 units
  if (length < LIMITS.passwordMin) return MessageId.passwordTooShort;
  if (length > LIMITS.passwordMax) return MessageId.passwordTooLong;
  return null;
}
