import type { FastifyInstance } from 'fastify';
import { and, eq, type sql } from 'drizzle-orm';
import type { TBundleReport } from '@portal/contracts/school-data';
import type { TDatabaseHandle } from '../../../src/db/client.ts';
import { apiKeys, parentStudents, type TApiKeyScope } from '../../../src/db/schema/index.ts';
import { demoBundleFiles } from '../../../src/db/seed/demo-bundle.ts';
import { DEMO_SCHOOLS } from '../../../src/db/seed/demo-schools.ts';
import { demoSyncKey } from '../../../src/db/seed/seed.ts';
import { zipBundle } from '../../../src/modules/school-data/bundle-zip.ts';
import { csvText, manifestText } from '../../../src/modules/school-data/csv-text.ts';
import { hashApiKey } from '../../../src/plugins/api-key.ts';

// Bundles for the sync API's tests: the demo schools' own bundles, changed a little, or small
// delta bundles of a few rows.

export type TFiles = Map<string, string | Uint8Array>;

/** The bundle the demo seed imported for a demo school (its files, to change). */
export function demoFiles(schoolId: string): TFiles {
  const school = DEMO_SCHOOLS.find((candidate) => candidate.schoolId === schoolId);
  if (!school) throw new Error(`no demo school ${schoolId}`);
  return demoBundleFiles(school);
}

/** A CSV file of the bundle as text ('' when the bundle has none). */
export function csvOf(files: TFiles, file: string): string {
  const content = files.get(file);
  return typeof content === 'string' ? content : '';
}

/** Appends rows to a CSV file of the bundle (values in the file's header order). */
export function appendRows(files: TFiles, file: string, rows: Record<string, string>[]): void {
  const text = files.get(file);
  if (typeof text !== 'string') throw new Error(`the bundle has no ${file}`);
  const header = (text.split('\r\n')[0] ?? '').split(',');
  const added = csvText(header, rows).split('\r\n').slice(1).join('\r\n');
  files.set(file, text + added);
}

/** A delta bundle: these files marked delta, every other OneRoster file absent. */
export function deltaBundle(
  version: '1.1' | '1.2',
  files: Record<string, { columns: string[]; rows: Record<string, string>[] }>,
): TFiles {
  const bundle: TFiles = new Map();
  bundle.set(
    'manifest.csv',
    manifestText(version, Object.fromEntries(Object.keys(files).map((file) => [file, 'delta' as const]))),
  );
  for (const [file, { columns, rows }] of Object.entries(files)) bundle.set(file, csvText(columns, rows));
  return bundle;
}

export type TPost = { key?: string | null; dryRun?: boolean; contentType?: string; clientId?: string };

/** POST /api/v1/sis/bundles with the school's demo key (unless another is given). */
export function postBundle(
  app: FastifyInstance,
  schoolId: string,
  bundle: TFiles | Uint8Array,
  options: TPost = {},
) {
  const key = options.key === undefined ? demoSyncKey(schoolId) : options.key;
  return app.inject({
    method: 'POST',
    url: `/api/v1/sis/bundles${options.dryRun ? '?dryRun=1' : ''}`,
    headers: {
      'client-id': options.clientId ?? schoolId,
      'content-type': options.contentType ?? 'application/zip',
      ...(key === null ? {} : { authorization: `Bearer ${key}` }),
    },
    payload: Buffer.from(bundle instanceof Map ? zipBundle(bundle) : bundle),
  });
}

/** Posts a bundle and answers its report, failing the test on any other answer than `status`. */
export async function importReport(
  app: FastifyInstance,
  schoolId: string,
  bundle: TFiles,
  options: TPost & { status?: number } = {},
): Promise<TBundleReport> {
  const response = await postBundle(app, schoolId, bundle, options);
  if (response.statusCode !== (options.status ?? 200)) {
    throw new Error(`expected ${options.status ?? 200}, got ${response.statusCode}: ${response.body}`);
  }
  return response.json() as TBundleReport;
}

/** A key of the school with these scopes, stored as the api-key command stores one. */
export async function addKey(
  database: TDatabaseHandle,
  schoolId: string,
  key: string,
  scopes: TApiKeyScope[],
) {
  const [made] = await database.db
    .insert(apiKeys)
    .values({ schoolId, label: 'test', keyHash: hashApiKey(key), scopes })
    .returning({ keyId: apiKeys.keyId });
  return made?.keyId ?? '';
}

/** The enrolment numbers a parent sees, in order. */
export async function childrenOf(
  database: TDatabaseHandle,
  schoolId: string,
  parentId: string,
): Promise<string[]> {
  const rows = await database.db
    .select({ enrollNumber: parentStudents.enrollNumber })
    .from(parentStudents)
    .where(and(eq(parentStudents.schoolId, schoolId), eq(parentStudents.parentId, parentId)))
    .orderBy(parentStudents.position);
  return rows.map((row) => row.enrollNumber);
}

/** Rows of a query, whichever database runs it. */
export async function rowsOf<T>(database: TDatabaseHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every count of a report that is not `unchanged`, summed: 0 when the bundle changed nothing. */
export const changesOf = (report: TBundleReport) =>
  Object.values(report.counts).reduce(
    (sum, counts) => sum + counts.added + counts.changed + counts.removed,
    0,
  );
