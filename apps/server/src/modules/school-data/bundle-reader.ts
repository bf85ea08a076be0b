import { parse } from 'csv-parse/sync';
import type { TBundleProblem } from '@portal/contracts/school-data';
import {
  isAttachedFile,
  ONEROSTER_VERSIONS,
  type TAnyBundleFileHandler,
  type TAttachedFiles,
  type TFileMode,
  type TOneRosterVersion,
  type TParsedRow,
  type TRowStatus,
} from '../../kits/bundle-file.ts';
import { readManifest } from './manifest.ts';
import { bundleProblem, problemList, type TProblemList } from './problems.ts';

// Reading a bundle (docs/school-data.md): the manifest says which files it holds and how
// (bulk or delta); each file's header is checked and each row read by its file's handler.
// Pure: it runs in the import worker, without the database.

/** Rows of all the files of one bundle together. */
export const MAX_BUNDLE_ROWS = 1_500_000;

/** The columns every file may hold besides its own (OneRoster's status and change time). */
const COMMON_COLUMNS = ['status', 'dateLastModified'];

export type TReadFile = { file: string; mode: TFileMode; rows: TParsedRow<unknown>[] };

export type TReadBundle = {
  /** The manifest's OneRoster version (`1.2` when the manifest could not say). */
  version: TOneRosterVersion;
  /** The files to apply, each with its checked rows. */
  files: TReadFile[];
  /** The first problems found, and how many there were in all. */
  problems: TBundleProblem[];
  problemCount: number;
};

/** The handler that reads this file in bundles of this version. */
export function handlerOf(
  handlers: readonly TAnyBundleFileHandler[],
  file: string,
  version: TOneRosterVersion,
): TAnyBundleFileHandler | undefined {
  return handlers.find(
    (handler) => handler.file === file && (handler.versions ?? ONEROSTER_VERSIONS).includes(version),
  );
}

/** Reads every file of a bundle (file name to its bytes or text) with the handlers. */
export function readBundle(
  input: ReadonlyMap<string, Uint8Array | string>,
  handlers: readonly TAnyBundleFileHandler[],
): TReadBundle {
  const problems = problemList();
  const manifest = readManifest(input, handlers, problems);
  const files: TReadFile[] = [];
  const attached: TAttachedFiles = (name) => {
    const content = isAttachedFile(name) ? input.get(name) : undefined;
    return typeof content === 'string' ? new TextEncoder().encode(content) : content;
  };
  let rowsLeft = MAX_BUNDLE_ROWS;
  for (const { file, mode } of manifest.files) {
    const handler = handlerOf(handlers, file, manifest.version);
    const content = input.get(file);
    if (!handler || content === undefined) continue;
    const read = readFile(handler, mode, content, problems, rowsLeft, attached);
    rowsLeft -= read.rows.length;
    files.push(read);
  }
  return { version: manifest.version, files, problems: problems.kept, problemCount: problems.count() };
}

function decode(file: string, content: Uint8Array | string, problems: TProblemList): string | null {
  if (typeof content === 'string') return content;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    problems.add(bundleProblem(file, 'not UTF-8 text: save the file as CSV UTF-8'));
    return null;
  }
}

/** The file's records, each a list of trimmed values, or null when it is not valid CSV. */
function parseCsv(file: string, text: string, problems: TProblemList): string[][] | null {
  try {
    const records = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as string[][];
    return records.map((values) => values.map((value) => value.trim()));
  } catch (error) {
    const where = error && typeof error === 'object' && 'records' in error ? Number(error.records) + 1 : 0;
    const message = error instanceof Error ? error.message : String(error);
    problems.add(bundleProblem(file, `not valid CSV: ${message}`, where + 1));
    return null;
  }
}

function checkHeader(handler: TAnyBundleFileHandler, header: string[], problems: TProblemList): boolean {
  const file = handler.file;
  const known = new Set([...handler.columns, ...(handler.optionalColumns ?? []), ...COMMON_COLUMNS]);
  let valid = true;
  header.forEach((column, index) => {
    if (header.indexOf(column) !== index) {
      problems.add(bundleProblem(file, 'this column appears twice in the header', 1, column));
      valid = false;
    } else if (!known.has(column) && !column.startsWith('metadata.')) {
      problems.add(bundleProblem(file, 'not a column of this file (check its spelling)', 1, column));
      valid = false;
    }
  });
  for (const column of handler.columns) {
    if (!header.includes(column)) {
      problems.add(bundleProblem(file, 'the header lacks this column', 1, column));
      valid = false;
    }
  }
  return valid;
}

function statusOf(value: string | undefined, mode: TFileMode): TRowStatus | string {
  if (value === undefined || value === '' || value === 'active') return 'active';
  if (value === 'tobedeleted')
    return mode === 'delta'
      ? 'tobedeleted'
      : 'rows of a bulk file are never tobedeleted: mark the file delta';
  return `"${value}" is neither active nor tobedeleted`;
}

function readFile(
  handler: TAnyBundleFileHandler,
  mode: TFileMode,
  content: Uint8Array | string,
  problems: TProblemList,
  rowsLeft: number,
  attached: TAttachedFiles,
): TReadFile {
  const file = handler.file;
  const read: TReadFile = { file, mode, rows: [] };
  const text = decode(file, content, problems);
  const records = text === null ? null : parseCsv(file, text, problems);
  const header = records?.[0];
  if (!records || !header) {
    if (records) problems.add(bundleProblem(file, 'the file is empty: it needs at least its header', 1));
    return read;
  }
  if (!checkHeader(handler, header, problems)) return read;
  if (records.length - 1 > rowsLeft) {
    problems.add(bundleProblem(file, `the bundle holds more than ${MAX_BUNDLE_ROWS} rows`));
    return read;
  }
  const keys = new Set<string>();
  for (let index = 1; index < records.length; index++) {
    const values = records[index] ?? [];
    const row = index + 1;
    if (values.length !== header.length) {
      problems.add(
        bundleProblem(file, `the row has ${values.length} values; the header has ${header.length}`, row),
      );
      continue;
    }
    const record: Record<string, string> = {};
    header.forEach((column, at) => (record[column] = values[at] ?? ''));
    const status = statusOf(record.status, mode);
    if (status !== 'active' && status !== 'tobedeleted') {
      problems.add(bundleProblem(file, status, row, 'status'));
      continue;
    }
    if (handler.keyColumn) {
      const key = record[handler.keyColumn] ?? '';
      if (key !== '' && keys.has(key)) {
        problems.add(bundleProblem(file, `"${key}" is in the file twice`, row, handler.keyColumn));
        continue;
      }
      keys.add(key);
    }
    const parsed = handler.parseRow(record, row, status, attached);
    if ('problems' in parsed) for (const problem of parsed.problems) problems.addRow(file, problem);
    else read.rows.push({ row, status, value: parsed.value });
  }
  return read;
}
