import { z } from 'zod';
import { ZApiError, ZApiResult } from './api-result.ts';
import { ZEnrollNumber } from './fees.ts';
import { ATTENDANCE_STATUSES } from './families/schedule.ts';
import { ZDay } from './kits/dates.ts';

/**
 * School data in (docs/school-data.md): the sync API that takes a school system's bundles
 * (`/api/v1/sis`) and the staff API (`/api/v1/staff`), both called with a school's API key
 * (`client-id` + `Authorization: Bearer <key>`).
 */

/** One problem of a bundle; `row` counts the header as row 1 (0: the file as a whole). */
export const ZBundleProblem = z.object({
  file: z.string(),
  row: z.number().int().nonnegative(),
  column: z.string(),
  messageId: z.string(),
  message: z.string(),
});
export type TBundleProblem = z.infer<typeof ZBundleProblem>;

/** Per file: rows added, changed, removed and left as they were. */
export const ZBundleCounts = z.record(
  z.string(),
  z.object({
    added: z.number().int().nonnegative(),
    changed: z.number().int().nonnegative(),
    removed: z.number().int().nonnegative(),
    unchanged: z.number().int().nonnegative(),
  }),
);
export type TBundleCounts = z.infer<typeof ZBundleCounts>;

/** POST /api/v1/sis/bundles[?dryRun=1]: what the bundle did (or would do), or why it was refused. */
export const ZBundleReport = ZApiResult.extend({
  importId: z.uuid(),
  applied: z.boolean(),
  dryRun: z.boolean(),
  /** `1.1` or `1.2`, from the manifest's `oneroster.version`. */
  version: z.string(),
  counts: ZBundleCounts,
  errors: z.array(ZBundleProblem),
  /** How many problems there were in all when `errors` holds only the first ones. */
  errorCount: z.number().int().nonnegative(),
});
export type TBundleReport = z.infer<typeof ZBundleReport>;

export const ZBundleQuery = z.object({ dryRun: z.enum(['0', '1', 'true', 'false']).optional() });

/** A call of the staff API may name the member of staff acting (kept in the audit log). */
export const ZActingStaff = z.object({ staffId: z.string().min(1).max(128).optional() });

export const ZStaffAttendanceRecord = z.object({
  enrollNumber: ZEnrollNumber,
  date: ZDay,
  status: z.enum(ATTENDANCE_STATUSES),
  note: z.string().max(500).default(''),
});

/** POST /api/v1/staff/attendance: a register app or the school system pushes a day's marks. */
export const ZStaffAttendance = ZActingStaff.extend({
  records: z.array(ZStaffAttendanceRecord).min(1).max(5000),
});
export type TStaffAttendance = z.infer<typeof ZStaffAttendance>;

export const ZStaffAttendanceAnswer = ZApiResult.extend({
  added: z.number().int().nonnegative(),
  changed: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
});

/** One problem of a staff API call: the record it is in (from 0; null: the call as a whole) and the field. */
export const ZStaffProblem = z.object({
  record: z.number().int().nonnegative().nullable(),
  field: z.string(),
  messageId: z.string(),
  message: z.string(),
});
export type TStaffProblem = z.infer<typeof ZStaffProblem>;

/** 422 `I001`: a staff API call with problems; nothing of it was applied. */
export const ZStaffRefusal = ZApiError.extend({ errors: z.array(ZStaffProblem) });
