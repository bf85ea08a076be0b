import PDFDocument from 'pdfkit';
import type { TBundleCounts, TBundleProblem } from '@portal/contracts/school-data';
import type { TDatabase } from '../../../src/db/client.ts';
import { schoolToday } from '../../../src/access/school.ts';
import { headerOf, type TFileMode } from '../../../src/kits/bundle-file.ts';
import { readBundle } from '../../../src/modules/school-data/bundle-reader.ts';
import { BUNDLE_FILES } from '../../../src/modules/school-data/files.ts';
import { importBundle } from '../../../src/modules/school-data/import-bundle.ts';
import { csvText, manifestText } from '../../../src/modules/school-data/csv-text.ts';
import { examMaterialsFile, policiesFile } from '../../../src/modules/publications/import-policies.ts';

// Putting policies and exam material in for the tests the way a school does: their CSV files
// and the PDFs their rows name, through the import (one transaction, nothing applied when a row
// has a problem), on top of the demo data (db/seed/demo-policies.ts).

export type TApplied = { problems: TBundleProblem[]; counts: TBundleCounts };

/** Puts files (name -> CSV text or PDF bytes) of a school in through the import. */
export async function applyPolicyFiles(
  db: TDatabase,
  schoolId: string,
  files: ReadonlyMap<string, string | Uint8Array>,
  mode: TFileMode = 'delta',
  today: string = schoolToday('Asia/Dubai'),
): Promise<TApplied> {
  const csvFiles = [...files.keys()].filter((file) => file.endsWith('.csv'));
  const manifest = manifestText('1.2', Object.fromEntries(csvFiles.map((file) => [file, mode])));
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

/** policies.csv of these rows (missing columns empty). */
export const policiesCsv = (rows: Record<string, string | undefined>[]) =>
  csvText(headerOf(policiesFile), rows);

/** exam_materials.csv of these rows (missing columns empty). */
export const examMaterialsCsv = (rows: Record<string, string | undefined>[]) =>
  csvText(headerOf(examMaterialsFile), rows);

/** A one-page PDF saying `text`. */
export function testPdf(text: string): Uint8Array {
  const doc = new PDFDocument({ size: 'A4', margin: 56 });
  doc.fontSize(14).text(text);
  doc.end();
  const chunks: Buffer[] = [];
  for (let chunk = doc.read() as Buffer | null; chunk !== null; chunk = doc.read() as Buffer | null)
    chunks.push(chunk);
  return new Uint8Array(Buffer.concat(chunks));
}

/** A time `days` from now, as a bundle writes it. */
export const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
