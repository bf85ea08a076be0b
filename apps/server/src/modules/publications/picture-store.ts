import { and, asc, eq, sql } from 'drizzle-orm';
import type { TPicture } from '@portal/contracts/families/publications';
import type { TDatabase } from '../../db/client.ts';
import { galleryItems, newsPosts, publicationImages } from '../../db/schema/index.ts';
import { among, reportProblem } from '../../kits/bundle-apply.ts';
import type { TApplyContext } from '../../kits/bundle-file.ts';
import type { TSourcePicture } from './picture-check.ts';
import { conversionProblem, pictureRenditions, type TRendition } from './picture-convert.ts';

// The pictures of news posts and albums, stored once per school and content, in every width
// they are served in (`publication_images`; docs/decisions/021-publications-and-inbox.md).
// Storing happens when a bundle is applied, in its transaction: only pictures the school does
// not have yet are converted, at most MAX_NEW_PICTURES per bundle, so that a bundle's
// transaction stays short. Their addresses need no session (pictures.ts).

/** Pictures one bundle may bring that the school does not have yet (send more in several bundles). */
export const MAX_NEW_PICTURES = 300;
/** Pictures converted before their renditions are written (the memory a bundle holds at once). */
const CONVERTED_PER_WRITE = 8;
/** What the files of one bundle share: how many new pictures they converted so far. */
const NEW_PICTURES_KEY = 'publications.newPictures';

/** A picture a row names, in a column. */
export type TPictureUse = { row: number; column: string; picture: TSourcePicture };

/** The ids among `imageIds` of the pictures the school has. */
async function storedAmong(tx: TDatabase, schoolId: string, imageIds: string[]): Promise<Set<string>> {
  if (imageIds.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ imageId: publicationImages.imageId })
    .from(publicationImages)
    .where(and(eq(publicationImages.schoolId, schoolId), among(publicationImages.imageId, imageIds)));
  return new Set(rows.map((row) => row.imageId));
}

/**
 * Stores the pictures the rows name that the school does not have yet. A picture that cannot
 * be converted, or one past the bundle's MAX_NEW_PICTURES, is a problem of each row naming it.
 * Answers the ids of the pictures the school now has (the rows whose picture is not among them
 * have a problem).
 */
export async function storePictures(
  tx: TDatabase,
  context: TApplyContext,
  uses: readonly TPictureUse[],
): Promise<Set<string>> {
  const byId = new Map<string, TPictureUse[]>();
  for (const use of uses) byId.set(use.picture.imageId, [...(byId.get(use.picture.imageId) ?? []), use]);
  const stored = await storedAmong(tx, context.schoolId, [...byId.keys()]);
  const shared = context.shared ?? new Map<string, unknown>();
  let converted = Number(shared.get(NEW_PICTURES_KEY) ?? 0);
  const missing = [...byId.keys()].filter((imageId) => !stored.has(imageId));
  const refuse = (imageId: string, message: (fileName: string) => string) => {
    for (const use of byId.get(imageId) ?? [])
      reportProblem(context, use.row, use.column, message(use.picture.fileName));
  };
  for (let start = 0; start < missing.length; start += CONVERTED_PER_WRITE) {
    const slice = missing.slice(start, start + CONVERTED_PER_WRITE);
    const allowed = slice.filter(() => converted++ < MAX_NEW_PICTURES);
    for (const imageId of slice.slice(allowed.length))
      refuse(
        imageId,
        () => `the bundle brings more than ${MAX_NEW_PICTURES} new pictures: send them in several bundles`,
      );
    const results = await Promise.allSettled(
      allowed.map((imageId) => {
        const picture = byId.get(imageId)?.[0]?.picture;
        return picture ? pictureRenditions(imageId, picture.bytes) : Promise.reject(new Error('no picture'));
      }),
    );
    const rows: (typeof publicationImages.$inferInsert)[] = [];
    results.forEach((result, index) => {
      const imageId = allowed[index] ?? '';
      if (result.status === 'rejected') {
        refuse(imageId, (fileName) => conversionProblem(fileName, result.reason));
        return;
      }
      stored.add(imageId);
      for (const rendition of result.value)
        rows.push({
          schoolId: context.schoolId,
          imageId,
          width: rendition.width,
          height: rendition.height,
          contentType: 'image/webp',
          bytes: rendition.bytes,
        });
    });
    if (rows.length > 0) await tx.insert(publicationImages).values(rows).onConflictDoNothing();
  }
  shared.set(NEW_PICTURES_KEY, Math.min(converted, MAX_NEW_PICTURES + 1));
  return stored;
}

/** Removes the school's pictures no news post or photo (not removed) names any more. */
export async function removeUnusedPictures(tx: TDatabase, schoolId: string): Promise<void> {
  await tx.delete(publicationImages).where(
    and(
      eq(publicationImages.schoolId, schoolId),
      sql`not exists (select 1 from ${newsPosts} where ${newsPosts.schoolId} = ${publicationImages.schoolId}
        and ${newsPosts.imageId} = ${publicationImages.imageId} and ${newsPosts.removedAt} is null)`,
      sql`not exists (select 1 from ${galleryItems} where ${galleryItems.schoolId} = ${publicationImages.schoolId}
        and ${galleryItems.imageId} = ${publicationImages.imageId} and ${galleryItems.removedAt} is null)`,
    ),
  );
}

/** The size of each stored width of a picture, narrowest first. */
export type TPictureSizes = Pick<TRendition, 'width' | 'height'>[];

/** The stored widths of these pictures of the school, by picture id. */
export async function pictureSizesOf(
  db: TDatabase,
  schoolId: string,
  imageIds: readonly (string | null)[],
): Promise<Map<string, TPictureSizes>> {
  const wanted = [...new Set(imageIds.filter((id): id is string => id !== null))];
  const sizes = new Map<string, TPictureSizes>();
  if (wanted.length === 0) return sizes;
  const rows = await db
    .select({
      imageId: publicationImages.imageId,
      width: publicationImages.width,
      height: publicationImages.height,
    })
    .from(publicationImages)
    .where(and(eq(publicationImages.schoolId, schoolId), among(publicationImages.imageId, wanted)))
    .orderBy(asc(publicationImages.imageId), asc(publicationImages.width));
  for (const row of rows)
    sizes.set(row.imageId, [...(sizes.get(row.imageId) ?? []), { width: row.width, height: row.height }]);
  return sizes;
}

/** Where a picture's rendition of a width is served (pictures.ts): no session needed. */
export const pictureAddress = (schoolId: string, imageId: string, width: number) =>
  `/media/pictures/${encodeURIComponent(schoolId)}/${imageId}/${width}.webp`;

/**
 * A picture as the parent API gives it: its narrowest width as `src`, every width in `srcSet`,
 * the size of its widest, and its text for those who cannot see it. Null when the picture is
 * not stored.
 */
export function pictureOf(
  schoolId: string,
  imageId: string | null,
  sizes: ReadonlyMap<string, TPictureSizes>,
  alt: { en: string; ar: string },
): TPicture | null {
  const stored = imageId ? sizes.get(imageId) : undefined;
  const narrowest = stored?.[0];
  const widest = stored?.at(-1);
  if (!imageId || !narrowest || !widest) return null;
  return {
    src: pictureAddress(schoolId, imageId, narrowest.width),
    srcSet: stored
      .map((size) => `${pictureAddress(schoolId, imageId, size.width)} ${size.width}w`)
      .join(', '),
    width: widest.width,
    height: widest.height,
    alt: alt.en,
    altAr: alt.ar,
  };
}
