import { useTranslation } from 'react-i18next';
import { toLanguage } from '../../lib/i18n.ts';

/** School text in the reader's language: its value, and `en` when English stands in for Arabic. */
export function schoolText(en: string, ar: string, lng: string): { text: string; lang?: 'en' } {
  if (toLanguage(lng) !== 'ar') return { text: en };
  return ar.trim() !== '' ? { text: ar } : { text: en, lang: 'en' };
}

/**
 * Text the school gave in English and Arabic: the Arabic on an Arabic page when there is one,
 * else the English, marked as English so it is read with English rules.
 */
export function SchoolText({ en, ar }: { en: string; ar: string }) {
  const { i18n } = useTranslation();
  const { text, lang } = schoolText(en, ar, i18n.language);
  return lang ? <bdi lang={lang}>{text}</bdi> : <>{text}</>;
}
