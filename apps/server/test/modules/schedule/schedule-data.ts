import type { TBundleProblem, TBundleCounts } from '@portal/contracts/school-data';
import type { TDatabase } from '../../../src/db/client.ts';
import { schoolToday } from '../../../src/access/school.ts';
import type { TFileMode } from '../../../src/kits/bundle-file.ts';
import { readBundle } from '../../../src/modules/school-data/bundle-reader.ts';
import { BUNDLE_FILES } from '../../../src/modules/school-data/files.ts';
import { importBundle } from '../../../src/modules/school-data/import-bundle.ts';
import { manifestText } from '../../../src/modules/school-data/csv-text.ts';
import { buildTestApp, seededDay, signIn, type TTestApp } from '../../helper.ts';

// Putting the schedule family's data in for the tests the way a school does: its files go
// through the import, on top of the roster (staff, subjects, classes, enrolments) that the
// demo bundle's OneRoster files bring.

export type TApplied = { problems: TBundleProblem[]; counts: TBundleCounts };

/**
 * Puts schedule files (file name -> CSV text) of a school in through the import, as a bundle
 * sent to the sync API is: one transaction, nothing applied when a row has a problem.
 */
export async function applyFiles(
  db: TDatabase,
  schoolId: string,
  files: ReadonlyMap<string, string>,
  mode: TFileMode = 'delta',
  today: string = schoolToday('Asia/Dubai'),
): Promise<TApplied> {
  const manifest = manifestText('1.2', Object.fromEntries([...files.keys()].map((file) => [file, mode])));
  const bundle = readBundle(new Map([['manifest.csv', manifest], ...files]), BUNDLE_FILES);
  const report = await importBundle(db, bundle, {
    schoolId,
    keyId: null,
    bytes: new Uint8Array(),
    dryRun: false,
    today,
  });
  return { problems: report.errors, counts: report.counts };
}

/**
 * A test app on the demo data, whose bundles hold the schedule files dated from the seed day
 * (db/seed/demo-schedule.ts), with the demo schools' today and that seed day.
 */
export async function buildScheduleApp(
  options: Parameters<typeof buildTestApp>[0] = {},
): Promise<TScheduleApp> {
  const t = await buildTestApp(options);
  return { ...t, today: schoolToday('Asia/Dubai'), seedDay: await seededDay(t.database.db, 'mogra') };
}

export type TScheduleApp = TTestApp & {
  /** mogra's today (Asia/Dubai) when the app was built: the day the app itself takes as today. */
  today: string;
  /**
   * The day the demo seed took as today, which the demo data is dated from: the day before
   * `today` when the run's seeded template was made before the school's midnight.
   */
  seedDay: string;
};
export type TParentApi = ReturnType<typeof parentApi>;

/** buildScheduleApp, and the parent API as mogra's demo parent (parent@mogra.demo), signed in. */
export async function buildScheduleAppAsMogra(): Promise<{ t: TScheduleApp; mogra: TParentApi }> {
  const t = await buildScheduleApp();
  return { t, mogra: parentApi(t, 'mogra', await signIn(t.app, 'mogra', 'parent@mogra.demo')) };
}

/** Calls of the parent API as one signed-in parent of a school. */
export function parentApi(t: TTestApp, schoolId: string, token: string) {
  const headers = { 'client-id': schoolId, authorization: `Bearer ${token}` };
  return {
    get: (path: string) => t.app.inject({ method: 'GET', url: `/api/v1/ppn${path}`, headers }),
    put: (path: string, payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/ppn${path}`, headers, payload }),
    patch: (path: string, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/v1/ppn${path}`, headers, payload }),
    post: (path: string, payload?: object) =>
      t.app.inject({ method: 'POST', url: `/api/v1/ppn${path}`, headers, ...(payload ? { payload } : {}) }),
  };
}
