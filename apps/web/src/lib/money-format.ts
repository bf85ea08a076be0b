import { CURRENCY_MINOR_DIGITS, toMajor } from '@portal/contracts/money';
import { formatNumber, numberLocaleOf } from './numbers.ts';
import { toLanguage } from './i18n.ts';

/**
 * An amount with its currency in the language's conventions, e.g. `AED 1,250.00`; `sign`
 * `always` writes `+` before a positive amount (a top-up). Negative amounts get the
 * language's minus sign in the right place (`-AED 5.00`, `‏-5.00 د.إ.‏`).
 */
export function formatMoney(
  amountMinor: number,
  currency: string,
  lng: string,
  sign: 'auto' | 'always' = 'auto',
): string {
  return formatNumber(toMajor(amountMinor, currency), lng, {
    style: 'currency',
    currency,
    signDisplay: sign === 'always' ? 'exceptZero' : 'negative',
  });
}

/** What is taken off (a discount, an earlier payment), written as a negative amount. */
export function formatDeduction(amountMinor: number, currency: string, lng: string): string {
  return formatMoney(-amountMinor, currency, lng);
}

/**
 * An amount without its currency, for a table column whose heading names the currency, e.g.
 * `1,250.00`; `whole` drops the decimals of a whole amount (`50` for a preset).
 */
export function formatAmount(amountMinor: number, currency: string, lng: string): string {
  const digits = minorDigitsOf(currency);
  return formatNumber(toMajor(amountMinor, currency), lng, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: 'negative',
  });
}

/** A whole amount without decimals (`AED 50`), others as `formatMoney`. */
export function formatMoneyShort(amountMinor: number, currency: string, lng: string): string {
  const whole = amountMinor % 10 ** minorDigitsOf(currency) === 0;
  return formatNumber(toMajor(amountMinor, currency), lng, {
    style: 'currency',
    currency,
    ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
  });
}

/** How the language writes a currency: `AED` in English, `د.إ.` in Arabic. */
export function currencyLabel(currency: string, lng: string): string {
  const parts = new Intl.NumberFormat(numberLocaleOf(lng), { style: 'currency', currency }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}

/** The minor-unit digits of a currency (2 for AED, 3 for KWD). */
export function minorDigitsOf(currency: string): number {
  return CURRENCY_MINOR_DIGITS[currency] ?? 2;
}

const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';
const PERSIAN = '۰۱۲۳۴۵۶۷۸۹';

/**
 * Reads an amount typed in major units (`250`, `1,000.5`, `٢٥٠٫٥`) as whole minor units, without
 * floating point; null when it is not a plain amount with at most the currency's decimals.
 */
export function parseMajor(text: string, currency: string): number | null {
  const digits = minorDigitsOf(currency);
  const plain = text
    .trim()
    .replace(/[٠-٩]/g, (digit) => String(ARABIC_INDIC.indexOf(digit)))
    .replace(/[۰-۹]/g, (digit) => String(PERSIAN.indexOf(digit)))
    .replace(/٫/g, '.')
    // Group separators (`1,000`, `١٬٠٠٠`) and spaces carry no value.
    .replace(/[\s,\u066c]/g, '');
  const match = /^(\d{1,9})(?:\.(\d*))?$/.exec(plain);
  if (!match?.[1]) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** The name of a fee line, link or purchase in the reader's language. */
export function localName(item: { nameEn: string; nameAr: string }, lng: string): string {
  return toLanguage(lng) === 'ar' && item.nameAr ? item.nameAr : item.nameEn;
}

/** A description in the reader's language. */
export function localDescription(
  item: { descriptionEn: string; descriptionAr: string },
  lng: string,
): string {
  return toLanguage(lng) === 'ar' && item.descriptionAr ? item.descriptionAr : item.descriptionEn;
}
