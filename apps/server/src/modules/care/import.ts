import type { TAnyBundleFileHandler } from '../../kits/bundle-file.ts';
import { careCommentsFile } from './import-comments.ts';
import { medicalProfilesFile } from './import-profiles.ts';
import { careRecordsFile } from './import-records.ts';

/**
 * The care family's own files of a school-data bundle (docs/school-data.md, "The portal's own
 * files"): care records, medical profiles and the school's comments on goals and plans.
 */
export const careFiles: TAnyBundleFileHandler[] = [careRecordsFile, medicalProfilesFile, careCommentsFile];
