import type { TBundleCounts, TBundleProblem } from '@portal/contracts/school-data';
import type { TDatabase } from '../../db/client.ts';
import type { TAnyBundleFileHandler, TOneRosterVersion } from '../../kits/bundle-file.ts';
import { handlerOf, type TReadBundle, type TReadFile } from './bundle-reader.ts';
import type { TBundleStep } from '../../kits/bundle-file.ts';
import { problemList } from './problems.ts';

// Applying a read bundle (docs/school-data.md), on the main thread, in the transaction the
// caller opened: each file after the files it refers to, each in a few statements. When a
// file has problems the files after it are not applied (their problems would follow from its).

export type TApplyOptions = {
  schoolId: string;
  /** The school's today, YYYY-MM-DD. */
  today: string;
  dryRun: boolean;
  handlers: readonly TAnyBundleFileHandler[];
  steps: readonly TBundleStep[];
};

export type TApplied = { counts: TBundleCounts; problems: TBundleProblem[]; problemCount: number };

/** The files in an order where each comes after the files it names in `after` (else as listed). */
export function applyOrder(
  files: readonly TReadFile[],
  handlers: readonly TAnyBundleFileHandler[],
  version: TOneRosterVersion,
): TReadFile[] {
  const present = new Map(files.map((file) => [file.file, file]));
  const rank = (file: string) => handlers.findIndex((handler) => handler.file === file);
  const ordered: TReadFile[] = [];
  const visiting = new Set<string>();
  const visit = (file: TReadFile) => {
    if (ordered.includes(file) || visiting.has(file.file)) return;
    visiting.add(file.file);
    for (const before of handlerOf(handlers, file.file, version)?.after ?? []) {
      const earlier = present.get(before);
      if (earlier) visit(earlier);
    }
    ordered.push(file);
  };
  for (const file of [...files].sort((a, b) => rank(a.file) - rank(b.file))) visit(file);
  return ordered;
}

export async function applyBundle(
  tx: TDatabase,
  bundle: TReadBundle,
  options: TApplyOptions,
): Promise<TApplied> {
  const problems = problemList();
  const counts: TBundleCounts = {};
  const shared = new Map<string, unknown>();
  const applied = new Set<string>();
  for (const file of applyOrder(bundle.files, options.handlers, bundle.version)) {
    const handler = handlerOf(options.handlers, file.file, bundle.version);
    if (!handler) continue;
    counts[file.file] = await handler.apply(
      tx,
      {
        schoolId: options.schoolId,
        mode: file.mode,
        today: options.today,
        dryRun: options.dryRun,
        version: bundle.version,
        shared,
        problem: (problem) => problems.addRow(file.file, problem),
      },
      file.rows,
    );
    applied.add(file.file);
    if (problems.count() > 0) break;
  }
  if (problems.count() === 0) {
    const context = {
      schoolId: options.schoolId,
      mode: 'delta' as const,
      today: options.today,
      dryRun: options.dryRun,
      version: bundle.version,
      shared,
      problem: (problem: Parameters<typeof problems.addRow>[1]) => problems.addRow('', problem),
    };
    for (const step of options.steps) {
      if (step.when.some((file) => applied.has(file))) await step.run(tx, context);
    }
  }
  return { counts, problems: problems.kept, problemCount: problems.count() };
}
