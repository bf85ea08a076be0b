import type { TRowReader } from './bundle-fields.ts';

// Values of the portal's own files (docs/school-data.md, "The portal's own files") that the
// common readers of bundle-fields.ts do not cover: titles, times, publication times, whole
// numbers and https links. A family's own lists (a care plan's targets...) stay in its module.

/** The longest title a school may give. */
export const MAX_TITLE_LENGTH = 200;

/** The longest web address a row may give. */
const MAX_LINK_LENGTH = 2000;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** A title (or other text), at most `max` characters (MAX_TITLE_LENGTH unless given), trimmed. */
export function titleOf(
  read: TRowReader,
  column: string,
  options: { required?: boolean; max?: number } = {},
): string {
  const max = options.max ?? MAX_TITLE_LENGTH;
  const value = read.text(column, options).trim();
  if (value.length > max) read.problem(column, `longer than ${max} characters`);
  return value;
}

/**
 * A time: ISO 8601 with its offset (`2026-11-20T08:00:00+04:00`), or a day alone (midnight
 * UTC); null when empty and not required.
 */
export function instantOf(
  read: TRowReader,
  column: string,
  options: { required?: boolean } = {},
): Date | null {
  const value = read.text(column, options);
  if (value === '') return null;
  const at = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (!INSTANT.test(value) || Number.isNaN(at.getTime())) {
    read.problem(column, `"${value}" is not a time written like 2026-11-20T08:00:00+04:00`);
    return null;
  }
  return at;
}

/**
 * When a row is published (see instantOf); empty: not published (a draft). A future time
 * publishes it then.
 */
export const publishedAtOf = (read: TRowReader, column = 'publishedAt'): Date | null =>
  instantOf(read, column);

/** A time of day `HH:MM` (24 h, the school's zone); null when empty and not required. */
export function timeOf(
  read: TRowReader,
  column: string,
  options: { required?: boolean } = {},
): string | null {
  const value = read.text(column, options);
  if (value === '') return null;
  if (!TIME.test(value)) {
    read.problem(column, `"${value}" is not a time written HH:MM (24 hours)`);
    return null;
  }
  return value;
}

/** A whole number from `min` to `max`; null when empty and not required, or not one. */
export function wholeNumberOf(
  read: TRowReader,
  column: string,
  range: { min: number; max: number },
  options: { required?: boolean } = {},
): number | null {
  const value = read.number(column, options);
  if (value === null) return null;
  if (!Number.isInteger(value) || value < range.min || value > range.max) {
    read.problem(column, `"${value}" is not a whole number from ${range.min} to ${range.max}`);
    return null;
  }
  return value;
}

/** A web address: https only (a page opened from the portal must not downgrade it). */
export function httpsLinkOf(read: TRowReader, column: string): string | null {
  const value = read.text(column).trim();
  if (value === '') return null;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  if (!url || url.protocol !== 'https:' || url.hostname === '' || value.length > MAX_LINK_LENGTH) {
    read.problem(column, `"${value.slice(0, 100)}" is not an https address`);
    return null;
  }
  return value;
}
