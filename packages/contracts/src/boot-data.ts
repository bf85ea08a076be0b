import type { TLanguage } from './constants.ts';
import type { TSchoolDetails } from './school.ts';

/**
 * What the server writes into the app's page for its first view (docs/decisions/032-boot-data.md):
 * the school of the host and its details, and the first translations in the language the
 * request asked for, so that the first view needs no request of its own. Read as JSON from
 * the element `BOOT_DATA_ELEMENT_ID`, a `<script type="application/json">` the browser never runs.
 */
export type TBootData = {
  /** The school the host names ('' on the test environment's hosts, where the picker chooses). */
  schoolId: string;
  /** That school's details, as `GET /api/v1/oa/public/school-details` answers; null for no such school. */
  schoolDetails: TSchoolDetails | null;
  language: TLanguage;
  /**
   * Translation files by language and namespace, as `/locales/<language>/<namespace>.json` serves
   * them: of `language` and, when it is another, of the fallback language the app loads beside it.
   */
  translations: Partial<Record<TLanguage, Record<string, Record<string, unknown>>>>;
};

export const BOOT_DATA_ELEMENT_ID = 'boot-data';

/**
 * The translation namespaces written into every page: those of the public pages and of the
 * signed-in frame and Home (a module's page loads its own). About 24 KB in English before
 * compression. The service worker keeps their files for the page it keeps, which has no boot data.
 */
export const BOOT_NAMESPACES = [
  'common',
  'auth',
  'school',
  'messages',
  'shell',
  'nav',
  'inbox',
  'module',
  'dashboard',
  'children',
] as const;
/** The cookie the web app keeps the parent's language in, beside local storage, for the page's boot data. */
export const LANGUAGE_COOKIE = 'i18next';
