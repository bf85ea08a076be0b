import type { TRowReader } from '../../kits/bundle-fields.ts';

// Values of the schedule family's own files that the common readers do not cover
// (docs/school-data.md, "The portal's own files").

/** The columns every file of the portal starts with; `status` and `dateLastModified` may be empty. */
export const COMMON_COLUMNS = ['status', 'dateLastModified'] as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** The longest title a school may give. */
export const MAX_TITLE_LENGTH = 200;

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

/**
 * When a row is published: an ISO 8601 time with its offset (`2026-11-20T08:00:00+04:00`), or a
 * day alone (midnight UTC); empty: not published (a draft). A future time publishes it then.
 */
export function publishedAtOf(read: TRowReader, column = 'publishedAt'): Date | null {
  const value = read.text(column);
  if (value === '') return null;
  const at = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (!INSTANT.test(value) || Number.isNaN(at.getTime())) {
    read.problem(column, `"${value}" is not a time written like 2026-11-20T08:00:00+04:00`);
    return null;
  }
  return at;
}

/** A title: required, at most MAX_TITLE_LENGTH characters. */
export function titleOf(read: TRowReader, column: string, options: { required?: boolean } = {}): string {
  const value = read.text(column, options).trim();
  if (value.length > MAX_TITLE_LENGTH) read.problem(column, `longer than ${MAX_TITLE_LENGTH} characters`);
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
