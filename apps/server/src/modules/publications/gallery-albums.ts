import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { TAlbum, TPhoto } from '@portal/contracts/families/publications';
import type { TDatabase } from '../../db/client.ts';
import {
  classes,
  enrollments,
  galleryAlbums,
  galleryItems,
  parentStudents,
  students,
} from '../../db/schema/index.ts';
import { among } from '../../kits/bundle-apply.ts';
import { published } from '../../kits/publication.ts';
import { pictureOf, pictureSizesOf } from './picture-store.ts';

// The albums a parent sees (docs/modules.md F4): the whole school's, and those of the classes their
// children are in (reached through the children's enrolments only, docs/decisions/
// 018-module-families.md), published and not removed, each naming the parent's children in its
// class (by enrolment number and name), with its cover (its first photo) and how many photos it holds.

/** The most albums the list holds (the latest taken). */
export const MAX_ALBUMS = 200;
/** The most photos an album shows (the first in its order). */
export const MAX_ALBUM_PHOTOS = 500;

type TOwner = { schoolId: string; parentId: string };
type TAlbumChild = TAlbum['children'][number];
type TAlbumRow = typeof galleryAlbums.$inferSelect & {
  classNameEn: string | null;
  classNameAr: string | null;
};

/**
 * The parent's children (or the one named) in each class they are enrolled in (a class not
 * removed), by class id, each class's children in the family's order.
 */
async function childrenByClass(db: TDatabase, owner: TOwner, enrollNumber?: string) {
  const rows = await db
    .select({
      classId: enrollments.classId,
      enrollNumber: enrollments.personId,
      childName: students.fullName,
    })
    .from(enrollments)
    .innerJoin(
      parentStudents,
      and(
        eq(parentStudents.schoolId, enrollments.schoolId),
        eq(parentStudents.enrollNumber, enrollments.personId),
        eq(parentStudents.parentId, owner.parentId),
      ),
    )
    .innerJoin(
      students,
      and(eq(students.schoolId, enrollments.schoolId), eq(students.enrollNumber, enrollments.personId)),
    )
    .innerJoin(
      classes,
      and(
        eq(classes.schoolId, enrollments.schoolId),
        eq(classes.classId, enrollments.classId),
        isNull(classes.removedAt),
      ),
    )
    .where(
      and(
        eq(enrollments.schoolId, owner.schoolId),
        eq(enrollments.role, 'student'),
        enrollNumber ? eq(enrollments.personId, enrollNumber) : undefined,
      ),
    )
    .orderBy(asc(parentStudents.position), asc(enrollments.personId));
  const byClass = new Map<string, TAlbumChild[]>();
  for (const { classId, enrollNumber, childName } of rows) {
    const children = byClass.get(classId) ?? [];
    if (!children.some((child) => child.enrollNumber === enrollNumber))
      children.push({ enrollNumber, childName });
    byClass.set(classId, children);
  }
  return byClass;
}

/** The albums the parent sees of these classes and the whole school's (or the one named). */
function visibleAlbums(db: TDatabase, owner: TOwner, classIds: string[], albumId?: string) {
  return db
    .select({
      album: galleryAlbums,
      classNameEn: classes.titleEn,
      classNameAr: classes.titleAr,
    })
    .from(galleryAlbums)
    .leftJoin(
      classes,
      and(
        eq(classes.schoolId, galleryAlbums.schoolId),
        eq(classes.classId, galleryAlbums.classId),
        isNull(classes.removedAt),
      ),
    )
    .where(
      and(
        eq(galleryAlbums.schoolId, owner.schoolId),
        albumId === undefined ? undefined : eq(galleryAlbums.albumId, albumId),
        isNull(galleryAlbums.removedAt),
        published(galleryAlbums.publishedAt),
        or(
          isNull(galleryAlbums.classId),
          classIds.length > 0 ? among(galleryAlbums.classId, classIds) : sql`false`,
        ),
      ),
    );
}

/** Each album's photo count and first photo. */
async function albumPhotos(db: TDatabase, schoolId: string, albumIds: string[]) {
  if (albumIds.length === 0)
    return { counts: new Map<string, number>(), covers: new Map<string, TCoverRow>() };
  const live = and(
    eq(galleryItems.schoolId, schoolId),
    among(galleryItems.albumId, albumIds),
    isNull(galleryItems.removedAt),
  );
  const counts = await db
    .select({ albumId: galleryItems.albumId, count: sql<number>`count(*)::int` })
    .from(galleryItems)
    .where(live)
    .groupBy(galleryItems.albumId);
  const covers = await db
    .selectDistinctOn([galleryItems.albumId], {
      albumId: galleryItems.albumId,
      imageId: galleryItems.imageId,
      captionEn: galleryItems.captionEn,
      captionAr: galleryItems.captionAr,
    })
    .from(galleryItems)
    .where(live)
    .orderBy(asc(galleryItems.albumId), asc(galleryItems.position), asc(galleryItems.itemId));
  return {
    counts: new Map(counts.map((row) => [row.albumId, row.count])),
    covers: new Map(covers.map((row) => [row.albumId, row])),
  };
}

type TCoverRow = { albumId: string; imageId: string; captionEn: string; captionAr: string };

/** A photo's text for those who cannot see it: its caption, else its album's title. */
const altOf = (
  photo: { captionEn: string; captionAr: string },
  album: { titleEn: string; titleAr: string },
) => ({
  en: photo.captionEn || album.titleEn,
  ar: photo.captionAr || album.titleAr,
});

function albumOf(
  row: TAlbumRow,
  children: ReadonlyMap<string, TAlbumChild[]>,
  photos: { counts: Map<string, number>; covers: Map<string, TCoverRow> },
  sizes: Awaited<ReturnType<typeof pictureSizesOf>>,
): TAlbum {
  const cover = photos.covers.get(row.albumId);
  const inClass = row.classId ? (children.get(row.classId) ?? []) : [];
  return {
    id: row.albumId,
    title: row.titleEn,
    titleAr: row.titleAr,
    description: row.descriptionEn,
    descriptionAr: row.descriptionAr,
    takenOn: row.takenOn,
    className: row.classId ? (row.classNameEn ?? null) : null,
    classNameAr: row.classId ? (row.classNameAr ?? null) : null,
    enrollNumbers: inClass.map((child) => child.enrollNumber),
    children: inClass,
    cover: cover ? pictureOf(row.schoolId, cover.imageId, sizes, altOf(cover, row)) : null,
    photoCount: photos.counts.get(row.albumId) ?? 0,
  };
}

/**
 * The albums the parent sees, the latest taken first: the whole school's and those of the
 * classes of their children, or of the one child named (checked to be the parent's before).
 */
export async function albumsOf(db: TDatabase, owner: TOwner, enrollNumber?: string): Promise<TAlbum[]> {
  const children = await childrenByClass(db, owner, enrollNumber);
  const rows = await visibleAlbums(db, owner, [...children.keys()])
    .orderBy(desc(galleryAlbums.takenOn), desc(galleryAlbums.publishedAt), asc(galleryAlbums.albumId))
    .limit(MAX_ALBUMS);
  const albums = rows.map(({ album, classNameEn, classNameAr }) => ({ ...album, classNameEn, classNameAr }));
  const photos = await albumPhotos(
    db,
    owner.schoolId,
    albums.map((album) => album.albumId),
  );
  const sizes = await pictureSizesOf(
    db,
    owner.schoolId,
    [...photos.covers.values()].map((cover) => cover.imageId),
  );
  return albums.map((album) => albumOf(album, children, photos, sizes));
}

/** One album the parent sees, with its photos in order; null when the parent does not see it. */
export async function albumWithPhotos(
  db: TDatabase,
  owner: TOwner,
  albumId: string,
): Promise<{ album: TAlbum; photos: TPhoto[] } | null> {
  const children = await childrenByClass(db, owner);
  const [row] = await visibleAlbums(db, owner, [...children.keys()], albumId).limit(1);
  if (!row) return null;
  const album = { ...row.album, classNameEn: row.classNameEn, classNameAr: row.classNameAr };
  const items = await db
    .select()
    .from(galleryItems)
    .where(
      and(
        eq(galleryItems.schoolId, owner.schoolId),
        eq(galleryItems.albumId, albumId),
        isNull(galleryItems.removedAt),
      ),
    )
    .orderBy(asc(galleryItems.position), asc(galleryItems.itemId))
    .limit(MAX_ALBUM_PHOTOS);
  const photos = await albumPhotos(db, owner.schoolId, [albumId]);
  const sizes = await pictureSizesOf(
    db,
    owner.schoolId,
    items.map((item) => item.imageId),
  );
  return {
    album: albumOf(album, children, photos, sizes),
    photos: items.flatMap((item) => {
      const picture = pictureOf(owner.schoolId, item.imageId, sizes, altOf(item, album));
      return picture
        ? [{ id: item.itemId, picture, caption: item.captionEn, captionAr: item.captionAr }]
        : [];
    }),
  };
}
