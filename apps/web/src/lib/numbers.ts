import { toLanguage } from './i18n.ts';

/** The BCP 47 locale the portal formats numbers in: Arabic (UAE) or English (UK). */
export function numberLocaleOf(lng: string): string {
  return toLanguage(lng) === 'ar' ? 'ar-AE' : 'en-GB';
}

/** Formats a number for display in the given language. */
export function formatNumber(value: number, lng: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(numberLocaleOf(lng), options).format(value);
}
