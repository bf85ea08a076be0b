import type { TBundleCounts } from '@portal/contracts/school-data';
import type { TDatabase } from '../db/client.ts';

// One file of a school-data bundle (docs/school-data.md): how its rows are read and checked
// (in the import worker, without the database) and how they are applied (in the bundle's one
// transaction). OneRoster's files and the portal's own files are all handlers of this shape;
// a family adds its files in `modules/<family>/import.ts`, listed by `modules/school-data`.

/** One problem of one row; `row` counts the header as row 1. */
export type TRowProblem = { row: number; column: string; messageId: string; message: string };

/** A row as read: each column of the header by name (trimmed; '' when empty). */
export type TCsvRecord = Readonly<Record<string, string>>;

/**
 * Files of a bundle other than its CSV files: the PDFs and pictures a row names by file name (a
 * report card's, a news post's). They are not listed in the manifest; a file only reads those
 * its rows name, and checks each by its first bytes.
 */
export const isAttachedFile = (name: string) => /\.(pdf|jpe?g|png|webp)$/i.test(name);

/** The bytes of an attached file of the bundle, by its name; undefined when the bundle lacks it. */
export type TAttachedFiles = (name: string) => Uint8Array | undefined;

/** `active` rows are added or changed; `tobedeleted` rows (delta files) are removed. */
export type TRowStatus = 'active' | 'tobedeleted';

/** A checked row: its value, its status and its row number (for problems found when applying). */
export type TParsedRow<R> = { row: number; status: TRowStatus; value: R };

/** `bulk`: the file holds every row (rows missing from it are removed); `delta`: only changes. */
export type TFileMode = 'bulk' | 'delta';

/** The OneRoster versions a bundle may be written in (`oneroster.version` of its manifest). */
export const ONEROSTER_VERSIONS = ['1.1', '1.2'] as const;
export type TOneRosterVersion = (typeof ONEROSTER_VERSIONS)[number];

export type TApplyContext = {
  schoolId: string;
  mode: TFileMode;
  /** The school's today (its time zone), `YYYY-MM-DD`. */
  today: string;
  /** A dry run: check everything, write nothing (the transaction is rolled back after). */
  dryRun: boolean;
  /** Reports a problem found when applying (an unknown student, a class of another school...). */
  problem: (problem: TRowProblem) => void;
  /** The bundle's OneRoster version. */
  version?: TOneRosterVersion;
  /**
   * What a file leaves for the files applied after it in the same bundle (OneRoster's roles for
   * its users, say), by a name the two agree on.
   */
  shared?: Map<string, unknown>;
};

export type TFileCounts = TBundleCounts[string];

export type TBundleFileHandler<R> = {
  /** The file name in the bundle, e.g. `attendance.csv`. */
  file: string;
  /** Columns the header must hold. */
  columns: readonly string[];
  /** Columns it may hold. */
  optionalColumns?: readonly string[];
  /** Files whose rows this file's rows refer to: they are applied first. */
  after?: readonly string[];
  /** The OneRoster versions whose bundles may hold this file; any version when absent. */
  versions?: readonly TOneRosterVersion[];
  /** The column that names a row (`sourcedId`): a value twice in one file is a problem. */
  keyColumn?: string;
  /**
   * Reads and checks one row; pure (it runs in the import worker). A `tobedeleted` row need
   * only name what it removes.
   */
  parseRow: (
    record: TCsvRecord,
    row: number,
    status: TRowStatus,
    attached: TAttachedFiles,
  ) => { value: R } | { problems: TRowProblem[] };
  /** Writes the file's rows in the bundle's transaction and says what changed. */
  apply: (tx: TDatabase, context: TApplyContext, rows: TParsedRow<R>[]) => Promise<TFileCounts>;
};

/** A handler whose row type is not known to the caller (the list of every file). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TAnyBundleFileHandler = TBundleFileHandler<any>;

/** Every column a file may hold, common ones first: the header a whole file is written with. */
export function headerOf(
  handler: Pick<TBundleFileHandler<unknown>, 'columns' | 'optionalColumns'>,
): string[] {
  const own = [...handler.columns, ...(handler.optionalColumns ?? [])];
  return [...new Set(['sourcedId', 'status', 'dateLastModified', ...own])].filter(
    (column) => column !== 'sourcedId' || own.includes('sourcedId'),
  );
}

/** Work done once a bundle's files are applied, when it held one of the files named. */
export type TBundleStep = {
  when: readonly string[];
  run: (tx: TDatabase, context: TApplyContext) => Promise<void>;
};
