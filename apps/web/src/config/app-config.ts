import { LANGUAGE_COOKIE } from '@portal/contracts/boot-data';
import {
  API_PREFIX,
  DATE_FORMAT,
  DATE_FORMATS,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  OTP_SIGN_IN_DELAY_MS,
  PAGE_SIZES,
  PERSIST_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
  SOCIAL_REDIRECT_DELAY_MS,
  TIME_FORMAT,
  UPLOAD_LIMIT_BYTES,
} from '@portal/contracts/constants';

/** The web app's configuration: the constants of docs/product-spec.md section 9 plus browser-only settings. */
export const appConfig = {
  apiPrefix: API_PREFIX,
  requestTimeoutMs: REQUEST_TIMEOUT_MS,
  persistTimeoutMs: PERSIST_TIMEOUT_MS,
  socialRedirectDelayMs: SOCIAL_REDIRECT_DELAY_MS,
  otpSignInDelayMs: OTP_SIGN_IN_DELAY_MS,
  /** How long the server makes a parent wait before another code to the same username. */
  codeResendCooldownMs: 30_000,
  /** The Graph API version the Facebook SDK is initialised with. */
  facebookApiVersion: 'v21.0',
  languages: LANGUAGES,
  defaultLanguage: DEFAULT_LANGUAGE,
  fallbackLanguage: DEFAULT_LANGUAGE,
  i18n: {
    loadPath: '/locales/{{lng}}/{{ns}}.json',
    addPath: '/locales/add/{{lng}}/{{ns}}',
    detectionOrder: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
    lookupQuerystring: 'lng',
    caches: ['localStorage', 'cookie'],
    lookupCookie: LANGUAGE_COOKIE,
    /** A year: the cookie is the language of the page the server writes (docs/decisions/032-boot-data.md). */
    cookieMinutes: 365 * 24 * 60,
    /** Loaded before the first render, so the loading placeholder is already translated. */
    initialNamespaces: ['common'],
  },
  dateFormat: DATE_FORMAT,
  dateFormats: DATE_FORMATS,
  timeFormat: TIME_FORMAT,
  pageSizes: PAGE_SIZES,
  uploadLimitBytes: UPLOAD_LIMIT_BYTES,
  storageKeys: {
    schoolId: 'client-id',
    theme: 'theme',
    persistRoot: 'portal',
    navCollapsed: 'nav-collapsed',
    homeActionsShape: 'home-actions-shape',
  },
  /** How long each banner text stays before the next one, unless paused. */
  bannerIntervalMs: 6000,
  layout: { sideNavWidth: 240, sideNavCollapsedWidth: 80 },
  /** `defaultMode` 'device': the theme follows the device until the parent picks one. */
  theme: { defaultMode: 'device', primaryColour: 'purple', primaryLevel: 600 },
} as const;
