import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';
import { photoRendition, type TRendition } from './photo-rendition.ts';

/** How long a refused upload is told to wait: a conversion takes well under a second. */
const BUSY_RETRY_AFTER_S = 5;

/**
 * Converts photos with at most `atOnce` conversions running (each holds one of libuv's
 * threads, which password hashing also uses) and at most `waiting` more in line, in order of
 * arrival. Past that a photo is refused at once with 503 `V012` and `Retry-After`.
 */
export function photoConversions({ atOnce, waiting }: { atOnce: number; waiting: number }) {
  let running = 0;
  const line: (() => void)[] = [];
  return async function convert(bytes: Buffer): Promise<TRendition> {
    if (running < atOnce) running++;
    else if (line.length < waiting) await new Promise<void>((resolve) => line.push(resolve));
    else {
      throw new ApiError(503, MessageId.photoConversionsBusy, 'Too many photos are being converted', {
        'retry-after': String(BUSY_RETRY_AFTER_S),
      });
    }
    try {
      return await photoRendition(bytes);
    } finally {
      // The slot passes to the next in line, or is freed.
      const next = line.shift();
      if (next) next();
      else running--;
    }
  };
}
