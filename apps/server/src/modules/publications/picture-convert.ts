import sharp from 'sharp';
import { MAX_PICTURE_PIXELS } from './picture-check.ts';
import { turns } from '../../kits/turns.ts';

// Converting a picture of a bundle to the widths it is served in (docs/decisions/
// 021-publications-and-inbox.md): turned upright by its EXIF orientation, decoded once, then
// encoded as WebP at each width, without any metadata. sharp decodes and encodes on libuv's
// threads, never on the event loop, and at most CONVERSIONS_AT_ONCE pictures are converted at
// a time over the whole server (those threads also hash passwords and read files).

/** The widths a picture is served in; a smaller picture is kept at its own width (never enlarged). */
export const PICTURE_WIDTHS = [480, 960, 1600] as const;
/** The tallest a picture is kept (a long strip is scaled to fit). */
const MAX_HEIGHT = 3_200;
/** WebP quality: photos look as they were, at a fraction of a JPEG's weight. */
const WEBP_QUALITY = 80;
/**
 * WebP's effort (0 to 6): 2 encodes in about half the time of the default 4, for files a few
 * per cent heavier; a bundle's pictures are converted in its transaction.
 */
const WEBP_EFFORT = 2;
/** A picture whose conversion takes longer is refused. */
export const PICTURE_CONVERSION_TIMEOUT_S = 20;
/** Pictures converted side by side; the others wait their turn. */
const CONVERSIONS_AT_ONCE = 2;

export type TRendition = { width: number; height: number; bytes: Buffer };

/** The widths of the renditions of a picture this wide once scaled to fit (the widest first). */
export function renditionWidths(width: number): number[] {
  // A width close to the picture's own would be the same picture again.
  const smaller = PICTURE_WIDTHS.filter((candidate) => candidate <= width * 0.9);
  return [width, ...smaller.reverse()];
}

/** The picture's renditions, widest first; rejects a picture sharp cannot decode, or too big or slow. */
async function convert(bytes: Uint8Array): Promise<TRendition[]> {
  const largest = PICTURE_WIDTHS[PICTURE_WIDTHS.length - 1];
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PICTURE_PIXELS })
    .timeout({ seconds: PICTURE_CONVERSION_TIMEOUT_S })
    .rotate()
    .resize({ width: largest, height: MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const renditions: TRendition[] = [];
  for (const width of renditionWidths(info.width)) {
    const image = sharp(data, raw).timeout({ seconds: PICTURE_CONVERSION_TIMEOUT_S });
    if (width < info.width) image.resize({ width });
    const encoded = await image
      .webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT })
      .toBuffer({ resolveWithObject: true });
    renditions.push({ width: encoded.info.width, height: encoded.info.height, bytes: encoded.data });
  }
  return renditions;
}

const inTurn = turns(CONVERSIONS_AT_ONCE);

/**
 * The renditions of the pictures converted last, by picture id, up to RECENT_BYTES: a school
 * checks a bundle (a dry run, rolled back) and then sends it, and the second time converts
 * nothing. The id is the content's hash, so a hit is the same picture.
 */
const RECENT_BYTES = 32 * 1024 * 1024;
const recent = new Map<string, TRendition[]>();
let recentBytes = 0;

function remember(imageId: string, renditions: TRendition[]): void {
  const size = renditions.reduce((sum, rendition) => sum + rendition.bytes.length, 0);
  if (size > RECENT_BYTES / 4) return;
  recent.set(imageId, renditions);
  recentBytes += size;
  for (const [oldest, kept] of recent) {
    if (recentBytes <= RECENT_BYTES) break;
    recent.delete(oldest);
    recentBytes -= kept.reduce((sum, rendition) => sum + rendition.bytes.length, 0);
  }
}

let asked = 0;

/** How many pictures were asked for since the server started (each picture a bundle did not find stored). */
export const picturesAsked = () => asked;

/**
 * The renditions of a picture (by its id and bytes), widest first, converted in turn with the
 * server's other conversions. Rejects a picture that cannot be decoded, has more than
 * MAX_PICTURE_PIXELS or takes longer than PICTURE_CONVERSION_TIMEOUT_S.
 */
export async function pictureRenditions(imageId: string, bytes: Uint8Array): Promise<TRendition[]> {
  asked++;
  const known = recent.get(imageId);
  if (known) {
    // The most recently used is kept longest.
    recent.delete(imageId);
    recent.set(imageId, known);
    return known;
  }
  const renditions = await inTurn(() => convert(bytes));
  remember(imageId, renditions);
  return renditions;
}

/** Why sharp refused a picture, as a row's problem says it. */
export function conversionProblem(fileName: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return `"${fileName}" has too many pixels to convert`;
  if (/timeout/i.test(message)) return `"${fileName}" took too long to convert`;
  return `"${fileName}" cannot be read as a picture (it may be damaged)`;
}
