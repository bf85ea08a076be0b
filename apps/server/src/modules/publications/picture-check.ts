import { createHash } from 'node:crypto';
import type { TRowReader } from '../../kits/bundle-fields.ts';
import type { TAttachedFiles } from '../../kits/bundle-file.ts';
import { photoTypeOf } from '../../kits/files/file-type.ts';

// The pictures a bundle's rows name (docs/school-data.md, "Pictures"): read when the rows are
// read, on the import thread, without decoding them. A picture must be a JPEG, PNG or WebP by
// its first bytes, weigh at most MAX_PICTURE_BYTES and hold at most MAX_PICTURE_PIXELS, told by
// its header (a small file that would decode to gigabytes is refused before anything decodes
// it). It is converted when the bundle is applied (picture-convert.ts).

/** The heaviest picture a row may name. */
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;
/** Pixels a picture may hold (a 48-megapixel phone photo fits); more is refused. */
export const MAX_PICTURE_PIXELS = 50_000_000;

/** A picture of the bundle as a row names it: its file name, its id and its bytes. */
export type TSourcePicture = {
  fileName: string;
  /** The first 32 hex digits of the SHA-256 of its bytes: the same picture has the same id. */
  imageId: string;
  bytes: Uint8Array;
};

/** The id of a picture: the same bytes, the same id, whichever row or bundle brings them. */
export const pictureIdOf = (bytes: Uint8Array) =>
  createHash('sha256').update(bytes).digest('hex').slice(0, 32);

/** A picture's id as its address writes it. */
export const PICTURE_ID = /^[0-9a-f]{32}$/;

type TSize = { width: number; height: number };

const uint16be = (bytes: Uint8Array, at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
const uint24le = (bytes: Uint8Array, at: number) =>
  (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8) | ((bytes[at + 2] ?? 0) << 16);
const uint32be = (bytes: Uint8Array, at: number) => uint16be(bytes, at) * 65_536 + uint16be(bytes, at + 2);
const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/** A JPEG's size, from its first frame header (SOF); null when it has none before its data. */
function jpegSize(bytes: Uint8Array): TSize | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // Markers without a length: start of image, TEM, restarts.
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    // End of image or start of scan before any frame header: not a picture to read.
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = uint16be(bytes, at + 2);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: uint16be(bytes, at + 5), width: uint16be(bytes, at + 7) };
    at += 2 + length;
  }
  return null;
}

/** A PNG's size, from its IHDR chunk. */
function pngSize(bytes: Uint8Array): TSize | null {
  if (bytes.length < 24 || ascii(bytes, 12, 4) !== 'IHDR') return null;
  return { width: uint32be(bytes, 16), height: uint32be(bytes, 20) };
}

/** A WebP's size, from its first chunk: lossy (VP8), lossless (VP8L) or extended (VP8X). */
function webpSize(bytes: Uint8Array): TSize | null {
  if (bytes.length < 30) return null;
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8X') return { width: 1 + uint24le(bytes, 24), height: 1 + uint24le(bytes, 27) };
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return null;
    const [b1 = 0, b2 = 0, b3 = 0, b4 = 0] = bytes.subarray(21, 25);
    return {
      width: 1 + (((b2 & 0x3f) << 8) | b1),
      height: 1 + (((b4 & 0x0f) << 10) | (b3 << 2) | ((b2 & 0xc0) >> 6)),
    };
  }
  if (chunk === 'VP8 ') {
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return {
      width: ((bytes[26] ?? 0) | ((bytes[27] ?? 0) << 8)) & 0x3fff,
      height: ((bytes[28] ?? 0) | ((bytes[29] ?? 0) << 8)) & 0x3fff,
    };
  }
  return null;
}

/**
 * What a picture is by its first bytes and how big its header says it is; null when it is not
 * a JPEG, PNG or WebP, or its header cannot be read.
 */
export function pictureHeaderOf(bytes: Uint8Array): ({ type: string } & TSize) | null {
  const type = photoTypeOf(bytes);
  const size =
    type === 'image/jpeg'
      ? jpegSize(bytes)
      : type === 'image/png'
        ? pngSize(bytes)
        : type === 'image/webp'
          ? webpSize(bytes)
          : null;
  if (!type || !size || size.width < 1 || size.height < 1) return null;
  return { type, ...size };
}

const PICTURE_NAME = /\.(jpe?g|png|webp)$/i;

/**
 * The picture a column names, read from the bundle and checked (type, weight, pixels); null
 * when the column is empty or the picture is refused (the problem is the row's).
 */
export function pictureOfColumn(
  read: TRowReader,
  attached: TAttachedFiles,
  column: string,
  options: { required?: boolean } = {},
): TSourcePicture | null {
  const fileName = read.text(column, options).trim();
  if (fileName === '') return null;
  if (!PICTURE_NAME.test(fileName)) {
    read.problem(
      column,
      `"${fileName}" is not a picture's file name (it ends in .jpg, .jpeg, .png or .webp)`,
    );
    return null;
  }
  const bytes = attached(fileName);
  if (!bytes) {
    read.problem(column, `the bundle has no file "${fileName}"`);
    return null;
  }
  if (bytes.byteLength > MAX_PICTURE_BYTES) {
    read.problem(column, `"${fileName}" weighs more than ${MAX_PICTURE_BYTES / 1024 / 1024} MB`);
    return null;
  }
  const header = pictureHeaderOf(bytes);
  if (!header) {
    read.problem(column, `"${fileName}" is not a JPEG, PNG or WebP picture`);
    return null;
  }
  if (header.width * header.height > MAX_PICTURE_PIXELS) {
    read.problem(
      column,
      `"${fileName}" has ${header.width} × ${header.height} pixels: more than ${MAX_PICTURE_PIXELS / 1_000_000} million`,
    );
    return null;
  }
  return { fileName, imageId: pictureIdOf(bytes), bytes };
}
