import { toLanguage } from './i18n.ts';

/** The BCP 47 locale the portal formats numbers in: Arabic (UAE) or English (UK). */
export function numberLocaleOf(lng: string): string {
  return toLanguage(lng) === 'ar' ? 'ar-AE' : 'en-GB';
}

/** Formats a number for display in the given language. */
export function formatNumber(value: number, lng: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(numberLocaleOf(lng), options).format(value);
}

/** A score or maximum as the language writes it ("17.5", up to two decimals). */
export function formatScore(value: number, lng: string): string {
  return formatNumber(value, lng, { maximumFractionDigits: 2 });
}

/** A share 0..1 as a percentage ("85%", "82.5%"). */
export function formatPercent(share: number, lng: string): string {
  return formatNumber(share, lng, { style: 'percent', maximumFractionDigits: 1 });
}
