import type { TCareRecord, TCareRecords } from '@portal/contracts/families/care';
import { headerOf } from '../../../src/kits/bundle-file.ts';
import { careRecordsFile } from '../../../src/modules/care/import-records.ts';
import { csvText } from '../../../src/modules/school-data/csv-text.ts';
import {
  applyFiles,
  buildScheduleAppAsMogra,
  parentApi,
  type TParentApi,
} from '../schedule/schedule-data.ts';

// The care family's tests run on the demo data (db/seed/demo-care.ts) and put more in the way a
// school does: care files through the import (the schedule tests' helpers do the same).

export { applyFiles, parentApi, type TParentApi };

/** A test app on the demo data, signed in as mogra's demo parent (Omar, Layla, Yousef). */
export const buildCareApp = buildScheduleAppAsMogra;

/** care_records.csv of these rows (missing columns empty). */
export const careRecordsCsv = (rows: Record<string, string | undefined>[]) =>
  csvText(headerOf(careRecordsFile), rows);

/** The list of a care module for a child, checked to be 200. */
export async function careList(api: TParentApi, path: string, enrollNumber: string) {
  const answer = await api.get(`/care/${path}?enrollNumber=${enrollNumber}`);
  if (answer.statusCode !== 200) throw new Error(`${path}: ${answer.statusCode} ${answer.body}`);
  return answer.json() as TCareRecords & Record<string, unknown>;
}

export const idsOf = (items: TCareRecord[]) => items.map((item) => item.id);
