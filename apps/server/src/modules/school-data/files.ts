import type { TAnyBundleFileHandler, TBundleStep } from '../../kits/bundle-file.ts';
import { careFiles } from '../care/import.ts';
import { linkBundleFiles } from '../links/import.ts';
import { profileBundleFiles } from '../profile/profile-import.ts';
import { transportBundleFiles } from '../profile/transport-import.ts';
import { kycTypesFile } from '../profile/kyc-import.ts';
import { publicationBundleFiles } from '../publications/import.ts';
import { resultsFiles } from '../results/import.ts';
import { scheduleFiles } from '../schedule/import.ts';
import { surveyBundleFiles } from '../surveys/import.ts';
import { tripBundleFiles } from '../trips/import.ts';
import { appointmentBundleFiles } from '../appointments/import.ts';
import { academicSessionsFile } from './oneroster/academic-sessions.ts';
import { categoriesFile } from './oneroster/categories.ts';
import { classesFile } from './oneroster/classes.ts';
import { coursesFile } from './oneroster/courses.ts';
import { demographicsFile } from './oneroster/demographics.ts';
import { enrollmentsFile } from './oneroster/enrollments.ts';
import { homeroomsStep } from './oneroster/homerooms.ts';
import { surveyNoticesStep } from '../surveys/survey-notices.ts';
import { tripNoticesStep } from '../trips/trip-notices.ts';
import { lineItemsFile } from './oneroster/line-items.ts';
import { orgsFile } from './oneroster/orgs.ts';
import { resultsFile } from './oneroster/results.ts';
import { rolesFile } from './oneroster/roles.ts';
import { scoreScalesFile } from './oneroster/score-scales.ts';
import { usersFile11, usersFile12 } from './oneroster/users.ts';

// The one list of the files a school-data bundle may hold (docs/school-data.md): OneRoster's,
// then each family's own (`modules/<family>/import.ts`). A file is applied after the files it
// names in `after`, else in this order.

export const BUNDLE_FILES: readonly TAnyBundleFileHandler[] = [
  orgsFile,
  academicSessionsFile,
  rolesFile,
  usersFile11,
  usersFile12,
  demographicsFile,
  coursesFile,
  classesFile,
  enrollmentsFile,
  categoriesFile,
  scoreScalesFile,
  lineItemsFile,
  resultsFile,
  ...scheduleFiles,
  ...resultsFiles,
  ...careFiles,
  ...publicationBundleFiles,
  ...surveyBundleFiles,
  ...tripBundleFiles,
  ...appointmentBundleFiles,
  ...linkBundleFiles,
  ...transportBundleFiles,
  ...profileBundleFiles,
  kycTypesFile,
];

// Notices that need the settled roster come after the homerooms.
export const BUNDLE_STEPS: readonly TBundleStep[] = [homeroomsStep, tripNoticesStep, surveyNoticesStep];
