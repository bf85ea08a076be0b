import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import {
  careRecords,
  staff,
  students,
  type TCareTargetRow,
  type TMedicalItemRow,
} from '../../db/schema/index.ts';
import { batchesOf } from '../../kits/bundle-apply.ts';
import { isDay, type TRowReader } from '../../kits/bundle-fields.ts';

// Values of the care family's own files (docs/school-data.md, "care_records.csv" and after):
// the common columns, titles, publication times, https links, and the small lists a cell
// holds (a plan's targets, a profile's allergies): items apart with `;`, fields with `|`.

/** The columns every file of the portal starts with; `status` and `dateLastModified` may be empty. */
export const COMMON_COLUMNS = ['status', 'dateLastModified'] as const;

/** The longest title a school may give. */
export const MAX_TITLE_LENGTH = 200;

/** The longest web address a row may give. */
export const MAX_LINK_LENGTH = 2000;

/** The most items a list cell holds (targets, allergies...). */
export const MAX_LIST_ITEMS = 20;

const INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** A title, at most MAX_TITLE_LENGTH characters. */
export function titleOf(read: TRowReader, column: string, options: { required?: boolean } = {}): string {
  const value = read.text(column, options).trim();
  if (value.length > MAX_TITLE_LENGTH) read.problem(column, `longer than ${MAX_TITLE_LENGTH} characters`);
  return value;
}

/**
 * A time: ISO 8601 with its offset (`2026-11-20T08:00:00+04:00`), or a day alone (midnight
 * UTC); null when empty.
 */
export function instantOf(
  read: TRowReader,
  column: string,
  options: { required?: boolean } = {},
): Date | null {
  const value = read.text(column, options);
  if (value === '') return null;
  const at = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (!INSTANT.test(value) || Number.isNaN(at.getTime())) {
    read.problem(column, `"${value}" is not a time written like 2026-11-20T08:00:00+04:00`);
    return null;
  }
  return at;
}

/** A web address: https only (a page opened from the portal must not downgrade it). */
export function httpsLinkOf(read: TRowReader, column: string): string | null {
  const value = read.text(column).trim();
  if (value === '') return null;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  if (!url || url.protocol !== 'https:' || url.hostname === '' || value.length > MAX_LINK_LENGTH) {
    read.problem(column, `"${value.slice(0, 100)}" is not an https address`);
    return null;
  }
  return value;
}

/** The items of a list cell, each split in its fields; a problem when there are too many. */
function listItems(read: TRowReader, column: string): string[][] {
  const items = read
    .text(column)
    .split(';')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length > MAX_LIST_ITEMS) read.problem(column, `more than ${MAX_LIST_ITEMS} items`);
  return items.slice(0, MAX_LIST_ITEMS).map((item) => item.split('|').map((field) => field.trim()));
}

const TARGET_STATUSES = ['notStarted', 'inProgress', 'met'] as const;

/** Targets written `title|titleAr|status|dueOn;...` (status `notStarted` when empty, dueOn may be empty). */
export function targetsOf(read: TRowReader, column: string): TCareTargetRow[] {
  return listItems(read, column).flatMap(([titleEn = '', titleAr = '', status = '', dueOn = ''], index) => {
    const which = `target ${index + 1}`;
    const known = status === '' ? 'notStarted' : TARGET_STATUSES.find((value) => value === status);
    if (titleEn === '') read.problem(column, `${which} has no title`);
    if (!known) read.problem(column, `${which}: "${status}" is not one of: ${TARGET_STATUSES.join(', ')}`);
    if (dueOn !== '' && !isDay(dueOn))
      read.problem(column, `${which}: "${dueOn}" is not a date written YYYY-MM-DD`);
    if (titleEn.length > MAX_TITLE_LENGTH || titleAr.length > MAX_TITLE_LENGTH)
      read.problem(column, `${which}: a title is longer than ${MAX_TITLE_LENGTH} characters`);
    return known ? [{ titleEn, titleAr, status: known, dueOn: dueOn === '' ? null : dueOn }] : [];
  });
}

/** Medical items written `name|nameAr|note|noteAr;...` (only the name is required). */
export function medicalItemsOf(read: TRowReader, column: string): TMedicalItemRow[] {
  return listItems(read, column).map(([nameEn = '', nameAr = '', noteEn = '', noteAr = ''], index) => {
    if (nameEn === '') read.problem(column, `item ${index + 1} has no name`);
    return { nameEn, nameAr, noteEn, noteAr };
  });
}

/** Of these ids, those the school has: its children, its staff or its care records of some kinds. */
export async function knownIds(
  tx: TDatabase,
  schoolId: string,
  what: { kind: 'child' } | { kind: 'staff' } | { kind: 'record'; recordKinds: readonly string[] },
  ids: readonly string[],
): Promise<Set<string>> {
  const known = new Set<string>();
  for (const batch of batchesOf([...new Set(ids)], 1)) {
    const rows =
      what.kind === 'child'
        ? await tx
            .select({ id: students.enrollNumber })
            .from(students)
            .where(and(eq(students.schoolId, schoolId), inArray(students.enrollNumber, batch)))
        : what.kind === 'staff'
          ? await tx
              .select({ id: staff.staffId })
              .from(staff)
              .where(
                and(eq(staff.schoolId, schoolId), inArray(staff.staffId, batch), isNull(staff.removedAt)),
              )
          : await tx
              .select({ id: careRecords.recordId })
              .from(careRecords)
              .where(
                and(
                  eq(careRecords.schoolId, schoolId),
                  inArray(careRecords.recordId, batch),
                  inArray(careRecords.kind, [...what.recordKinds]),
                  isNull(careRecords.removedAt),
                ),
              );
    for (const row of rows) known.add(row.id);
  }
  return known;
}
