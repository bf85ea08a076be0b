import { z } from 'zod';
import { ZApiResult } from '../api-result.ts';
import { endpoint } from '../endpoint.ts';
import { ZEnrollNumber } from '../fees.ts';
import { ZDay, ZInstant } from '../kits/dates.ts';

/**
 * Surveys (F5 of docs/modules.md, module `survey`): the school publishes a survey through
 * surveys.csv and survey_questions.csv (docs/school-data.md); a parent answers it once, for the
 * family or, when the survey is about a child (`perChild`), once for each child it reaches (docs/school-data.md, "surveys.csv"). An anonymous survey keeps its answers apart from
 * who answered, so nobody can tell whose answers they are.
 */

export const SURVEY_QUESTION_KINDS = ['single', 'multiple', 'rating', 'text'] as const;
export type TSurveyQuestionKind = (typeof SURVEY_QUESTION_KINDS)[number];

/** The scale of a rating question: 1 to 5. */
export const SURVEY_RATING = { min: 1, max: 5 } as const;
/** The longest free-text answer. */
export const MAX_SURVEY_TEXT_LENGTH = 2_000;
/** Questions one survey may hold. */
export const MAX_SURVEY_QUESTIONS = 50;
/** Choices one question may offer. */
export const MAX_SURVEY_CHOICES = 20;

const ZId = z.string().min(1).max(128);
export const ZSurveyIdParams = z.object({ id: ZId });

export const ZSurveyChoice = z.object({ id: z.string(), label: z.string(), labelAr: z.string() });
export type TSurveyChoice = z.infer<typeof ZSurveyChoice>;

export const ZSurveyQuestion = z.object({
  id: z.string(),
  kind: z.enum(SURVEY_QUESTION_KINDS),
  text: z.string(),
  textAr: z.string(),
  required: z.boolean(),
  /** The choices of a single or multiple choice question (empty for the others). */
  choices: z.array(ZSurveyChoice),
});
export type TSurveyQuestion = z.infer<typeof ZSurveyQuestion>;

/** One answer: the choices picked, the rating given or the text written, by the question's kind. */
export const ZSurveyAnswer = z.object({
  questionId: ZId,
  choiceIds: z.array(ZId).max(MAX_SURVEY_CHOICES).optional(),
  rating: z.number().int().optional(),
  text: z.string().max(MAX_SURVEY_TEXT_LENGTH).optional(),
});
export type TSurveyAnswer = z.infer<typeof ZSurveyAnswer>;

export const ZSurveySummary = z.object({
  id: z.string(),
  title: z.string(),
  titleAr: z.string(),
  description: z.string(),
  descriptionAr: z.string(),
  opensOn: ZDay,
  closesOn: ZDay,
  anonymous: z.boolean(),
  /** Answered once per child it reaches; else once per parent, for the family. */
  perChild: z.boolean(),
  questionCount: z.number().int().nonnegative(),
});
export type TSurveySummary = z.infer<typeof ZSurveySummary>;

/** A survey to answer, or answered: for a child (perChild) or for the family (enrollNumber null). */
export const ZSurveyListItem = ZSurveySummary.extend({
  enrollNumber: ZEnrollNumber.nullable(),
  childName: z.string().nullable(),
  state: z.enum(['open', 'answered']),
  answeredAt: ZInstant.nullable(),
});
export type TSurveyListItem = z.infer<typeof ZSurveyListItem>;

export const ZSurveys = ZApiResult.extend({
  /** Open ones first (the nearest closing day first), then the answered ones, latest first. */
  items: z.array(ZSurveyListItem),
});
export type TSurveys = z.infer<typeof ZSurveys>;

/** Who answers a survey: the family (enrollNumber null) or one child; the answers once given. */
export const ZSurveyRespondent = z.object({
  enrollNumber: ZEnrollNumber.nullable(),
  /** The child an answer names (`enrollNumber` of the body): theirs, or for the family one it reaches. */
  askedVia: ZEnrollNumber,
  childName: z.string().nullable(),
  answeredAt: ZInstant.nullable(),
  /** The answers given; null while not answered, and always for an anonymous survey. */
  answers: z.array(ZSurveyAnswer).nullable(),
});
export type TSurveyRespondent = z.infer<typeof ZSurveyRespondent>;

export const ZSurveyDetail = ZApiResult.extend({
  survey: ZSurveySummary.extend({
    questions: z.array(ZSurveyQuestion),
    /** The school's today is past its closing day. */
    closed: z.boolean(),
  }),
  respondents: z.array(ZSurveyRespondent),
});
export type TSurveyDetail = z.infer<typeof ZSurveyDetail>;

export const ZSurveyResponseBody = z.object({
  /**
   * The child answered for (a survey about a child), or, for a survey of the family, one of the
   * parent's children it reaches (the respondent's `askedVia`); another's child is 403 `A002`.
   */
  enrollNumber: ZEnrollNumber,
  // A response answers at least one question (a survey has one at least).
  answers: z.array(ZSurveyAnswer).min(1).max(MAX_SURVEY_QUESTIONS),
});
export type TSurveyResponseBody = z.infer<typeof ZSurveyResponseBody>;

export const ZSurveyResponseAnswer = ZApiResult.extend({ answeredAt: ZInstant });

export const surveyEndpoints = {
  surveys: endpoint({ method: 'GET', path: '/surveys', module: 'survey', response: ZSurveys }),
  survey: endpoint({
    method: 'GET',
    path: '/surveys/:id',
    module: 'survey',
    params: ZSurveyIdParams,
    response: ZSurveyDetail,
  }),
  respond: endpoint({
    method: 'POST',
    path: '/surveys/:id/responses',
    module: 'survey',
    params: ZSurveyIdParams,
    body: ZSurveyResponseBody,
    response: ZSurveyResponseAnswer,
    created: true,
  }),
};
