import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { MessageId } from '@portal/contracts/messages';
import type { TBundleReport } from '@portal/contracts/school-data';
import type { TDatabase } from '../../db/client.ts';
import { schoolDataImports } from '../../db/schema/index.ts';
import { applyBundle, type TApplied } from './apply-bundle.ts';
import { readBundle, type TReadBundle } from './bundle-reader.ts';
import { BUNDLE_FILES, BUNDLE_STEPS } from './files.ts';
import { importRunning } from './import-queue.ts';
import { bundleProblem } from './problems.ts';

// One import, from a read bundle to its report (docs/school-data.md): applied in one
// transaction, which is rolled back when any row has a problem or the import is a dry run;
// every import is recorded in school_data_imports.

export type TImportRequest = {
  schoolId: string;
  keyId: string | null;
  /** The zip as received (its hash is recorded). */
  bytes: Uint8Array;
  dryRun: boolean;
  /** The school's today, YYYY-MM-DD. */
  today: string;
};

/** Ends the transaction without keeping anything: a refused bundle or a dry run. */
class Rollback extends Error {
  readonly applied: TApplied;
  constructor(applied: TApplied) {
    super('rolled back');
    this.applied = applied;
  }
}

/** A key for the school's PostgreSQL advisory lock: one import of a school at a time, across servers. */
const LOCK_NAMESPACE = 7_263_582;

/** A constraint the rows broke after all (a safety net: the handlers check before writing). */
const isConstraintViolation = (error: unknown) =>
  error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('23');

/** Applies the bundle in the transaction; answers what it did, or would do, or why not. */
async function applyIn(tx: TDatabase, bundle: TReadBundle, request: TImportRequest): Promise<TApplied> {
  return applyBundle(tx, bundle, {
    schoolId: request.schoolId,
    today: request.today,
    dryRun: request.dryRun,
    handlers: BUNDLE_FILES,
    steps: BUNDLE_STEPS,
  });
}

async function applyInTransaction(
  db: TDatabase,
  bundle: TReadBundle,
  request: TImportRequest,
): Promise<TApplied> {
  try {
    return await db.transaction(async (tx) => {
      const [lock] = (
        (await tx.execute(
          sql`select pg_try_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${request.schoolId})) as locked`,
        )) as unknown as { rows: { locked: boolean }[] }
      ).rows;
      if (!lock?.locked) throw importRunning();
      const applied = await applyIn(tx as unknown as TDatabase, bundle, request);
      if (applied.problemCount > 0 || request.dryRun) throw new Rollback(applied);
      return applied;
    });
  } catch (error) {
    if (error instanceof Rollback) return error.applied;
    if (!isConstraintViolation(error)) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    return {
      counts: {},
      problems: [bundleProblem('', `the database refused the rows: ${detail}`)],
      problemCount: 1,
    };
  }
}

function reportOf(importId: string, bundle: TReadBundle, applied: TApplied, dryRun: boolean): TBundleReport {
  const ok = applied.problemCount === 0;
  return {
    success: ok,
    messageId: ok ? MessageId.ok : MessageId.importRowsInvalid,
    importId,
    applied: ok && !dryRun,
    dryRun,
    version: bundle.version,
    counts: applied.counts,
    errors: applied.problems,
    errorCount: applied.problemCount,
  };
}

async function record(db: TDatabase, request: TImportRequest, report: TBundleReport, startedAt: Date) {
  await db.insert(schoolDataImports).values({
    importId: report.importId,
    schoolId: request.schoolId,
    keyId: request.keyId,
    outcome: report.success ? (report.applied ? 'applied' : 'checked') : 'refused',
    dryRun: request.dryRun ? '1' : '0',
    bundleHash: createHash('sha256').update(request.bytes).digest('hex'),
    counts: report.counts,
    errors: report.errors,
    startedAt,
    finishedAt: sql`now()`,
  });
}

/** Applies a bundle read by the import pool (the sync API); records it and answers its report. */
export async function importBundle(
  db: TDatabase,
  bundle: TReadBundle,
  request: TImportRequest,
): Promise<TBundleReport> {
  const startedAt = new Date();
  const applied: TApplied =
    bundle.problemCount > 0
      ? { counts: {}, problems: bundle.problems, problemCount: bundle.problemCount }
      : await applyInTransaction(db, bundle, request);
  const report = reportOf(randomUUID(), bundle, applied, request.dryRun);
  await record(db, request, report, startedAt);
  return report;
}

/**
 * Reads and applies a bundle's files in a transaction already open (the demo seed, which puts
 * the demo schools in through the same files as a school's system). Throws on any problem.
 */
export async function importFilesIn(
  tx: TDatabase,
  files: ReadonlyMap<string, string | Uint8Array>,
  request: Omit<TImportRequest, 'bytes' | 'dryRun' | 'keyId'>,
): Promise<TBundleReport> {
  const startedAt = new Date();
  const bytes = Buffer.concat(
    [...files].flatMap(([name, content]) => [
      Buffer.from(`${name}\n`),
      Buffer.from(content),
      Buffer.from('\n'),
    ]),
  );
  const full = { ...request, bytes, dryRun: false, keyId: null };
  const bundle = readBundle(files, BUNDLE_FILES);
  const applied =
    bundle.problemCount > 0
      ? { counts: {}, problems: bundle.problems, problemCount: bundle.problemCount }
      : await applyIn(tx, bundle, full);
  const report = reportOf(randomUUID(), bundle, applied, false);
  if (!report.success) {
    const first = report.errors
      .slice(0, 5)
      .map((error) => `${error.file} row ${error.row} ${error.column}: ${error.message}`);
    throw new Error(`the bundle of ${request.schoolId} was refused: ${first.join('; ')}`);
  }
  await record(tx, full, report, startedAt);
  return report;
}
