import { z } from 'zod';
import { ZApiResult } from '../api-result.ts';
import { endpoint } from '../endpoint.ts';
import { ZEnrollNumber, ZEnrollQuery } from '../fees.ts';
import { MAX_RANGE_DAYS, ZDay, ZInstant } from '../kits/dates.ts';
import { REQUEST_STATUSES } from '../kits/requests.ts';

/**
 * The care and conduct family (F3): merits and demerits, incidents, medical, counselling,
 * wellbeing, goals, improvement plans, portfolio and the gifted and talented portfolio. One
 * record shape and one timeline serve all nine; each module reads its kinds through
 * `GET care/<path>?enrollNumber` → `{ items, summary }`. Only what the school shares with
 * parents is imported (no confidential counselling notes). School text comes in pairs: the
 * English field, and the Arabic one with the suffix `Ar`.
 */

export const CARE_KINDS = [
  'merit',
  'demerit',
  'incident',
  'medicalVisit',
  'counselling',
  'wellbeing',
  'goal',
  'improvementPlan',
  'portfolio',
  'gnt',
] as const;
export type TCareKind = (typeof CARE_KINDS)[number];

/** The care modules: their menu key, their path under `care/`, and the kinds they list. */
export const CARE_MODULES = {
  meritDemerit: { path: 'merit-demerit', kinds: ['merit', 'demerit'] },
  incidents: { path: 'incidents', kinds: ['incident'] },
  medical: { path: 'medical', kinds: ['medicalVisit'] },
  counselling: { path: 'counselling', kinds: ['counselling'] },
  wellbeing: { path: 'wellbeing', kinds: ['wellbeing'] },
  goalSetting: { path: 'goals', kinds: ['goal'] },
  improvement: { path: 'improvement-plans', kinds: ['improvementPlan'] },
  portfolio: { path: 'portfolio', kinds: ['portfolio'] },
  gntPortfolio: { path: 'gnt-portfolio', kinds: ['gnt'] },
} as const satisfies Record<string, { path: string; kinds: readonly TCareKind[] }>;
export type TCareModule = keyof typeof CARE_MODULES;

/** The longest comment a parent may write (longer: 400 `V001`). */
export const MAX_CARE_COMMENT_LENGTH = 2000;

/** The longest topic of a counselling meeting request. */
export const MAX_COUNSELLING_TOPIC_LENGTH = 200;

/** A target of a goal or plan, and how far along it is. */
export const ZCareTarget = z.object({
  title: z.string(),
  titleAr: z.string(),
  /** `notStarted`, `inProgress` or `met`. */
  status: z.enum(['notStarted', 'inProgress', 'met']),
  dueOn: ZDay.nullable(),
});

/** A comment on a goal or plan, by the parent or the school. */
export const ZCareComment = z.object({
  seq: z.number().int().positive(),
  at: ZInstant,
  author: z.enum(['parent', 'school']),
  /** The author's name as the page shows it (the parent's own, or the staff member's). */
  authorName: z.string(),
  body: z.string(),
});
export type TCareComment = z.infer<typeof ZCareComment>;

/** One care record as a parent sees it, whatever its kind. */
export const ZCareRecord = z.object({
  id: z.string(),
  kind: z.enum(CARE_KINDS),
  occurredOn: ZDay,
  title: z.string(),
  titleAr: z.string(),
  detail: z.string(),
  detailAr: z.string(),
  /** The school's category (`Kindness`, `Late homework`, `Reading`); '' when none. */
  category: z.string(),
  categoryAr: z.string(),
  /** Points of a merit (positive) or demerit (negative); null for other kinds. */
  points: z.number().int().nullable(),
  /** Who recorded it (a teacher, the nurse); '' when the school does not say. */
  staffName: z.string(),
  staffNameAr: z.string(),
  /** `open` or `closed` for goals and plans (a closed one takes no comment); `open` otherwise. */
  status: z.enum(['open', 'closed']),
  /** Incidents: `low`, `medium`, `high`; null otherwise. */
  severity: z.enum(['low', 'medium', 'high']).nullable(),
  /** Wellbeing check-ins: 1 (struggling) .. 5 (thriving); null otherwise. */
  wellbeingScore: z.number().int().min(1).max(5).nullable(),
  targets: z.array(ZCareTarget),
  /** Portfolio work: a link to the piece (https) and its thumbnail; null when none. */
  link: z.string().nullable(),
  /** The record asks the parent to acknowledge it (incidents). */
  requiresAck: z.boolean(),
  /** The first acknowledgement for this child; null while not acknowledged. */
  acknowledgedAt: ZInstant.nullable(),
  /** Goals and plans take comments; empty for other kinds. */
  comments: z.array(ZCareComment),
});
export type TCareRecord = z.infer<typeof ZCareRecord>;

/** Counts a page sums up above its timeline. */
export const ZCareSummary = z.object({
  total: z.number().int().nonnegative(),
  /** Merits and demerits: points earned, lost, and the balance; 0 elsewhere. */
  merits: z.number().int().nonnegative(),
  demerits: z.number().int().nonnegative(),
  balance: z.number().int(),
  /** Records waiting for the parent's acknowledgement. */
  toAcknowledge: z.number().int().nonnegative(),
  /** Goals and plans still open. */
  open: z.number().int().nonnegative(),
  /** The day of the latest record; null when none. */
  latestOn: ZDay.nullable(),
});
export type TCareSummary = z.infer<typeof ZCareSummary>;

export const ZCareQuery = ZEnrollQuery;

/** `GET care/<path>`: the child's records of the module's kinds, newest first. */
export const ZCareRecords = ZApiResult.extend({
  items: z.array(ZCareRecord),
  summary: ZCareSummary,
});
export type TCareRecords = z.infer<typeof ZCareRecords>;

/** An allergy, condition or medicine on the child's medical profile. */
export const ZMedicalItem = z.object({
  name: z.string(),
  nameAr: z.string(),
  /** What to do, or how severe (`Severe: carries an adrenaline pen`). */
  note: z.string(),
  noteAr: z.string(),
});

/** What the school nurse knows of the child. */
export const ZMedicalProfile = z.object({
  bloodGroup: z.string(),
  allergies: z.array(ZMedicalItem),
  conditions: z.array(ZMedicalItem),
  medications: z.array(ZMedicalItem),
  dietary: z.string(),
  dietaryAr: z.string(),
  /** When the school last confirmed the profile; null when never. */
  reviewedOn: ZDay.nullable(),
});
export type TMedicalProfile = z.infer<typeof ZMedicalProfile>;

/** A request the parent made from a care page (a medical update, a counselling meeting). */
export const ZCareRequest = z.object({
  id: z.string(),
  status: z.enum(REQUEST_STATUSES),
  createdAt: ZInstant,
  summary: z.string(),
});
export type TCareRequest = z.infer<typeof ZCareRequest>;

/** `GET care/medical`: the profile and the clinic visits, with the parent's pending updates. */
export const ZMedicalRecords = ZCareRecords.extend({
  /** null when the school holds no profile for the child. */
  profile: ZMedicalProfile.nullable(),
  requests: z.array(ZCareRequest),
});
export type TMedicalRecords = z.infer<typeof ZMedicalRecords>;

/** `GET care/counselling`: what the school shares, and the parent's meeting requests. */
export const ZCounsellingRecords = ZCareRecords.extend({ requests: z.array(ZCareRequest) });
export type TCounsellingRecords = z.infer<typeof ZCounsellingRecords>;

export const ZCareRecordParams = z.object({ id: z.string().min(1).max(128) });
export const ZCareAcknowledgeBody = z.object({ enrollNumber: ZEnrollNumber });
export const ZCareRecordAnswer = ZApiResult.extend({ item: ZCareRecord });

export const ZCareCommentBody = z.object({
  enrollNumber: ZEnrollNumber,
  body: z.string().trim().min(1).max(MAX_CARE_COMMENT_LENGTH),
});

/** A proposed change to the medical profile: what the parent says is new or wrong. */
export const ZMedicalUpdateBody = z.object({
  enrollNumber: ZEnrollNumber,
  section: z.enum(['allergies', 'conditions', 'medications', 'dietary', 'bloodGroup', 'other']),
  details: z.string().trim().min(1).max(MAX_CARE_COMMENT_LENGTH),
  attachmentIds: z.array(z.string().uuid()).max(5).default([]),
});

/** Asking the counsellor for a meeting. */
export const ZCounsellingRequestBody = z.object({
  enrollNumber: ZEnrollNumber,
  topic: z.string().trim().min(1).max(MAX_COUNSELLING_TOPIC_LENGTH),
  details: z.string().trim().max(MAX_CARE_COMMENT_LENGTH).default(''),
  /** Days that suit the parent, at most 5, today or later. */
  preferredDays: z.array(ZDay).max(5).default([]),
});

export const ZCareRequestAnswer = ZApiResult.extend({ request: ZCareRequest });

const careList = <const M extends TCareModule, R extends z.ZodTypeAny>(module: M, response: R) =>
  endpoint({
    method: 'GET',
    path: `/care/${CARE_MODULES[module].path}`,
    module,
    query: ZCareQuery,
    response,
  });

export const careEndpoints = {
  meritDemerit: careList('meritDemerit', ZCareRecords),
  incidents: careList('incidents', ZCareRecords),
  medical: careList('medical', ZMedicalRecords),
  counselling: careList('counselling', ZCounsellingRecords),
  wellbeing: careList('wellbeing', ZCareRecords),
  goals: careList('goalSetting', ZCareRecords),
  improvementPlans: careList('improvement', ZCareRecords),
  portfolio: careList('portfolio', ZCareRecords),
  gntPortfolio: careList('gntPortfolio', ZCareRecords),
  acknowledgeIncident: endpoint({
    method: 'POST',
    path: '/care/incidents/:id/acknowledge',
    module: 'incidents',
    params: ZCareRecordParams,
    body: ZCareAcknowledgeBody,
    response: ZCareRecordAnswer,
  }),
  commentOnGoal: endpoint({
    method: 'POST',
    path: '/care/goals/:id/comments',
    module: 'goalSetting',
    params: ZCareRecordParams,
    body: ZCareCommentBody,
    response: ZCareRecordAnswer,
    created: true,
  }),
  commentOnPlan: endpoint({
    method: 'POST',
    path: '/care/improvement-plans/:id/comments',
    module: 'improvement',
    params: ZCareRecordParams,
    body: ZCareCommentBody,
    response: ZCareRecordAnswer,
    created: true,
  }),
  proposeMedicalUpdate: endpoint({
    method: 'POST',
    path: '/care/medical/updates',
    module: 'medical',
    body: ZMedicalUpdateBody,
    response: ZCareRequestAnswer,
    created: true,
  }),
  requestCounselling: endpoint({
    method: 'POST',
    path: '/care/counselling/requests',
    module: 'counselling',
    body: ZCounsellingRequestBody,
    response: ZCareRequestAnswer,
    created: true,
  }),
};

/**
 * `GET /api/v1/staff/care/reads?enrollNumber&from&to` (staff API, docs/school-data.md): who read
 * a child's medical or counselling records, and when. Days are the school's; `enrollNumber`
 * left out: every child of the school.
 */
export const ZCareReadsQuery = z
  .object({ enrollNumber: ZEnrollNumber.optional(), from: ZDay, to: ZDay })
  .refine(({ from, to }) => from <= to, { message: '`to` is before `from`', path: ['to'] })
  .refine(
    ({ from, to }) =>
      (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 < MAX_RANGE_DAYS,
    { message: `a range is at most ${MAX_RANGE_DAYS} days`, path: ['to'] },
  );

/** One read of a child's sensitive records by a parent (repeats within a minute are one). */
export const ZCareRead = z.object({
  at: ZInstant,
  parentId: z.string(),
  parentName: z.string(),
  enrollNumber: z.string(),
  childName: z.string(),
  module: z.enum(['medical', 'counselling']),
});
export type TCareRead = z.infer<typeof ZCareRead>;

export const ZCareReads = ZApiResult.extend({
  items: z.array(ZCareRead),
  /** True when there were more reads than `items` holds (the newest are listed). */
  truncated: z.boolean(),
});
export type TCareReads = z.infer<typeof ZCareReads>;
