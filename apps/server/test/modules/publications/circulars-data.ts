import { and, eq } from 'drizzle-orm';
import type { TCircular, TCirculars, TCircularRepository } from '@portal/contracts/families/publications';
import type { TBundleCounts, TBundleProblem } from '@portal/contracts/school-data';
import { schoolToday } from '../../../src/access/school.ts';
import { notifications, parents } from '../../../src/db/schema/index.ts';
import { hashPassword } from '../../../src/modules/auth/password.ts';
import { demoSyncKey } from '../../../src/db/seed/seed.ts';
import { headerOf, type TFileMode } from '../../../src/kits/bundle-file.ts';
import { circularNoticeKey } from '../../../src/modules/publications/circular-notices.ts';
import { circularsFile } from '../../../src/modules/publications/import-circulars.ts';
import { readBundle } from '../../../src/modules/school-data/bundle-reader.ts';
import { csvText, manifestText } from '../../../src/modules/school-data/csv-text.ts';
import { BUNDLE_FILES } from '../../../src/modules/school-data/files.ts';
import { importBundle } from '../../../src/modules/school-data/import-bundle.ts';
import { DEMO_PASSWORD, buildTestApp, signIn, type TTestApp } from '../../helper.ts';
import { appendRows, demoFiles, importReport } from '../school-data/bundles.ts';
import { parentApi, type TParentApi } from '../schedule/schedule-data.ts';

// The circulars' tests run on the demo data (db/seed/demo-circulars.ts) and put more in the way
// a school does: circulars.csv (with its PDFs) through the import, and the staff API.

export { parentApi, type TParentApi };

export type TCircularsApp = TTestApp & { today: string; mogra: TParentApi };

/** A test app on the demo data, signed in as mogra's demo parent (Omar 9-A, Layla 6-B, Yousef 2-C). */
export async function buildCircularsApp(): Promise<TCircularsApp> {
  const t = await buildTestApp();
  const mogra = parentApi(t, 'mogra', await signIn(t.app, 'mogra', 'parent@mogra.demo'));
  return { ...t, today: schoolToday('Asia/Dubai'), mogra };
}

/** circulars.csv of these rows (missing columns empty). */
export const circularsCsv = (rows: Record<string, string | undefined>[]) =>
  csvText(headerOf(circularsFile), rows);

/**
 * Puts files of a school (file name -> CSV text or PDF bytes) in through the import, as a bundle
 * sent to the sync API is: one transaction, nothing applied when a row has a problem.
 */
export async function importFiles(
  t: TTestApp,
  schoolId: string,
  files: ReadonlyMap<string, string | Uint8Array>,
  mode: TFileMode = 'delta',
): Promise<{ problems: TBundleProblem[]; counts: TBundleCounts }> {
  const csv = [...files.keys()].filter((file) => file.endsWith('.csv'));
  const manifest = manifestText('1.2', Object.fromEntries(csv.map((file) => [file, mode])));
  const bundle = readBundle(new Map([['manifest.csv', manifest], ...files]), BUNDLE_FILES);
  const report = await importBundle(t.database.db, bundle, {
    schoolId,
    keyId: null,
    bytes: new Uint8Array(),
    dryRun: false,
    today: schoolToday('Asia/Dubai'),
  });
  return { problems: report.errors, counts: report.counts };
}

/** A parent API answer's JSON, checked to be `status`. */
export async function answerOf<T>(
  answer: Promise<{ statusCode: number; body: string; json: () => unknown }>,
  status = 200,
): Promise<T> {
  const response = await answer;
  if (response.statusCode !== status)
    throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
  return response.json() as T;
}

/** Every circular the parent lists (following the pages), with a query. */
export async function allCirculars(api: TParentApi, query = ''): Promise<TCirculars & { all: TCircular[] }> {
  const all: TCircular[] = [];
  let first: TCirculars | null = null;
  let cursor: string | null = null;
  do {
    const page: TCirculars = await answerOf<TCirculars>(
      api.get(`/circulars?pageSize=5${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
    );
    first ??= page;
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return { ...first!, all };
}

/** The circular library's page for a query. */
export const repository = (api: TParentApi, query: string) =>
  answerOf<TCircularRepository>(api.get(`/circular-repository?pageSize=50${query}`));

/** A staff API call of a school, with its demo key (it holds every scope). */
export function staffCall(
  t: TTestApp,
  schoolId: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url: `/api/v1/staff${url}`,
    headers: { 'client-id': schoolId, authorization: `Bearer ${demoSyncKey(schoolId)}` },
    ...(payload ? { payload } : {}),
  });
}

/** The notices a circular gave, per parent. */
export const noticesOf = (t: TTestApp, schoolId: string, circularId: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(
      and(eq(notifications.schoolId, schoolId), eq(notifications.dedupeKey, circularNoticeKey(circularId))),
    );

/** A small real PDF (one page, one line). */
export function tinyPdf(text: string): Uint8Array {
  const stream = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

/**
 * A new family at mogra, the way a school adds one: the demo roster sent again with a parent
 * (MG-P010, huda@mogra.demo) and her son Salem (MG3100) in a new grade 10 A homeroom. Answers
 * the parent API signed in as her.
 */
export async function addGrade10Family(t: TTestApp): Promise<TParentApi> {
  const files = demoFiles('mogra');
  appendRows(files, 'users.csv', [
    {
      sourcedId: 'MG-P010',
      enabledUser: 'true',
      username: 'huda@mogra.demo',
      givenName: 'Huda',
      familyName: 'Saeed',
      email: 'huda@mogra.demo',
      agentSourcedIds: 'stu-MG3100',
    },
    {
      sourcedId: 'stu-MG3100',
      enabledUser: 'true',
      username: 'mg3100',
      givenName: 'Salem',
      familyName: 'Saeed',
      identifier: 'MG3100',
      agentSourcedIds: 'MG-P010',
    },
  ]);
  appendRows(files, 'roles.csv', [
    {
      sourcedId: 'role-MG-P010',
      userSourcedId: 'MG-P010',
      roleType: 'primary',
      role: 'parent',
      orgSourcedId: 'org-mogra',
    },
    {
      sourcedId: 'role-stu-MG3100',
      userSourcedId: 'stu-MG3100',
      roleType: 'primary',
      role: 'student',
      orgSourcedId: 'org-mogra',
    },
  ]);
  appendRows(files, 'classes.csv', [
    {
      sourcedId: 'hr-10-A',
      title: 'Grade 10 A',
      grades: '10',
      classType: 'homeroom',
      schoolSourcedId: 'org-mogra',
      termSourcedIds: 'sy-2026',
      'metadata.sectionCode': 'A',
      'metadata.gradeNameEn': 'Grade 10',
      'metadata.gradeNameAr': 'الصف 10',
      'metadata.sectionNameEn': 'A',
    },
  ]);
  appendRows(files, 'enrollments.csv', [
    {
      sourcedId: 'enr-hr-10-A-MG3100',
      classSourcedId: 'hr-10-A',
      schoolSourcedId: 'org-mogra',
      userSourcedId: 'stu-MG3100',
      role: 'student',
      primary: 'true',
    },
  ]);
  const report = await importReport(t.app, 'mogra', files);
  if (report.errors.length > 0) throw new Error(JSON.stringify(report.errors));
  await t.database.db
    .update(parents)
    .set({ passwordHash: await hashPassword(DEMO_PASSWORD) })
    .where(and(eq(parents.schoolId, 'mogra'), eq(parents.parentId, 'MG-P010')));
  return parentApi(t, 'mogra', await signIn(t.app, 'mogra', 'huda@mogra.demo'));
}
