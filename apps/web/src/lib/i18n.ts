import i18next, { type i18n as TI18n, type Resource } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import type { TBootData } from '@portal/contracts/boot-data';
import { directionOf as languageDirection, LANGUAGES, type TLanguage } from '@portal/contracts/constants';
import { appConfig } from '../config/app-config.ts';

/** Narrows any language tag (`ar-AE`, `en-GB`) to a supported language. */
export function toLanguage(tag: string | undefined): TLanguage {
  const base = (tag ?? '').toLowerCase().split('-')[0];
  return LANGUAGES.find((lng) => lng === base) ?? appConfig.defaultLanguage;
}

/** The writing direction of a language. */
export function directionOf(lng: string): 'rtl' | 'ltr' {
  return languageDirection(toLanguage(lng));
}

/**
 * Makes the dates of a language formattable: Arabic's dayjs locale loads in its own chunk (and
 * brings dayjs); English is dayjs's own. dayjs itself loads with the first page that formats a
 * date, not with the app's entry; every date is formatted in a language named at the call
 * (`lib/dates.ts`), so no global locale is set.
 */
export async function loadDateLocale(lng: TLanguage): Promise<void> {
  if (lng === 'ar') await import('dayjs/locale/ar');
}

/**
 * The one place that follows a language change: the date locale, `<html lang>` and `dir`.
 * i18next calls it on every change, including the first detection.
 */
function applyLanguage(tag: string): void {
  const lng = toLanguage(tag);
  document.documentElement.lang = lng;
  document.documentElement.dir = directionOf(lng);
  void loadDateLocale(lng);
}

const common = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: appConfig.fallbackLanguage,
  load: 'languageOnly',
  nonExplicitSupportedLngs: true,
  defaultNS: 'common',
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
} as const;

/**
 * Starts i18next for the browser: translation files over HTTP, except those the page's boot
 * data holds, and the spec's language detection (cached in localStorage, and in a cookie that
 * tells the server the language of the next page's boot data). A file that fails with a 5xx or
 * no status is retried, a 4xx is not, and unparseable JSON is reported as 'failed parsing ... to
 * json' (the http backend's rules, docs/product-spec.md section 8). Outside production, keys
 * without a translation are posted to the add path so they can be written.
 */
export async function initI18n({
  production = import.meta.env.PROD,
  namespaces = [],
  boot = null,
}: {
  production?: boolean;
  /** Loaded with the initial ones, side by side: the namespaces the first page needs. */
  namespaces?: readonly string[];
  /** The page's boot data: its translations are not loaded again (those of another language are unused). */
  boot?: Pick<TBootData, 'translations'> | null;
} = {}): Promise<TI18n> {
  const instance = i18next.createInstance();
  instance.on('languageChanged', applyLanguage);
  await instance
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      ...common,
      ns: [...new Set([...appConfig.i18n.initialNamespaces, ...namespaces])],
      ...(boot ? { resources: boot.translations, partialBundledLanguages: true } : {}),
      backend: { loadPath: appConfig.i18n.loadPath, addPath: appConfig.i18n.addPath },
      saveMissing: !production,
      detection: {
        order: [...appConfig.i18n.detectionOrder],
        lookupQuerystring: appConfig.i18n.lookupQuerystring,
        caches: [...appConfig.i18n.caches],
        lookupCookie: appConfig.i18n.lookupCookie,
        cookieMinutes: appConfig.i18n.cookieMinutes,
        cookieOptions: { path: '/', sameSite: 'lax' },
      },
      react: { useSuspense: true },
    });
  return instance;
}

/** An i18next instance with the given translations in memory (tests, no HTTP). */
export async function createMemoryI18n(resources: Resource, lng: TLanguage = 'en'): Promise<TI18n> {
  const instance = i18next.createInstance();
  instance.on('languageChanged', applyLanguage);
  await instance.use(initReactI18next).init({
    ...common,
    resources,
    lng,
    ns: Object.keys(resources[lng] ?? {}),
    react: { useSuspense: false },
  });
  return instance;
}

/** The language each instance is changing to, while its translations load. */
const changingTo = new WeakMap<TI18n, TLanguage>();

/** Changes the language of the app; everything else follows from `languageChanged`. */
export async function changeLanguage(instance: TI18n, lng: TLanguage): Promise<void> {
  changingTo.set(instance, lng);
  try {
    await loadDateLocale(lng);
    await instance.changeLanguage(lng);
  } finally {
    if (changingTo.get(instance) === lng) changingTo.delete(instance);
  }
}

/** The language of the app: the one it is changing to while that one's translations load. */
export function languageOf(instance: TI18n): TLanguage {
  return changingTo.get(instance) ?? toLanguage(instance.language);
}
