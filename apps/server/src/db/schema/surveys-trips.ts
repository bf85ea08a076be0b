import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { schools } from './schools.ts';

// Surveys and school trips (docs/modules.md F5; docs/school-data.md, "surveys.csv", "trips.csv"):
// the school's rows come through the bundle; the parents' answers and consents are their own.

/** Who a survey or a trip is for: grades, `<grade>-<section>` sections, children; all empty: everyone. */
export type TTargetAudience = { grades: string[]; sections: string[]; enrollNumbers: string[] };

/** A choice of a survey question, as stored. */
export type TStoredChoice = { id: string; en: string; ar: string };

/** One stored answer (the shape of the contract's answer). */
export type TStoredAnswer = { questionId: string; choiceIds?: string[]; rating?: number; text?: string };

export const surveys = pgTable(
  'surveys',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    surveyId: text('survey_id').notNull(),
    titleEn: text('title_en').notNull(),
    titleAr: text('title_ar').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionAr: text('description_ar').notNull().default(''),
    opensOn: date('opens_on', { mode: 'string' }).notNull(),
    closesOn: date('closes_on', { mode: 'string' }).notNull(),
    anonymous: boolean('anonymous').notNull().default(false),
    /** Answered once per child it reaches; else once per parent. */
    perChild: boolean('per_child').notNull().default(false),
    audience: jsonb('audience').$type<TTargetAudience>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** When its audience was told of it (docs/notifications.md); null: not yet. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.surveyId] })],
);

export const surveyQuestions = pgTable(
  'survey_questions',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    surveyId: text('survey_id').notNull(),
    position: integer('position').notNull(),
    /** `single`, `multiple`, `rating` or `text`. */
    kind: text('kind').notNull(),
    textEn: text('text_en').notNull(),
    textAr: text('text_ar').notNull().default(''),
    choices: jsonb('choices').$type<TStoredChoice[]>().notNull(),
    required: boolean('required').notNull().default(true),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.questionId] }),
    index('survey_questions_survey_idx').on(t.schoolId, t.surveyId, t.position),
  ],
);

/**
 * Who answered a survey, and when: one row per respondent (`child:<enrolment number>` for a
 * survey about a child, `parent:<parent id>` for the others), so a survey is answered once. For
 * an anonymous survey `response_id` stays null: nothing leads from here to the answers.
 */
export const surveySubmissions = pgTable(
  'survey_submissions',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    surveyId: text('survey_id').notNull(),
    respondent: text('respondent').notNull(),
    parentId: text('parent_id').notNull(),
    enrollNumber: text('enroll_number'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    responseId: uuid('response_id'),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.surveyId, t.respondent] }),
    index('survey_submissions_parent_idx').on(t.schoolId, t.parentId),
  ],
);

/**
 * The answers given to a survey, without who gave them nor when (a time would let one match
 * them to a submission): a random id and the answers only.
 */
export const surveyResponses = pgTable(
  'survey_responses',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    responseId: uuid('response_id').notNull().defaultRandom(),
    surveyId: text('survey_id').notNull(),
    answers: jsonb('answers').$type<TStoredAnswer[]>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.responseId] }),
    index('survey_responses_survey_idx').on(t.schoolId, t.surveyId),
  ],
);

export const trips = pgTable(
  'trips',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    tripId: text('trip_id').notNull(),
    titleEn: text('title_en').notNull(),
    titleAr: text('title_ar').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionAr: text('description_ar').notNull().default(''),
    placeEn: text('place_en').notNull().default(''),
    placeAr: text('place_ar').notNull().default(''),
    departsAt: timestamp('departs_at', { withTimezone: true }).notNull(),
    returnsAt: timestamp('returns_at', { withTimezone: true }).notNull(),
    /** Minor units (fils for AED); 0: free. */
    costMinor: bigint('cost_minor', { mode: 'number' }).notNull().default(0),
    consentBy: date('consent_by', { mode: 'string' }).notNull(),
    audience: jsonb('audience').$type<TTargetAudience>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** When its audience was told of it (docs/notifications.md); null: not yet. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.tripId] })],
);

/** A parent's decision for one child and one trip; the last decision is kept. */
export const tripConsents = pgTable(
  'trip_consents',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    tripId: text('trip_id').notNull(),
    enrollNumber: text('enroll_number').notNull(),
    /** `given` or `refused`. */
    decision: text('decision').notNull(),
    parentId: text('parent_id').notNull(),
    note: text('note').notNull().default(''),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
    /** The child's fee line for the trip (given to a trip that costs money). */
    feeItemId: uuid('fee_item_id'),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.tripId, t.enrollNumber] })],
);
