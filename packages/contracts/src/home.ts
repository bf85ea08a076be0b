import { z } from 'zod';
import { ZApiResult } from './api-result.ts';
import { endpoint } from './endpoint.ts';
import { ZEnrollNumber } from './fees.ts';
import { ZAssessment, type TAssessment } from './families/results.ts';
import { ZAttendanceSummary, ZLesson } from './families/schedule.ts';
import { ZDay, ZMonth } from './kits/dates.ts';

/**
 * "Needs your action", the top of Home (docs/modules.md section 5): what the parent should do,
 * across every child and every granted module, in one list. Each module family supplies its
 * items through one provider (apps/server/src/kits/home-actions.ts); an item leaves the list as
 * soon as it is done, because every read asks the families again.
 */

/** What an item asks of the parent; the web names each in the parent's language. */
export const HOME_ACTION_KINDS = [
  /** A fee line to pay (overdue once its due day has passed). */
  'feeDue',
  /** A payment link the school sent, still open. */
  'paymentLink',
  /** A circular that asks to be acknowledged, not yet acknowledged for this child. */
  'circularAck',
  /** A school policy in a version the parent has not acknowledged. */
  'policyAck',
  /** A trip waiting for the parent's consent. */
  'tripConsent',
  /** A trip consented to whose fee is not paid. */
  'tripPayment',
  /** An open survey not answered. */
  'surveyAnswer',
  /** An identity document that expires within 30 days (or has expired). */
  'documentExpiring',
  /** A document the school asked the parent to upload. */
  'uploadRequested',
  /** A report card published and not yet opened. */
  'reportCardNew',
  /** An appointment within the next 7 days. */
  'appointmentSoon',
  /** A request the school decided since the parent last opened the requests page. */
  'requestDecided',
  /** A message thread with replies the parent has not read. */
  'messageUnread',
  /** An incident the school asks the parent to acknowledge. */
  'incidentAck',
  /** A recent absence the school has no reason for (explained through a leave request). */
  'absenceToExplain',
] as const;
export type THomeActionKind = (typeof HOME_ACTION_KINDS)[number];

export const ZHomeAction = z.object({
  /** Stable for the same thing to do: `kind:source:enrollNumber` (or `family`). */
  id: z.string(),
  kind: z.enum(HOME_ACTION_KINDS),
  /** The menu entry that opens the screen to act. */
  module: z.string(),
  /** The child it is about; null when it is about the family. */
  enrollNumber: ZEnrollNumber.nullable(),
  childName: z.string().nullable(),
  /** The school's words for the thing (a circular's title, a fee's name), in both languages. */
  title: z.string(),
  titleAr: z.string(),
  /** The last day to act (the school's day); null when there is none. */
  dueOn: ZDay.nullable(),
  /** The due day has passed (or, for a document, it has expired). */
  overdue: z.boolean(),
  /** What it costs, for fees and trips (minor units, with the currency). */
  amount: z.object({ minor: z.number().int().nonnegative(), currency: z.string() }).nullable(),
  /** The portal's path of the screen to act on, with the child and the thing in its query. */
  path: z.string(),
});
export type THomeAction = z.infer<typeof ZHomeAction>;

export const ZHomeActions = ZApiResult.extend({
  /** Overdue first, then by due day (none last), then by title. */
  items: z.array(ZHomeAction),
  /** Modules whose items could not be read this time (the others still show). */
  unavailableModules: z.array(z.string()),
});
export type THomeActions = z.infer<typeof ZHomeActions>;

/** The most items the list answers; a family with more is asked to send its most urgent. */
export const MAX_HOME_ACTIONS = 100;

/**
 * "Today at a glance", below the action list (docs/modules.md section 5): per child, the
 * attendance of this month, the next lessons and the latest released results. Each part comes
 * from its family through one provider (apps/server/src/kits/home-glance.ts), and only when the
 * school grants its module.
 */
export const HOME_GLANCE_PARTS = ['attendance', 'nextLessons', 'latestResults'] as const;
export type THomeGlancePart = (typeof HOME_GLANCE_PARTS)[number];

/** The menu entry each part comes with: the school's grant of it lets the part show, and the part links to it. */
export const HOME_GLANCE_MODULES = {
  attendance: 'attendance',
  nextLessons: 'timetable',
  latestResults: 'assessmentMarks',
} as const satisfies Record<THomeGlancePart, string>;

/** The most lessons a child's glance names. */
export const MAX_GLANCE_LESSONS = 3;
/** The most results a child's glance names. */
export const MAX_GLANCE_RESULTS = 3;

/** The month of the school's today, counted as the attendance page counts it. */
export const ZHomeGlanceAttendance = z.object({ month: ZMonth, summary: ZAttendanceSummary });
export type THomeGlanceAttendance = z.infer<typeof ZHomeGlanceAttendance>;

/**
 * The lessons still to come today (one under way included) or, when none is left, the first
 * ones of the next school day; `day` is null when there is none in the next two weeks.
 */
export const ZHomeGlanceLessons = z.object({
  day: ZDay.nullable(),
  lessons: z.array(ZLesson).max(MAX_GLANCE_LESSONS),
});
export type THomeGlanceLessons = z.infer<typeof ZHomeGlanceLessons>;

/** What each part holds when its module is granted and its family answered. */
export type THomeGlanceParts = {
  attendance: THomeGlanceAttendance;
  nextLessons: THomeGlanceLessons;
  /** The child's released, scored assessments, the latest released first. */
  latestResults: TAssessment[];
};

/**
 * One child: as the children list names them, then each part; a part is null when the school
 * does not grant its module, or when its family could not answer (named in `unavailableParts`).
 */
export const ZHomeGlanceChild = z.object({
  enrollNumber: ZEnrollNumber,
  fullName: z.string(),
  /** The child's photo (the profile's `sims_student_img`); '' when there is none. */
  photo: z.string(),
  gradeName: z.string(),
  gradeNameAr: z.string(),
  sectionName: z.string(),
  sectionNameAr: z.string(),
  attendance: ZHomeGlanceAttendance.nullable(),
  nextLessons: ZHomeGlanceLessons.nullable(),
  latestResults: z.array(ZAssessment).max(MAX_GLANCE_RESULTS).nullable(),
});
export type THomeGlanceChild = z.infer<typeof ZHomeGlanceChild>;

export const ZHomeGlance = ZApiResult.extend({
  /** The school's today. */
  today: ZDay,
  /** The parent's children, in the school's order. */
  children: z.array(ZHomeGlanceChild),
  /** Parts whose family could not answer this time (the others still show). */
  unavailableParts: z.array(z.enum(HOME_GLANCE_PARTS)),
});
export type THomeGlance = z.infer<typeof ZHomeGlance>;

export const homeEndpoints = {
  actions: endpoint({ method: 'GET', path: '/home/actions', module: null, response: ZHomeActions }),
  glance: endpoint({ method: 'GET', path: '/home/children', module: null, response: ZHomeGlance }),
};
