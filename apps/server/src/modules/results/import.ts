import type { TAnyBundleFileHandler } from '../../kits/bundle-file.ts';

/** The results family's own files of a school-data bundle (docs/school-data.md, "The portal's own files"). */
export const resultsFiles: TAnyBundleFileHandler[] = [];
