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

/** The most changes one read of the change feed returns. */
export const MAX_SIS_CHANGES_PAGE = 1_000;

/** GET /api/v1/sis/changes?since&limit: the changes after `since` (0: from the first). */
export const ZSisChangesQuery = z.object({
  since: z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_SIS_CHANGES_PAGE).default(100),
});

/** What the school approved in the portal, one field of one record, for its own system to take. */
export const ZSisChange = z.object({
  /** The change's place in the school's feed: numbered in commit order, without gaps. */
  seq: z.number().int().positive(),
  entity: z.enum(['parent', 'student']),
  /** The portal's id: a parent id, or a child's enrolment number. */
  id: z.string(),
  /** The school system's id of the record (OneRoster sourcedId), when the portal knows it. */
  sourcedId: z.string().nullable(),
  field: z.string(),
  value: z.string().nullable(),
  requestId: z.uuid().nullable(),
  approvedAt: z.string(),
});
export type TSisChange = z.infer<typeof ZSisChange>;

export const ZSisChanges = ZApiResult.extend({
  items: z.array(ZSisChange),
  /** The `since` of the next read: the last change returned (or `since` when none was). */
  next: z.number().int().nonnegative(),
  /** More changes wait after these. */
  hasMore: z.boolean(),
});
export type TSisChanges = z.infer<typeof ZSisChanges>;

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
