import sharp from 'sharp';
import type { TBundleProblem } from '@portal/contracts/school-data';
import type { TDatabase } from '../../../src/db/client.ts';
import { schoolToday } from '../../../src/access/school.ts';
import { headerOf, type TAnyBundleFileHandler, type TFileMode } from '../../../src/kits/bundle-file.ts';
import { ambassadorsFile } from '../../../src/modules/publications/ambassador-import.ts';
import { galleryAlbumsFile, galleryPhotosFile } from '../../../src/modules/publications/gallery-import.ts';
import { newsFile } from '../../../src/modules/publications/news-import.ts';
import { readBundle } from '../../../src/modules/school-data/bundle-reader.ts';
import { csvText, manifestText } from '../../../src/modules/school-data/csv-text.ts';
import { BUNDLE_FILES } from '../../../src/modules/school-data/files.ts';
import { importBundle } from '../../../src/modules/school-data/import-bundle.ts';

// The news, gallery and ambassador tests put their data in the way a school does: CSV files
// and the pictures they name, through the import (one transaction; nothing applied when a row
// has a problem), on top of the demo data (db/seed/demo-news.ts).

export type TFiles = Map<string, string | Uint8Array>;
export type TApplied = { problems: TBundleProblem[]; counts: Record<string, unknown> };

const HANDLERS: Record<string, TAnyBundleFileHandler> = {
  'news.csv': newsFile,
  'gallery_albums.csv': galleryAlbumsFile,
  'gallery_photos.csv': galleryPhotosFile,
  'ambassadors.csv': ambassadorsFile,
};

/** A CSV file of these rows under its handler's whole header (missing values empty). */
export function csvOf(file: keyof typeof HANDLERS & string, rows: Record<string, string | number>[]): string {
  const handler = HANDLERS[file];
  if (!handler) throw new Error(`no handler for ${file}`);
  return csvText(headerOf(handler), rows);
}

/** Puts files in for a school through the import; the CSV files are marked `mode` in the manifest. */
export async function applyFiles(
  db: TDatabase,
  schoolId: string,
  files: TFiles,
  mode: TFileMode = 'delta',
): Promise<TApplied> {
  const csvFiles = [...files.keys()].filter((name) => name.endsWith('.csv'));
  const manifest = manifestText('1.2', Object.fromEntries(csvFiles.map((file) => [file, mode])));
  const bundle = readBundle(new Map([['manifest.csv', manifest], ...files]), BUNDLE_FILES);
  const report = await importBundle(db, bundle, {
    schoolId,
    keyId: null,
    bytes: new Uint8Array(),
    dryRun: false,
    today: schoolToday('Asia/Dubai'),
  });
  return { problems: report.errors, counts: report.counts };
}

/** A photo-like JPEG of this size (a gradient, so that it is not a flat colour). */
export async function jpegOf(width: number, height: number, options: { orientation?: number } = {}) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#1e88e5"/><stop offset="1" stop-color="#fdd835"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/><circle cx="${width / 3}" cy="${height / 2}" r="${height / 4}" fill="#e53935"/></svg>`;
  const image = sharp(Buffer.from(svg)).jpeg({ quality: 80 });
  if (options.orientation) image.withMetadata({ orientation: options.orientation });
  return new Uint8Array(await image.toBuffer());
}

/**
 * A small PNG whose header says it is `width` × `height` pixels: what a decompression bomb
 * looks like before anything decodes it.
 */
export async function pngClaiming(width: number, height: number): Promise<Uint8Array> {
  const png = new Uint8Array(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer(),
  );
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return png;
}

/** Now, as a bundle writes a time. */
export const nowText = (offsetMs = 0) => new Date(Date.now() + offsetMs).toISOString();
