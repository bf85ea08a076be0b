import { galleryAlbums, galleryItems } from '../../db/schema/index.ts';
import { appliedCounts, byStatus, removeRows, sourcedIdsOf, upsertRows } from '../../kits/bundle-apply.ts';
import { rowReader } from '../../kits/bundle-fields.ts';
import type { TBundleFileHandler } from '../../kits/bundle-file.ts';
import { publishedAtOf, titleOf, wholeNumberOf } from '../../kits/portal-columns.ts';
import { checkReferences, idsAmong } from '../../kits/school-ids.ts';
import { boundedText, MAX_ALT_LENGTH, MAX_SUMMARY_LENGTH } from './news-columns.ts';
import { pictureOfColumn, type TSourcePicture } from './picture-check.ts';
import { removeUnusedPictures, storePictures } from './picture-store.ts';

// gallery_albums.csv and gallery_photos.csv (docs/school-data.md): albums of photos, each of
// the whole school or of one class (the families of the class's children see it), shown from
// their `publishedAt`; the photos of each album, in its order, each a picture of the bundle
// (converted once, picture-store.ts).

/** The highest position a photo may take in its album. */
export const MAX_PHOTO_POSITION = 100_000;

type TAlbumRow = {
  sourcedId: string;
  classId: string | null;
  titleEn: string;
  titleAr: string;
  descriptionEn: string;
  descriptionAr: string;
  takenOn: string;
  publishedAt: Date | null;
};

type TPhotoRow = {
  sourcedId: string;
  albumId: string;
  position: number;
  picture: TSourcePicture | null;
  captionEn: string;
  captionAr: string;
};

export const galleryAlbumsFile: TBundleFileHandler<TAlbumRow> = {
  file: 'gallery_albums.csv',
  columns: ['sourcedId', 'title_en', 'takenOn', 'publishedAt'],
  optionalColumns: ['title_ar', 'description_en', 'description_ar', 'classSourcedId'],
  after: ['classes.csv'],
  keyColumn: 'sourcedId',
  parseRow(record, row, status) {
    const read = rowReader(record, row);
    const required = { required: status === 'active' };
    const value: TAlbumRow = {
      sourcedId: read.text('sourcedId', { required: true }),
      classId: read.text('classSourcedId') || null,
      titleEn: titleOf(read, 'title_en', required),
      titleAr: titleOf(read, 'title_ar'),
      descriptionEn: boundedText(read, 'description_en', MAX_SUMMARY_LENGTH),
      descriptionAr: boundedText(read, 'description_ar', MAX_SUMMARY_LENGTH),
      takenOn: read.day('takenOn', required) ?? '',
      publishedAt: publishedAtOf(read),
    };
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const { schoolId } = context;
    const { active, deleted } = byStatus(rows);
    const valid = await checkReferences(tx, context, active, [
      { kind: 'class', column: 'classSourcedId', idOf: (value) => value.classId },
    ]);
    const written = await upsertRows(tx, galleryAlbums, {
      target: [galleryAlbums.schoolId, galleryAlbums.albumId],
      update: [
        galleryAlbums.classId,
        galleryAlbums.titleEn,
        galleryAlbums.titleAr,
        galleryAlbums.descriptionEn,
        galleryAlbums.descriptionAr,
        galleryAlbums.takenOn,
        galleryAlbums.publishedAt,
        galleryAlbums.removedAt,
      ],
      rows: valid.map(({ value }) => ({
        schoolId,
        albumId: value.sourcedId,
        classId: value.classId,
        titleEn: value.titleEn,
        titleAr: value.titleAr,
        descriptionEn: value.descriptionEn,
        descriptionAr: value.descriptionAr,
        takenOn: value.takenOn,
        publishedAt: value.publishedAt,
        removedAt: null,
      })),
    });
    const removed = await removeRows(tx, context, galleryAlbums, {
      school: galleryAlbums.schoolId,
      id: galleryAlbums.albumId,
      removedAt: galleryAlbums.removedAt,
      deleted: sourcedIdsOf(deleted),
      kept: sourcedIdsOf(active),
    });
    return appliedCounts(rows.length, written, removed);
  },
};

export const galleryPhotosFile: TBundleFileHandler<TPhotoRow> = {
  file: 'gallery_photos.csv',
  columns: ['sourcedId', 'albumSourcedId', 'image', 'position'],
  optionalColumns: ['caption_en', 'caption_ar'],
  after: ['gallery_albums.csv'],
  keyColumn: 'sourcedId',
  parseRow(record, row, status, attached) {
    const read = rowReader(record, row);
    const active = status === 'active';
    const value: TPhotoRow = {
      sourcedId: read.text('sourcedId', { required: true }),
      albumId: read.text('albumSourcedId', { required: active }),
      position:
        wholeNumberOf(read, 'position', { min: 0, max: MAX_PHOTO_POSITION }, { required: active }) ?? 0,
      picture: active ? pictureOfColumn(read, attached, 'image', { required: true }) : null,
      captionEn: boundedText(read, 'caption_en', MAX_ALT_LENGTH),
      captionAr: boundedText(read, 'caption_ar', MAX_ALT_LENGTH),
    };
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const { schoolId } = context;
    const { active, deleted } = byStatus(rows);
    const known = await checkReferences(tx, context, active, [
      {
        column: 'albumSourcedId',
        idOf: (value) => value.albumId,
        known: (ids) =>
          idsAmong(
            tx,
            schoolId,
            { school: galleryAlbums.schoolId, id: galleryAlbums.albumId, removedAt: galleryAlbums.removedAt },
            ids,
          ),
        unknown: (id) => `no album of the school has the id "${id}" (gallery_albums.csv)`,
      },
    ]);
    const stored = await storePictures(
      tx,
      context,
      known.flatMap(({ row, value }) =>
        value.picture ? [{ row, column: 'image', picture: value.picture }] : [],
      ),
    );
    const valid = known.filter(({ value }) => value.picture && stored.has(value.picture.imageId));
    const written = await upsertRows(tx, galleryItems, {
      target: [galleryItems.schoolId, galleryItems.itemId],
      update: [
        galleryItems.albumId,
        galleryItems.position,
        galleryItems.imageId,
        galleryItems.captionEn,
        galleryItems.captionAr,
        galleryItems.removedAt,
      ],
      rows: valid.map(({ value }) => ({
        schoolId,
        itemId: value.sourcedId,
        albumId: value.albumId,
        position: value.position,
        imageId: value.picture?.imageId ?? '',
        captionEn: value.captionEn,
        captionAr: value.captionAr,
        removedAt: null,
      })),
    });
    const removed = await removeRows(tx, context, galleryItems, {
      school: galleryItems.schoolId,
      id: galleryItems.itemId,
      removedAt: galleryItems.removedAt,
      deleted: sourcedIdsOf(deleted),
      kept: sourcedIdsOf(active),
    });
    await removeUnusedPictures(tx, schoolId);
    return appliedCounts(rows.length, written, removed);
  },
};
