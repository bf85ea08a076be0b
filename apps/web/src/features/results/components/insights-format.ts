import { formatDay, formatMonth } from '../../../lib/dates.ts';
import { formatNumber } from '../../../lib/numbers.ts';

// How the insights page writes its figures: shares as whole percentages and months by name,
// in the page's language (its digits and month names).

/** A share (0..1) as a whole percentage: "82%". */
export function formatShare(value: number, lng: string): string {
  return formatNumber(value, lng, { style: 'percent', maximumFractionDigits: 0 });
}

/** A month's short name, for a chart's time axis: "Sep". */
export function shortMonth(month: string, lng: string): string {
  return formatDay(`${month}-01`, lng, { month: 'short' });
}

/** A month's name and year, for tables and tooltips: "September 2026". */
export const longMonth = formatMonth;

/** Every month of these series, in order, each once. */
export function monthsOf(series: readonly (readonly { month: string }[])[]): string[] {
  return [...new Set(series.flatMap((points) => points.map((point) => point.month)))].sort();
}

/** The value of a month in a series, or null when the series has none for it. */
export function valueIn(points: readonly { month: string; value: number }[], month: string): number | null {
  return points.find((point) => point.month === month)?.value ?? null;
}
