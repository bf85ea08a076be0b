import type { TLanguage } from '@portal/contracts/constants';
import { CURRENCY_MINOR_DIGITS, toMajor } from '@portal/contracts/money';

/**
 * Numbers on documents: Arabic (UAE) or English (UK) conventions, both with Western
 * ("latn") digits, as on UAE tax invoices and as the web app shows them.
 */
export function numberLocaleOf(lng: TLanguage): string {
  return lng === 'ar' ? 'ar-AE-u-nu-latn' : 'en-GB-u-nu-latn';
}

const formatters = new Map<string, Intl.NumberFormat>();

/** A number format, made once per locale and options in a thread (making one costs more than using it). */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formatters.set(key, format);
  }
  return format;
}

// Minor-unit digits as the amounts are kept (fils for AED, baisa for OMR...).
const digitsOf = (currency: string) => CURRENCY_MINOR_DIGITS[currency] ?? 2;

/** An amount with its currency, e.g. `AED 1,250.00` or `1,250.00 د.إ.`. */
export function formatMoney(amountMinor: number, currency: string, lng: TLanguage): string {
  const digits = digitsOf(currency);
  return numberFormat(numberLocaleOf(lng), {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: 'negative',
  }).format(toMajor(amountMinor, currency));
}

/** An amount without its currency (for table columns headed with it), e.g. `1,250.00`. */
export function formatAmount(amountMinor: number, currency: string, lng: TLanguage): string {
  const digits = digitsOf(currency);
  return numberFormat(numberLocaleOf(lng), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: 'negative',
  }).format(toMajor(amountMinor, currency));
}

/** What is taken off (a discount) as a negative amount with its currency, e.g. `-AED 50.00`. */
export function formatDeduction(amountMinor: number, currency: string, lng: TLanguage): string {
  return formatMoney(-amountMinor, currency, lng);
}

/** How the language writes a currency in a column heading: `AED` in English, `د.إ.` in Arabic. */
export function currencyLabel(currency: string, lng: TLanguage): string {
  const parts = numberFormat(numberLocaleOf(lng), { style: 'currency', currency }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}

/** A rate in basis points as a percentage, e.g. 500 -> `5%`. */
export function formatRate(rateBp: number, lng: TLanguage): string {
  return numberFormat(numberLocaleOf(lng), { style: 'percent', maximumFractionDigits: 2 }).format(
    rateBp / 10_000,
  );
}

/** A calendar day `YYYY-MM-DD` in the portal's date format `DD-MM-YYYY`. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}-${month}-${year}`;
}

/**
 * An instant in the portal's date and time formats, `DD-MM-YYYY h:mm A`, as the clock shows
 * it in the school's time zone: 23:30 UTC is the next day in Dubai.
 */
export function formatInstant(instant: string, lng: TLanguage, timeZone: string): string {
  const parts = new Intl.DateTimeFormat(numberLocaleOf(lng), {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const period = lng === 'ar' ? part('dayPeriod') : part('dayPeriod').toUpperCase();
  return `${part('day')}-${part('month')}-${part('year')} ${part('hour')}:${part('minute')} ${period}`;
}
