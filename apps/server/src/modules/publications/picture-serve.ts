import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { galleryAlbums, galleryItems, newsPosts, publicationImages } from '../../db/schema/index.ts';
import { published } from '../../kits/publication.ts';

// Which stored pictures parents may load (pictures.ts): those of a published news post, or
// of a photo of a published album, none of them removed. A draft's picture, or a withdrawn
// album's, is not served even to someone who kept its address.

/** The condition that a news post or a published album shows the picture `imageId` of the school. */
function shownByPublication(schoolId: string, imageId: string) {
  const byNews = sql`exists (select 1 from ${newsPosts} where ${and(
    eq(newsPosts.schoolId, schoolId),
    eq(newsPosts.imageId, imageId),
    isNull(newsPosts.removedAt),
    published(newsPosts.publishedAt),
  )})`;
  const byAlbum = sql`exists (select 1 from ${galleryItems} join ${galleryAlbums} on ${and(
    eq(galleryAlbums.schoolId, galleryItems.schoolId),
    eq(galleryAlbums.albumId, galleryItems.albumId),
  )} where ${and(
    eq(galleryItems.schoolId, schoolId),
    eq(galleryItems.imageId, imageId),
    isNull(galleryItems.removedAt),
    isNull(galleryAlbums.removedAt),
    published(galleryAlbums.publishedAt),
  )})`;
  return sql`(${byNews} or ${byAlbum})`;
}

/** The rendition of a width of a picture parents may see, or null. */
export async function shownPicture(
  db: TDatabase,
  schoolId: string,
  imageId: string,
  width: number,
): Promise<{ contentType: string; bytes: Buffer } | null> {
  const [row] = await db
    .select({ contentType: publicationImages.contentType, bytes: publicationImages.bytes })
    .from(publicationImages)
    .where(
      and(
        eq(publicationImages.schoolId, schoolId),
        eq(publicationImages.imageId, imageId),
        eq(publicationImages.width, width),
        shownByPublication(schoolId, imageId),
      ),
    )
    .limit(1);
  return row ?? null;
}
