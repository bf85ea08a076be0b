import type { TRowReader } from '../../kits/bundle-fields.ts';

// Values of news.csv, gallery_albums.csv, gallery_photos.csv and ambassadors.csv
// (docs/school-data.md) that the common readers do not bound.

/** The longest summary of a news post, description of an album or caption of a photo. */
export const MAX_SUMMARY_LENGTH = 1_000;
/** The longest text for a picture (what it shows, for those who cannot see it). */
export const MAX_ALT_LENGTH = 300;

/** A text column of at most `max` characters (trimmed). */
export function boundedText(
  read: TRowReader,
  column: string,
  max: number,
  options: { required?: boolean } = {},
): string {
  const value = read.text(column, options).trim();
  if (value.length > max) read.problem(column, `longer than ${max} characters`);
  return value;
}
