import type { TAnyBundleFileHandler } from '../../kits/bundle-file.ts';
import { ambassadorsFile } from './ambassador-import.ts';
import { galleryAlbumsFile, galleryPhotosFile } from './gallery-import.ts';
import { newsFile } from './news-import.ts';

/**
 * news.csv, gallery_albums.csv, gallery_photos.csv and ambassadors.csv (docs/school-data.md),
 * with the pictures their rows name. Each names in `after` the files its rows refer to.
 */
export const newsFiles: TAnyBundleFileHandler[] = [
  newsFile,
  galleryAlbumsFile,
  galleryPhotosFile,
  ambassadorsFile,
];
