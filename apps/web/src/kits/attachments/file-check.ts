import { ATTACHMENT_CONTENT_TYPES } from '@portal/contracts/kits/attachments';
import { UPLOAD_LIMIT_BYTES } from '@portal/contracts/constants';

type TContentType = (typeof ATTACHMENT_CONTENT_TYPES)[number];

/** The file types the portal takes, by name ending, for a browser that gives no type. */
const BY_EXTENSION: Record<string, TContentType> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** What the file input offers: the types and their name endings. */
export const ACCEPTED_FILES = [
  ...ATTACHMENT_CONTENT_TYPES,
  ...Object.keys(BY_EXTENSION).map((extension) => `.${extension}`),
].join(',');

/**
 * Why the browser refuses a file before sending it (the server checks again, by its first
 * bytes): the key of its text in the `kits` namespace, or null when it may go.
 */
export function refusalOf(file: File): 'wrongType' | 'tooBig' | 'empty' | null {
  const extension = file.name.split('.').at(-1)?.toLowerCase() ?? '';
  const type = file.type === '' ? BY_EXTENSION[extension] : file.type;
  if (!(ATTACHMENT_CONTENT_TYPES as readonly string[]).includes(type ?? '')) return 'wrongType';
  if (file.size > UPLOAD_LIMIT_BYTES) return 'tooBig';
  if (file.size === 0) return 'empty';
  return null;
}
