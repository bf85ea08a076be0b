import { and, eq } from 'drizzle-orm';
import { addDays } from '@portal/contracts/kits/dates';
import type { TDatabase } from '../client.ts';
import { notifications } from '../schema/index.ts';
import { headerOf } from '../../kits/bundle-file.ts';
import { ambassadorsFile } from '../../modules/publications/ambassador-import.ts';
import { applyAsAmbassador, homeroomOf } from '../../modules/publications/ambassador-applications.ts';
import { galleryAlbumsFile, galleryPhotosFile } from '../../modules/publications/gallery-import.ts';
import { newsFile } from '../../modules/publications/news-import.ts';
import { csvText } from '../../modules/school-data/csv-text.ts';
import type { TDemoSchool } from './demo-schools.ts';
import { MOGRA_ALBUMS, MOGRA_AMBASSADORS, MOGRA_APPLICATION, MOGRA_NEWS } from './demo-news-mogra.ts';
import { scenePicture, type TScene } from './demo-news-pictures.ts';

// The demo's news, albums and class ambassadors (docs/modules.md section 6), through the import like
// a school's: mogra's (demo-news-mogra.ts), the only demo school that grants these modules. The
// pictures are drawn when the demo is seeded (demo-news-pictures.ts) and travel in the bundle
// beside the files that name them.

/** What a demo school publishes here. */
type TDemoNewsContent = {
  news: typeof MOGRA_NEWS;
  albums: typeof MOGRA_ALBUMS;
  ambassadors: typeof MOGRA_AMBASSADORS;
};

/**
 * Every other school keeps one whole-school album it does not grant (so the tests prove the
 * 403 A001 gate rather than missing data): two photos of mogra's sports day, drawn once.
 */
const OTHER_SCHOOL: TDemoNewsContent = {
  news: [],
  albums: MOGRA_ALBUMS.filter((album) => album.classId === null)
    .slice(0, 1)
    .map((album) => ({ ...album, photos: album.photos.slice(0, 2) })),
  ambassadors: [],
};

/** The files this part adds to a demo school's bundle, with their pictures. */
export async function demoNewsFiles(
  school: TDemoSchool,
  seedDay: string,
): Promise<Map<string, string | Uint8Array>> {
  const mogra = { news: MOGRA_NEWS, albums: MOGRA_ALBUMS, ambassadors: MOGRA_AMBASSADORS };
  return newsBundle(seedDay, school.schoolId === 'mogra' ? mogra : OTHER_SCHOOL);
}

/** A time of the school's day `daysAgo` days before the seed day (mogra is in Dubai, +04:00). */
const timeOf = (seedDay: string, daysAgo: number, hour: string) =>
  `${addDays(seedDay, -daysAgo)}T${hour}:00+04:00`;

const picturePath = (name: string) => `pictures/${name}.jpg`;

/** A bundle's news.csv, gallery_albums.csv, gallery_photos.csv, ambassadors.csv and their pictures. */
async function newsBundle(
  seedDay: string,
  { news, albums, ambassadors }: TDemoNewsContent,
): Promise<Map<string, string | Uint8Array>> {
  const pictures = new Map<string, TScene>();
  news.forEach((post, index) =>
    pictures.set(picturePath(post.id), {
      kind: post.scene,
      seed: index + 1,
      banner: { en: post.banner[0], ar: post.banner[1] },
    }),
  );
  albums.forEach((album, albumIndex) =>
    album.photos.forEach((_, photoIndex) =>
      pictures.set(picturePath(`${album.id}-${photoIndex + 1}`), {
        kind: album.scene,
        seed: 100 * (albumIndex + 1) + photoIndex,
      }),
    ),
  );
  const drawn = await Promise.all(
    [...pictures].map(async ([name, scene]) => [name, await scenePicture(scene)] as const),
  );
  const files = new Map<string, string | Uint8Array>([
    [
      'news.csv',
      csvText(
        headerOf(newsFile),
        news.map((post) => ({
          sourcedId: post.id,
          title_en: post.title[0],
          title_ar: post.title[1],
          summary_en: post.summary[0],
          summary_ar: post.summary[1],
          body_en: post.body[0],
          body_ar: post.body[1],
          image: picturePath(post.id),
          imageAlt_en: post.alt[0],
          imageAlt_ar: post.alt[1],
          publishedAt: timeOf(seedDay, post.daysAgo, '08:00'),
        })),
      ),
    ],
    [
      'gallery_albums.csv',
      csvText(
        headerOf(galleryAlbumsFile),
        albums.map((album) => ({
          sourcedId: album.id,
          classSourcedId: album.classId ?? '',
          title_en: album.title[0],
          title_ar: album.title[1],
          description_en: album.description[0],
          description_ar: album.description[1],
          takenOn: addDays(seedDay, -album.daysAgo),
          publishedAt: timeOf(seedDay, album.daysAgo, '16:00'),
        })),
      ),
    ],
    [
      'gallery_photos.csv',
      csvText(
        headerOf(galleryPhotosFile),
        albums.flatMap((album) =>
          album.photos.map((caption, index) => ({
            sourcedId: `${album.id}-${index + 1}`,
            albumSourcedId: album.id,
            image: picturePath(`${album.id}-${index + 1}`),
            position: index + 1,
            caption_en: caption[0],
            caption_ar: caption[1],
          })),
        ),
      ),
    ],
    [
      'ambassadors.csv',
      csvText(
        headerOf(ambassadorsFile),
        ambassadors.map((ambassador) => ({
          sourcedId: ambassador.id,
          classSourcedId: ambassador.classId,
          name_en: ambassador.name[0],
          name_ar: ambassador.name[1],
          parentSourcedId: ambassador.parent ?? '',
          role: ambassador.role,
          email: ambassador.email,
          sinceOn: ambassador.sinceOn,
        })),
      ),
    ],
    ...drawn,
  ]);
  return files;
}

/**
 * After mogra's import: the news notices of the last two weeks count as mailed already (only
 * what happens from now on is mailed); and Sara Al Mansouri's application to represent Layla's class, waiting for the school.
 */
export async function seedDemoNewsActivity(
  db: TDatabase,
  school: TDemoSchool,
  seedDay: string,
): Promise<void> {
  if (school.schoolId !== 'mogra') return;
  const schoolId = school.schoolId;
  await db
    .update(notifications)
    .set({ mailState: 'sent', mailedAt: notifications.createdAt })
    .where(and(eq(notifications.schoolId, schoolId), eq(notifications.kind, 'announcements.news')));
  const child = { schoolId, enrollNumber: MOGRA_APPLICATION.enrollNumber };
  const homeroom = await homeroomOf(db, child, seedDay);
  if (!homeroom) throw new Error(`The demo child ${child.enrollNumber} has no homeroom`);
  await applyAsAmbassador(
    db,
    { schoolId, parentId: MOGRA_APPLICATION.parentId },
    child,
    homeroom,
    MOGRA_APPLICATION.motivation,
  );
}
