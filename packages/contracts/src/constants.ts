/** Constants shared by the browser and the server (docs/product-spec.md section 9). */

export const API_PREFIX = '/api';
export const CLIENT_ID_HEADER = 'client-id';

/** The vendor demo school: every menu code is granted there. */
export const DEMO_SCHOOL_ID = 'mogra';
export const TARGET_SCHOOL_IDS = ['bcad', 'bcd', 'bwa', 'bcaa', 'bnad'] as const;

/** A school id is the first label of a host name: lower-case letters, digits and hyphens. */
export const SCHOOL_ID_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export const REQUEST_TIMEOUT_MS = 60_000;
export const PERSIST_TIMEOUT_MS = 5_000;
export const OTP_SIGN_IN_DELAY_MS = 2_000;
export const SOCIAL_REDIRECT_DELAY_MS = 5_000;

/**
 * A session ends after this long without an authenticated request (decision 005); the server's
 * default, which SESSION_IDLE_SECONDS overrides. The sign-in answer tells the browser the value.
 */
export const SESSION_IDLE_MINUTES = 30;
/** The browser warns this long before the idle expiry (at most half the idle time). */
export const SESSION_IDLE_WARNING_MS = 2 * 60_000;

/**
 * How often the server records a session's last use: at most once a minute, and at least 30
 * times in an idle period. The server may therefore end a session up to this much before the
 * idle time after the last request; the browser counts from there.
 */
export function sessionTouchIntervalMs(idleMs: number): number {
  return Math.min(60_000, Math.floor(idleMs / 30));
}

export const LANGUAGES = ['en', 'ar'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: TLanguage = 'en';
/** The languages written right to left. */
export const RTL_LANGUAGES: readonly TLanguage[] = ['ar'];

/** Whether a value is one of the portal's languages. */
export function isLanguage(value: unknown): value is TLanguage {
  return LANGUAGES.some((language) => language === value);
}

/** The writing direction of a language (`dir` of a page, a mail, a document). */
export function directionOf(language: TLanguage): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
}

export const DATE_FORMAT = 'DD-MM-YYYY';
export const DATE_FORMATS = {
  default: 'DD-MM-YYYY',
  long: 'DD MMM YYYY',
  iso: 'YYYY-MM-DD',
  weekday: 'ddd',
  monthYear: 'MMMM YYYY',
} as const;
export const TIME_FORMAT = 'h:mm A';
/** The IANA time zone a school's dates are shown in unless it records its own (`schools.time_zone`). */
export const DEFAULT_TIME_ZONE = 'Asia/Dubai';

export const PAGE_SIZES = [5, 10, 20, 50] as const;
export const UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;

/** Limits on what a client may send (OWASP API4). */
export const LIMITS = {
  usernameMax: 254,
  passwordMin: 8,
  passwordMax: 128,
  jsonBodyBytes: 64 * 1024,
} as const;

/** The web page the payment provider sends the parent back to: `?payment=<id>` (`&cancelled=1`). */
export const PAYMENT_RETURN_PATH = '/payment-return';

/** Route of the authenticated entry. */
export const AUTHENTICATED_ENTRY_PATH = '/dashboard';
export const UNAUTHENTICATED_ENTRY_PATH = '/sign-in';
/** Where a parent chooses a new password with a mailed code. */
export const FORGOT_PASSWORD_PATH = '/forgot-password';
