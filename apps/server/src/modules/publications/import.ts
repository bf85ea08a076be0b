import type { TAnyBundleFileHandler } from '../../kits/bundle-file.ts';
import { circularFiles } from './import-circulars.ts';
import { newsFiles } from './import-news.ts';
import { policyFiles } from './import-policies.ts';

/**
 * The publications family's own files of a school-data bundle (docs/school-data.md, "The
 * portal's own files"): circulars, policies, exam material, news, albums and class ambassadors.
 */
export const publicationBundleFiles: TAnyBundleFileHandler[] = [
  ...circularFiles,
  ...policyFiles,
  ...newsFiles,
];
