import type { TCareTargetRow, TMedicalItemRow } from '../../db/schema/index.ts';
import { isDay, type TRowReader } from '../../kits/bundle-fields.ts';
import { MAX_TITLE_LENGTH } from '../../kits/portal-columns.ts';

// Values only the care family's files hold (docs/school-data.md, "care_records.csv" and after;
// titles, times and links are read by kits/portal-columns.ts): the small lists a cell holds (a
// plan's targets, a profile's allergies), items apart with `;`, fields with `|`.

/** The most items a list cell holds (targets, allergies...). */
export const MAX_LIST_ITEMS = 20;

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
