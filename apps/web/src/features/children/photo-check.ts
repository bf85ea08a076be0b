import { MessageId, type TMessageId } from '@portal/contracts/messages';
import { PHOTO_CONTENT_TYPES } from '@portal/contracts/parent';
import { appConfig } from '../../config/app-config.ts';
import type { TApiFailure } from '../../lib/api-error.ts';
import { formatDateTime } from '../../lib/dates.ts';

/** What the file picker offers. */
export const PHOTO_ACCEPT = PHOTO_CONTENT_TYPES.join(',');

/**
 * Why a chosen file cannot be a child's photo, before it is sent: too large (V003, over
 * 10 MB) or not one of the image types (V004); null when it may be sent. The server checks
 * the content again.
 */
export function photoProblem(file: Pick<File, 'size' | 'type'>): TMessageId | null {
  if (!(PHOTO_CONTENT_TYPES as readonly string[]).includes(file.type)) return MessageId.unsupportedMediaType;
  if (file.size > appConfig.uploadLimitBytes) return MessageId.bodyTooLarge;
  return null;
}

/** A translation key and what it interpolates. */
export interface TPhotoProblem {
  key: string;
  values?: Record<string, string>;
}

/**
 * What a refused upload tells the parent: the text of the server's message id (not an image,
 * too many pixels, busy...), except for too many uploads (429), which says when the parent
 * may change a photo again, on the school's clock.
 */
export function photoFailure(
  failure: TApiFailure,
  lng: string,
  timeZone: string,
  now = Date.now(),
): TPhotoProblem {
  if (failure.status !== 429 || !failure.retryAfterSeconds) return { key: failure.key };
  const from = new Date(now + failure.retryAfterSeconds * 1000).toISOString();
  return { key: 'children:photo.tooMany', values: { time: formatDateTime(from, lng, timeZone) } };
}
