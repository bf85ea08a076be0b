import { z } from 'zod';
import { ZApiResult } from '../api-result.ts';
import { endpoint } from '../endpoint.ts';
import { ZEnrollQuery } from '../fees.ts';
import { ZDay, ZInstant, ZInstantInput, ZMonth } from '../kits/dates.ts';

/**
 * The graded-results family (F2): assignments, assessment marks, the marksheet, co-scholastic
 * grades, report cards and insights. Only what the school has released exists for parents
 * (docs/decisions/018-module-families.md, the publication gate): an unreleased result is a row
 * with `released: false` and no score; an unpublished report card is not listed and 404 by id.
 * School text comes in pairs: the English field, and the Arabic one with the suffix `Ar`.
 */

const ZTermId = z.string().min(1).max(128);

/** `?enrollNumber&term`: the term is one of the child's terms (400 `V001` otherwise); the current one when left out. */
export const ZTermQuery = ZEnrollQuery.extend({ term: ZTermId.optional() });

/** A term or grading period the parent can pick. */
export const ZTerm = z.object({
  id: z.string(),
  title: z.string(),
  titleAr: z.string(),
  startsOn: ZDay,
  endsOn: ZDay,
});
export type TTerm = z.infer<typeof ZTerm>;

/** Which term an answer is about, and the others the child has results in. */
export const ZTermAnswer = ZApiResult.extend({
  /** The term shown; null when the school has no terms for the child yet. */
  term: ZTerm.nullable(),
  terms: z.array(ZTerm),
});

/** One band of the school's grading scale: the scores it covers, its grade and what it means. */
export const ZLegendBand = z.object({
  /** As the school wrote them (`90-100`, `A`). */
  scores: z.string(),
  grade: z.string(),
  descriptor: z.string(),
  descriptorAr: z.string(),
});

/** A grading scale as the page's legend shows it. */
export const ZLegendScale = z.object({
  id: z.string(),
  title: z.string(),
  titleAr: z.string(),
  bands: z.array(ZLegendBand),
});
export type TLegendScale = z.infer<typeof ZLegendScale>;

/**
 * A released result: its score out of the maximum, and the band of the school's scale it falls
 * in (null when the school has no scale: the portal invents no letters).
 */
export const ZResultValue = z.object({
  score: z.number().nullable(),
  /** A grade given as text (`A`, `Meets expectations`); '' when the result is a number. */
  textScore: z.string(),
  max: z.number().nullable(),
  /** score / max, 0..1; null when either is missing. */
  percent: z.number().nullable(),
  /** The band's grade and descriptor; null without a scale or band. */
  grade: z.string().nullable(),
  descriptor: z.string(),
  descriptorAr: z.string(),
  /** The legend scale it was graded on; null when none. */
  scaleId: z.string().nullable(),
  /** `exempt`, `fully graded`, `not submitted`, `partially graded` or `submitted`. */
  status: z.string(),
  comment: z.string(),
  scoredOn: ZDay.nullable(),
});
export type TResultValue = z.infer<typeof ZResultValue>;

/** A piece of graded work of the child's class, with the child's result once released. */
export const ZAssessment = z.object({
  id: z.string(),
  title: z.string(),
  titleAr: z.string(),
  subject: z.string(),
  subjectAr: z.string(),
  category: z.string(),
  categoryAr: z.string(),
  assignedOn: ZDay.nullable(),
  dueOn: ZDay.nullable(),
  /** false: the school has not released the results; `result` is null, never the score. */
  released: z.boolean(),
  /** When the school released it; null while not released. */
  releasedAt: ZInstant.nullable(),
  /** null while unreleased, or when the child has no result (not graded yet). */
  result: ZResultValue.nullable(),
});
export type TAssessment = z.infer<typeof ZAssessment>;

/** GET assessments: the term's assessments of the child and the legend of every scale they use. */
export const ZAssessments = ZTermAnswer.extend({
  items: z.array(ZAssessment),
  legend: z.array(ZLegendScale),
});
export type TAssessments = z.infer<typeof ZAssessments>;

export const ASSIGNMENT_STATES = ['due', 'late', 'handedIn', 'graded'] as const;
export type TAssignmentState = (typeof ASSIGNMENT_STATES)[number];

/** An assignment: its state for the child, and its grade once released. */
export const ZAssignment = ZAssessment.extend({ state: z.enum(ASSIGNMENT_STATES) });
export type TAssignment = z.infer<typeof ZAssignment>;

/** GET assignments: the term's assignments, by due date. */
export const ZAssignments = ZTermAnswer.extend({
  items: z.array(ZAssignment),
  legend: z.array(ZLegendScale),
});
export type TAssignments = z.infer<typeof ZAssignments>;

/** One cell of the marksheet: an assessment of the subject, released or not. */
export const ZMarksheetCell = z.object({
  assessmentId: z.string(),
  title: z.string(),
  titleAr: z.string(),
  released: z.boolean(),
  result: ZResultValue.nullable(),
});

/** One subject's row: its released results and its total over them. */
export const ZMarksheetSubject = z.object({
  id: z.string(),
  name: z.string(),
  nameAr: z.string(),
  cells: z.array(ZMarksheetCell),
  /** Sums over released, scored results only. */
  total: z.object({
    score: z.number(),
    max: z.number(),
    percent: z.number().nullable(),
    grade: z.string().nullable(),
  }),
});
export type TMarksheetSubject = z.infer<typeof ZMarksheetSubject>;

/** GET marksheet: the term grid by subject, with totals over released results. */
export const ZMarksheet = ZTermAnswer.extend({
  subjects: z.array(ZMarksheetSubject),
  /** Over every subject's released, scored results. */
  total: z.object({ score: z.number(), max: z.number(), percent: z.number().nullable() }),
  legend: z.array(ZLegendScale),
});
export type TMarksheet = z.infer<typeof ZMarksheet>;

/** GET co-scholastic: activity and skill grades (no marks), with their legend. */
export const ZCoScholastic = ZTermAnswer.extend({
  items: z.array(ZAssessment),
  legend: z.array(ZLegendScale),
});
export type TCoScholastic = z.infer<typeof ZCoScholastic>;

export const ZReportCardQuery = ZEnrollQuery;

/** A published report card of the child. */
export const ZReportCard = z.object({
  id: z.string(),
  /** The term it reports on; null for a year's report. */
  term: ZTerm.nullable(),
  title: z.string(),
  titleAr: z.string(),
  publishedAt: ZInstant,
  /** This parent's first opening; null: not opened yet ("new"). */
  openedAt: ZInstant.nullable(),
  lastOpenedAt: ZInstant.nullable(),
  /** The languages its PDF comes in (one supplied serves both). */
  languages: z.array(z.enum(['en', 'ar'])),
});
export type TReportCard = z.infer<typeof ZReportCard>;

/** GET report-cards: the child's published report cards, newest first. */
export const ZReportCards = ZApiResult.extend({ items: z.array(ZReportCard) });
export type TReportCards = z.infer<typeof ZReportCards>;

export const ZReportCardParams = z.object({ id: z.string().min(1).max(128) });
/** `GET report-cards/:id/pdf?lng`: the PDF in the parent's language (the one supplied serves both). */
export const ZReportCardPdfQuery = z.object({ lng: z.enum(['en', 'ar']).optional() });

/** A point of a trend: a month's figure, 0..1. */
export const ZTrendPoint = z.object({ month: ZMonth, value: z.number().min(0).max(1) });

/** GET insights: trends of released results and of attendance, month by month. */
export const ZInsights = ZApiResult.extend({
  /** Each subject's average released percentage by month. */
  subjects: z.array(
    z.object({ id: z.string(), name: z.string(), nameAr: z.string(), points: z.array(ZTrendPoint) }),
  ),
  /** Every released result's average by month, all subjects together. */
  overall: z.array(ZTrendPoint),
  /** The share of recorded school days attended, by month. */
  attendance: z.array(ZTrendPoint),
  /** The share of recorded school days attended over the whole year; null with none recorded. */
  attendanceRate: z.number().min(0).max(1).nullable(),
  /** Plain-language highlights the page can say (improving, needs attention). */
  highlights: z.array(
    z.object({
      kind: z.enum(['improving', 'declining', 'attendanceLow', 'attendanceHigh']),
      subject: z.string().nullable(),
      subjectAr: z.string().nullable(),
    }),
  ),
});
export type TInsights = z.infer<typeof ZInsights>;

export const resultsEndpoints = {
  assignments: endpoint({
    method: 'GET',
    path: '/assignments',
    module: 'assignments',
    query: ZTermQuery,
    response: ZAssignments,
  }),
  assessments: endpoint({
    method: 'GET',
    path: '/assessments',
    module: 'assessmentMarks',
    query: ZTermQuery,
    response: ZAssessments,
  }),
  marksheet: endpoint({
    method: 'GET',
    path: '/marksheet',
    module: 'assessmentMarksheet',
    query: ZTermQuery,
    response: ZMarksheet,
  }),
  coScholastic: endpoint({
    method: 'GET',
    path: '/co-scholastic',
    module: 'coScholasticMarks',
    query: ZTermQuery,
    response: ZCoScholastic,
  }),
  reportCards: endpoint({
    method: 'GET',
    path: '/report-cards',
    module: 'reportCard',
    query: ZReportCardQuery,
    response: ZReportCards,
  }),
  insights: endpoint({
    method: 'GET',
    path: '/insights',
    module: 'mojoInsights',
    query: ZEnrollQuery,
    response: ZInsights,
  }),
};

/** The staff API's release of results or report cards (the school's own ids as imported). */
export const ZPublishBody = z.object({
  kind: z.enum(['assessment', 'reportCard']),
  sourcedIds: z.array(z.string().min(1).max(128)).min(1).max(1000),
  /** A future time schedules the release; now when left out. */
  at: ZInstantInput.optional(),
});
export type TPublishBody = z.infer<typeof ZPublishBody>;

export const ZPublishAnswer = ZApiResult.extend({
  /** The ids released (or scheduled), and those the school has no such item for. */
  published: z.array(z.string()),
  unknown: z.array(z.string()),
  at: ZInstant,
});
