/** Constants shared by the browser and the server (product spec section 9). */

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

export const LANGUAGES = ['en', 'ar'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: TLanguage = 'en';

export const DATE_FORMAT = 'DD-MM-YYYY';
export const DATE_FORMATS = {
  default: 'DD-MM-YYYY',
  long: 'DD MMM YYYY',
  iso: 'YYYY-MM-DD',
  weekday: 'ddd',
  monthYear: 'MMMM YYYY',
} as const;
export const TIME_FORMAT = 'h:mm A';

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
