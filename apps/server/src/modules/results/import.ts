import type { TAnyBundleFileHandler } from '../../kits/bundle-file.ts';
import { assessmentReleasesFile } from './import-releases.ts';
import { reportCardsFile } from './import-report-cards.ts';

/**
 * The results family's own files of a school-data bundle (docs/school-data.md, "The portal's
 * own files"): the release times of line items' results, and the report cards.
 */
export const resultsFiles: TAnyBundleFileHandler[] = [assessmentReleasesFile, reportCardsFile];
