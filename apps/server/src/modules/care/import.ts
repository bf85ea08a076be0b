import type { TAnyBundleFileHandler } from '../../kits/bundle-file.ts';

/** The care family's own files of a school-data bundle (docs/school-data.md, "The portal's own files"). */
export const careFiles: TAnyBundleFileHandler[] = [];
