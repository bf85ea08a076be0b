// Sends a school-data bundle to the running portal's sync API (docs/school-data.md):
//   npm run import -- --school <id> [--dry-run] [--url URL] [--key KEY] <folder or zip>
// A folder's CSV files are zipped first. Prints the report (each problem by file, row and
// column) and the counts; exits 0 when the bundle was applied (or, in a dry run, is valid)
// and 1 when it was refused or could not be sent. The key comes from --key or SYNC_KEY.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { TBundleReport } from '@portal/contracts/school-data';
import { zipBundle } from '../src/modules/school-data/bundle-zip.ts';

const USAGE = 'usage: npm run import -- --school <id> [--dry-run] [--url URL] [--key KEY] <folder or zip>';

/** A problem the person running the command can fix, told in one line. */
class ImportError extends Error {}

function readArguments() {
  try {
    const { values, positionals } = parseArgs({
      options: {
        school: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        url: { type: 'string' },
        key: { type: 'string' },
      },
      allowPositionals: true,
    });
    const source = positionals[0];
    const key = values.key ?? process.env.SYNC_KEY;
    if (!values.school || !source || positionals.length > 1) throw new ImportError(USAGE);
    if (!key) throw new ImportError('no key: pass --key KEY or set SYNC_KEY (make one with npm run api-key)');
    return {
      school: values.school,
      dryRun: values['dry-run'],
      url: values.url ?? `http://127.0.0.1:${process.env.PORT ?? '3000'}`,
      key,
      source: path.resolve(process.env.INIT_CWD ?? process.cwd(), source),
    };
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw new ImportError(`${(error as Error).message}\n${USAGE}`);
  }
}

/** The zip to send: the file itself, or a folder's CSV files zipped. */
function bundleBytes(source: string): Uint8Array {
  if (!fs.existsSync(source)) throw new ImportError(`${source} does not exist`);
  if (!fs.statSync(source).isDirectory()) return fs.readFileSync(source);
  const names = fs.readdirSync(source).filter((name) => name.toLowerCase().endsWith('.csv'));
  if (names.length === 0) throw new ImportError(`${source} holds no CSV file`);
  return zipBundle(new Map(names.map((name) => [name, fs.readFileSync(path.join(source, name))])));
}

const print = (line = '') => process.stdout.write(`${line}\n`);

function table(rows: string[][]): void {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  for (const row of rows)
    print(
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    );
}

function printReport(report: TBundleReport): void {
  if (report.errorCount > 0) {
    print(`Refused: ${report.errorCount} problem(s); nothing was applied.`);
    print();
    table([
      ['file', 'row', 'column', 'problem'],
      ...report.errors.map((error) => [
        error.file || '(bundle)',
        String(error.row),
        error.column,
        error.message,
      ]),
    ]);
    if (report.errors.length < report.errorCount)
      print(`(the first ${report.errors.length} of ${report.errorCount} are shown)`);
    return;
  }
  print(
    report.dryRun
      ? `Valid (dry run, OneRoster ${report.version}): nothing was applied.`
      : `Applied (OneRoster ${report.version}).`,
  );
  print();
  table([
    ['file', 'added', 'changed', 'removed', 'unchanged'],
    ...Object.entries(report.counts).map(([file, counts]) => [
      file,
      String(counts.added),
      String(counts.changed),
      String(counts.removed),
      String(counts.unchanged),
    ]),
  ]);
  print();
  print(`Import ${report.importId}`);
}

async function main(): Promise<number> {
  const options = readArguments();
  const bytes = bundleBytes(options.source);
  const address = `${options.url.replace(/\/+$/, '')}/api/v1/sis/bundles${options.dryRun ? '?dryRun=1' : ''}`;
  let response: Response;
  try {
    response = await fetch(address, {
      method: 'POST',
      headers: {
        'client-id': options.school,
        authorization: `Bearer ${options.key}`,
        'content-type': 'application/zip',
      },
      body: bytes as Uint8Array<ArrayBuffer>,
    });
  } catch (error) {
    throw new ImportError(
      `cannot reach the portal at ${options.url}: ${(error as Error).cause ?? (error as Error).message}`,
    );
  }
  const body = (await response.json().catch(() => null)) as (TBundleReport & { message?: string }) | null;
  if ((response.status === 200 || response.status === 422) && body && 'counts' in body) {
    printReport(body);
    return body.success ? 0 : 1;
  }
  throw new ImportError(
    `the portal answered ${response.status} ${body?.messageId ?? ''}: ${body?.message ?? 'no explanation'}`,
  );
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`import: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
