import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea } from './columns.ts';
import { schools } from './schools.ts';
import { parents, students } from './people.ts';

// The graded-results family (F2): categories, grading scales, assessments and each child's
// result, as the school's system sends them (OneRoster categories, scoreScales, lineItems and
// results; docs/school-data.md). Ids are the school's own sourcedIds.

/** A kind of graded work: a test, homework, an activity graded without marks. */
export const assessmentCategories = pgTable(
  'assessment_categories',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    categoryId: text('category_id').notNull(),
    /** `assessment`, `assignment` or `coScholastic`: which page lists its work. */
    kind: text('kind').notNull(),
    titleEn: text('title_en').notNull(),
    titleAr: text('title_ar').notNull().default(''),
    /** Its weight in a term's total, when the school gives one. */
    weight: doublePrecision('weight'),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.categoryId] })],
);

/** One band of a grading scale: the scores it covers, its grade and what the grade means. */
export type TGradingBand = {
  /** The scores as the school wrote them (`90-100`, `A`). */
  scores: string;
  /** The lowest and highest score of a numeric range; null when the scores are not a range. */
  min: number | null;
  max: number | null;
  grade: string;
  descriptorEn: string;
  descriptorAr: string;
};

/** How scores become grades (A, B, "Exceeds expectations"...): the legend shown beside a result. */
export const gradingScales = pgTable(
  'grading_scales',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    scaleId: text('scale_id').notNull(),
    titleEn: text('title_en').notNull(),
    titleAr: text('title_ar').notNull().default(''),
    /** The school's own word for the kind of scale (`letter`, `level`...). */
    scaleType: text('scale_type').notNull().default(''),
    /** The class or course the scale belongs to, when the school ties it to one. */
    classId: text('class_id'),
    subjectId: text('subject_id'),
    bands: jsonb('bands')
      .$type<TGradingBand[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.scaleId] })],
);

/** A graded piece of work of one class (OneRoster line item). */
export const assessments = pgTable(
  'assessments',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    assessmentId: text('assessment_id').notNull(),
    classId: text('class_id').notNull(),
    categoryId: text('category_id').notNull(),
    /** The term or grading period it counts in. */
    termId: text('term_id'),
    scaleId: text('scale_id'),
    titleEn: text('title_en').notNull(),
    titleAr: text('title_ar').notNull().default(''),
    description: text('description').notNull().default(''),
    assignedOn: date('assigned_on', { mode: 'string' }),
    dueOn: date('due_on', { mode: 'string' }),
    resultMin: doublePrecision('result_min'),
    resultMax: doublePrecision('result_max'),
    /** When parents may see the results; null: not released (imported work starts unreleased). */
    resultsPublishedAt: timestamp('results_published_at', { withTimezone: true }),
    /** When the parents were told of the release; null until the release job tells them. */
    releaseNotifiedAt: timestamp('release_notified_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.assessmentId] }),
    index('assessments_class_idx').on(t.schoolId, t.classId),
  ],
);

/** One child's result of one assessment (OneRoster result). */
export const assessmentResults = pgTable(
  'assessment_results',
  {
    schoolId: text('school_id').notNull(),
    resultId: text('result_id').notNull(),
    assessmentId: text('assessment_id').notNull(),
    enrollNumber: text('enroll_number').notNull(),
    /** `exempt`, `fully graded`, `not submitted`, `partially graded` or `submitted`. */
    scoreStatus: text('score_status').notNull(),
    score: doublePrecision('score'),
    /** A grade given as text (`A`, `Meets expectations`). */
    textScore: text('text_score').notNull().default(''),
    scoredOn: date('scored_on', { mode: 'string' }),
    comment: text('comment').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.resultId] }),
    uniqueIndex('assessment_results_child_idx').on(t.schoolId, t.assessmentId, t.enrollNumber),
    index('assessment_results_enroll_idx').on(t.schoolId, t.enrollNumber),
    foreignKey({
      columns: [t.schoolId, t.assessmentId],
      foreignColumns: [assessments.schoolId, assessments.assessmentId],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.schoolId, t.enrollNumber],
      foreignColumns: [students.schoolId, students.enrollNumber],
    }).onDelete('cascade'),
  ],
);

/**
 * A child's report card for a term (or the year): a PDF the school supplied in one or both
 * languages, or, with none, one the portal draws from the released marks. Not listed, and 404
 * by id, before `published_at` (the publication gate).
 */
export const reportCards = pgTable(
  'report_cards',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    reportCardId: text('report_card_id').notNull(),
    enrollNumber: text('enroll_number').notNull(),
    termId: text('term_id'),
    titleEn: text('title_en').notNull(),
    titleAr: text('title_ar').notNull().default(''),
    /** The school's PDFs; null: not supplied (the other language serves, or the portal draws it). */
    pdfEn: bytea('pdf_en'),
    pdfAr: bytea('pdf_ar'),
    /** The class teacher's remark printed on a portal-drawn card. */
    remarkEn: text('remark_en').notNull().default(''),
    remarkAr: text('remark_ar').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishNotifiedAt: timestamp('publish_notified_at', { withTimezone: true }),
    /** Withdrawn by the school (or no longer in a bulk file): gone for parents. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.reportCardId] }),
    index('report_cards_child_idx').on(t.schoolId, t.enrollNumber),
    // A card asked for by an id of another school is told apart from none (403, not 404).
    index('report_cards_id_idx').on(t.reportCardId),
    foreignKey({
      columns: [t.schoolId, t.enrollNumber],
      foreignColumns: [students.schoolId, students.enrollNumber],
    }).onDelete('cascade'),
  ],
);

/**
 * The report cards the portal drew (docs/decisions/030-report-cards-drawn-ahead.md), one per card
 * and language: drawn when the card is published, so a release-day crowd is sent stored files
 * instead of waiting for the render threads. `digest` is that of the data it was drawn from
 * (`documentDigest`): a card whose data no longer matches is drawn again when opened.
 */
export const reportCardDrawings = pgTable(
  'report_card_drawings',
  {
    schoolId: text('school_id').notNull(),
    reportCardId: text('report_card_id').notNull(),
    /** `en` or `ar`. */
    lng: text('lng').notNull(),
    digest: text('digest').notNull(),
    pdf: bytea('pdf').notNull(),
    drawnAt: timestamp('drawn_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.reportCardId, t.lng] }),
    foreignKey({
      columns: [t.schoolId, t.reportCardId],
      foreignColumns: [reportCards.schoolId, reportCards.reportCardId],
    }).onDelete('cascade'),
  ],
);

/** Each parent's first and last opening of a report card. */
export const reportCardOpens = pgTable(
  'report_card_opens',
  {
    schoolId: text('school_id').notNull(),
    reportCardId: text('report_card_id').notNull(),
    parentId: text('parent_id').notNull(),
    firstOpenedAt: timestamp('first_opened_at', { withTimezone: true }).notNull().defaultNow(),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }).notNull().defaultNow(),
    opens: integer('opens').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.reportCardId, t.parentId] }),
    foreignKey({
      columns: [t.schoolId, t.reportCardId],
      foreignColumns: [reportCards.schoolId, reportCards.reportCardId],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.schoolId, t.parentId],
      foreignColumns: [parents.schoolId, parents.parentId],
    }).onDelete('cascade'),
  ],
);
