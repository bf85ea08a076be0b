import sharp from 'sharp';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';

/** A stored photo's longer side and size at most. */
export const PHOTO_MAX_SIDE = 512;
export const PHOTO_MAX_BYTES = 200 * 1024;
/** Pixels a photo may decode to (a 48-megapixel phone photo fits); more is a decompression bomb. */
export const PHOTO_MAX_INPUT_PIXELS = 50_000_000;
/** A conversion that takes longer is stopped. */
export const PHOTO_CONVERSION_TIMEOUT_S = 10;

/** WebP quality, then scale, stepped down until the rendition fits in PHOTO_MAX_BYTES. */
const STEPS = [
  { scale: 1, quality: 80 },
  { scale: 1, quality: 60 },
  { scale: 1, quality: 40 },
  { scale: 0.5, quality: 40 },
  { scale: 0.25, quality: 40 },
];
/** The last resort: 128 x 128 pixels at most, far below PHOTO_MAX_BYTES whatever they hold. */
const LAST_STEP = { scale: 0.25, quality: 20 };

export type TRendition = { contentType: 'image/webp'; bytes: Buffer };

/**
 * What is stored of an uploaded photo: turned upright by its EXIF orientation, at most
 * PHOTO_MAX_SIDE pixels on its longer side and PHOTO_MAX_BYTES, as WebP without any metadata.
 * sharp decodes and encodes on libuv's threads, never on the event loop. A photo that cannot
 * be decoded is 415 `V010`; one of more than PHOTO_MAX_INPUT_PIXELS, or that takes longer
 * than PHOTO_CONVERSION_TIMEOUT_S, is 400 `V011`.
 */
export async function photoRendition(bytes: Buffer): Promise<TRendition> {
  const { data, info } = await sharp(bytes, {
    limitInputPixels: PHOTO_MAX_INPUT_PIXELS,
    sequentialRead: true,
  })
    .timeout({ seconds: PHOTO_CONVERSION_TIMEOUT_S })
    .rotate()
    .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((error: unknown) => {
      throw refusal(error);
    });
  const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const encode = async ({ scale, quality }: { scale: number; quality: number }) => {
    const image = sharp(data, pixels);
    if (scale < 1) image.resize(Math.max(1, Math.round(info.width * scale)));
    return image.webp({ quality }).toBuffer();
  };
  for (const step of STEPS) {
    const encoded = await encode(step);
    if (encoded.length <= PHOTO_MAX_BYTES) return { contentType: 'image/webp', bytes: encoded };
  }
  return { contentType: 'image/webp', bytes: await encode(LAST_STEP) };
}

/** The answer for a photo sharp refused to decode. */
function refusal(error: unknown): ApiError {
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit|timeout/i.test(message)) {
    return new ApiError(400, MessageId.photoTooManyPixels, 'The photo has too many pixels to convert');
  }
  return new ApiError(415, MessageId.photoUnreadable, 'The photo could not be read as an image');
}
