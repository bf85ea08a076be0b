import { MessageId } from '@portal/contracts/messages';
import type { TCsvRecord, TRowProblem } from './bundle-file.ts';

// Reading the values of one row of a bundle file (docs/school-data.md): each reader checks its
// column and records a problem naming the row and the column, so a handler's parseRow reads
// every column first and then answers its value or all of its problems.

/** The longest value a column may hold. */
export const MAX_FIELD_LENGTH = 4000;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written `YYYY-MM-DD`. */
export function isDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

type TOptions = { required?: boolean };

export type TRowReader = {
  readonly problems: TRowProblem[];
  /** Records a problem of this row. */
  problem: (column: string, message: string) => void;
  /** True when the file's header has the column. */
  has: (column: string) => boolean;
  /** The text of a column ('' when empty or absent); a problem when required and empty. */
  text: (column: string, options?: TOptions) => string;
  /** The text of an extension column, or undefined when the header lacks it (the stored value is kept). */
  extension: (column: string) => string | undefined;
  /** One of the allowed values; null when empty and not required. */
  oneOf: <T extends string>(column: string, allowed: readonly T[], options?: TOptions) => T | null;
  /** A day `YYYY-MM-DD`; null when empty and not required. */
  day: (column: string, options?: TOptions) => string | null;
  /** A number; null when empty and not required. */
  number: (column: string, options?: TOptions) => number | null;
  /** `true` or `false` (any case); `fallback` when empty. */
  boolean: (column: string, fallback: boolean) => boolean;
  /** A comma-separated list, each item trimmed, empty items left out. */
  list: (column: string, options?: TOptions) => string[];
};

/** A reader of one row; `row` counts the header as row 1. */
export function rowReader(record: TCsvRecord, row: number): TRowReader {
  const problems: TRowProblem[] = [];
  const problem = (column: string, message: string) =>
    problems.push({ row, column, messageId: MessageId.importRowsInvalid, message });

  const text = (column: string, options: TOptions = {}) => {
    const value = record[column] ?? '';
    if (value.length > MAX_FIELD_LENGTH) {
      problem(column, `longer than ${MAX_FIELD_LENGTH} characters`);
      return '';
    }
    if (options.required && value === '') problem(column, 'required, but empty');
    return value;
  };

  return {
    problems,
    problem,
    has: (column) => Object.hasOwn(record, column),
    text,
    extension: (column) => (Object.hasOwn(record, column) ? text(column) : undefined),
    oneOf: <T extends string>(column: string, allowed: readonly T[], options: TOptions = {}) => {
      const value = text(column, options);
      if (value === '') return null;
      if (!(allowed as readonly string[]).includes(value)) {
        problem(column, `"${value}" is not one of: ${allowed.join(', ')}`);
        return null;
      }
      return value as T;
    },
    day: (column, options = {}) => {
      const value = text(column, options);
      if (value === '') return null;
      // Some systems write a date with a time (2026-08-24T00:00:00Z): the day is kept.
      const day = value.length > 10 && value[10] === 'T' ? value.slice(0, 10) : value;
      if (!isDay(day)) {
        problem(column, `"${value}" is not a date written YYYY-MM-DD`);
        return null;
      }
      return day;
    },
    number: (column, options = {}) => {
      const value = text(column, options);
      if (value === '') return null;
      const number = Number(value);
      if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(value) || !Number.isFinite(number)) {
        problem(column, `"${value}" is not a number`);
        return null;
      }
      return number;
    },
    boolean: (column, fallback) => {
      const value = text(column).toLowerCase();
      if (value === '') return fallback;
      if (value !== 'true' && value !== 'false') {
        problem(column, `"${record[column]}" is neither true nor false`);
        return fallback;
      }
      return value === 'true';
    },
    list: (column, options = {}) => {
      const value = text(column, options);
      return value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '');
    },
  };
}
