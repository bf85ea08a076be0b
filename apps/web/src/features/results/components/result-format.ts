import { formatNumber } from '../../../lib/numbers.ts';

/** A score or maximum as the language writes it ("17.5", up to two decimals). */
export function formatScore(value: number, lng: string): string {
  return formatNumber(value, lng, { maximumFractionDigits: 2 });
}

/** A share 0..1 as a percentage ("85%", "82.5%"). */
export function formatPercent(share: number, lng: string): string {
  return formatNumber(share, lng, { style: 'percent', maximumFractionDigits: 1 });
}

/** The day a result is about, short ("3 Mar 2026"). */
export const shortDay: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
