import { PARENT_API_PATH } from '@portal/contracts/endpoint';
import { PUBLICATION_FILE_PATHS } from '@portal/contracts/families/publications';
import { toLanguage } from '../../lib/i18n.ts';
import { numberLocaleOf } from '../../lib/numbers.ts';

/**
 * The API path a publication's file downloads from. The contract gives `path` under
 * `/api/v1/ppn` (packages/contracts/src/families/publications.ts, `ZPublicationFile`); a path
 * that already names the prefix is taken as it is.
 */
export function publicationFileUrl(path: string): string {
  const bare = path.replace(/^\/api(?=\/)/, '');
  if (bare.startsWith(`${PARENT_API_PATH}/`)) return bare;
  return `${PARENT_API_PATH}${bare.startsWith('/') ? '' : '/'}${bare}`;
}

/** A file of a child's exam material: the route checks the child, so the path names them. */
export function examMaterialFileUrl(path: string, enrollNumber: string): string {
  const url = publicationFileUrl(path);
  if (/[?&]enrollNumber=/.test(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}enrollNumber=${encodeURIComponent(enrollNumber)}`;
}

/** The PDF of every acknowledgement of the family (`?lng=` picks its language). */
export const acknowledgementHistoryUrl = `${PARENT_API_PATH}${PUBLICATION_FILE_PATHS.acknowledgementHistory}`;

/** A file's size as people say it ("240 KB", "1.2 MB"), in the page's language. */
export function fileSize(bytes: number, lng: string): string {
  const format = (value: number, unit: 'kilobyte' | 'megabyte') =>
    new Intl.NumberFormat(numberLocaleOf(lng), {
      style: 'unit',
      unit,
      // Arabic's short units are abbreviations few read ("م.ب"); its long ones are the words.
      unitDisplay: toLanguage(lng) === 'ar' ? 'long' : 'short',
      maximumFractionDigits: value < 10 ? 1 : 0,
    }).format(value);
  if (bytes < 1024 * 1024) return format(Math.max(1, Math.round(bytes / 1024)), 'kilobyte');
  return format(bytes / (1024 * 1024), 'megabyte');
}
