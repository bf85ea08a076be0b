import { MessageId, type TMessageId } from '@portal/contracts/messages';
import { PHOTO_CONTENT_TYPES } from '@portal/contracts/parent';
import { appConfig } from '../../config/app-config.ts';

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
