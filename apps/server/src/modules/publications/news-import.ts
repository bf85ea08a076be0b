import { newsPosts } from '../../db/schema/index.ts';
import { appliedCounts, byStatus, removeRows, sourcedIdsOf, upsertRows } from '../../kits/bundle-apply.ts';
import { rowReader } from '../../kits/bundle-fields.ts';
import type { TBundleFileHandler } from '../../kits/bundle-file.ts';
import { publishedAtOf, titleOf } from '../../kits/portal-columns.ts';
import { boundedText, MAX_ALT_LENGTH, MAX_SUMMARY_LENGTH } from './news-columns.ts';
import { noticeNewNews } from './news-notices.ts';
import { pictureOfColumn, type TSourcePicture } from './picture-check.ts';
import { removeUnusedPictures, storePictures } from './picture-store.ts';

// news.csv (docs/school-data.md, "news.csv"): the school's news, each post by its
// `sourcedId`, perhaps with a picture of the bundle (converted once, picture-store.ts). A post
// shows from its `publishedAt`; the school's parents are told of it once (news-notices.ts).

type TNewsRow = {
  sourcedId: string;
  titleEn: string;
  titleAr: string;
  summaryEn: string;
  summaryAr: string;
  bodyEn: string;
  bodyAr: string;
  picture: TSourcePicture | null;
  altEn: string;
  altAr: string;
  publishedAt: Date | null;
};

export const newsFile: TBundleFileHandler<TNewsRow> = {
  file: 'news.csv',
  columns: ['sourcedId', 'title_en', 'publishedAt'],
  optionalColumns: [
    'title_ar',
    'summary_en',
    'summary_ar',
    'body_en',
    'body_ar',
    'image',
    'imageAlt_en',
    'imageAlt_ar',
  ],
  keyColumn: 'sourcedId',
  parseRow(record, row, status, attached) {
    const read = rowReader(record, row);
    const active = status === 'active';
    const value: TNewsRow = {
      sourcedId: read.text('sourcedId', { required: true }),
      titleEn: titleOf(read, 'title_en', { required: active }),
      titleAr: titleOf(read, 'title_ar'),
      summaryEn: boundedText(read, 'summary_en', MAX_SUMMARY_LENGTH),
      summaryAr: boundedText(read, 'summary_ar', MAX_SUMMARY_LENGTH),
      bodyEn: read.text('body_en').trim(),
      bodyAr: read.text('body_ar').trim(),
      picture: active ? pictureOfColumn(read, attached, 'image') : null,
      altEn: boundedText(read, 'imageAlt_en', MAX_ALT_LENGTH),
      altAr: boundedText(read, 'imageAlt_ar', MAX_ALT_LENGTH),
      publishedAt: publishedAtOf(read),
    };
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const { schoolId } = context;
    const { active, deleted } = byStatus(rows);
    const stored = await storePictures(
      tx,
      context,
      active.flatMap(({ row, value }) =>
        value.picture ? [{ row, column: 'image', picture: value.picture }] : [],
      ),
    );
    const valid = active.filter(({ value }) => !value.picture || stored.has(value.picture.imageId));
    const written = await upsertRows(tx, newsPosts, {
      target: [newsPosts.schoolId, newsPosts.newsId],
      update: [
        newsPosts.titleEn,
        newsPosts.titleAr,
        newsPosts.summaryEn,
        newsPosts.summaryAr,
        newsPosts.bodyEn,
        newsPosts.bodyAr,
        newsPosts.imageId,
        newsPosts.imageAltEn,
        newsPosts.imageAltAr,
        newsPosts.publishedAt,
        newsPosts.removedAt,
      ],
      rows: valid.map(({ value }) => ({
        schoolId,
        newsId: value.sourcedId,
        titleEn: value.titleEn,
        titleAr: value.titleAr,
        summaryEn: value.summaryEn,
        summaryAr: value.summaryAr,
        bodyEn: value.bodyEn,
        bodyAr: value.bodyAr,
        imageId: value.picture?.imageId ?? null,
        imageAltEn: value.altEn,
        imageAltAr: value.altAr,
        publishedAt: value.publishedAt,
        removedAt: null,
      })),
    });
    const removed = await removeRows(tx, context, newsPosts, {
      school: newsPosts.schoolId,
      id: newsPosts.newsId,
      removedAt: newsPosts.removedAt,
      deleted: sourcedIdsOf(deleted),
      kept: sourcedIdsOf(active),
    });
    await removeUnusedPictures(tx, schoolId);
    await noticeNewNews(tx, schoolId);
    return appliedCounts(rows.length, written, removed);
  },
};
