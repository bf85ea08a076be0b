import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  foreignKey,
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
import { students } from './people.ts';

// The care and conduct family (F3): what the school shares with parents about a child's
// conduct, health, wellbeing, goals and work. Only parent-visible records are imported (no
// confidential counselling notes); reads of medical and counselling records are logged.

/** A target of a goal or improvement plan, in the school's words. */
export type TCareTargetRow = {
  titleEn: string;
  titleAr: string;
  status: 'notStarted' | 'inProgress' | 'met';
  dueOn: string | null;
};

/** One care record of a child: a merit, an incident, a clinic visit, a goal, a piece of work... */
export const careRecords = pgTable(
  'care_records',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    recordId: text('record_id').notNull(),
    enrollNumber: text('enroll_number').notNull(),
    /** One of CARE_KINDS (contracts/families/care.ts). */
    kind: text('kind').notNull(),
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    titleEn: text('title_en').notNull(),
    titleAr: text('title_ar').notNull().default(''),
    detailEn: text('detail_en').notNull().default(''),
    detailAr: text('detail_ar').notNull().default(''),
    categoryEn: text('category_en').notNull().default(''),
    categoryAr: text('category_ar').notNull().default(''),
    points: integer('points'),
    /** Who recorded it (a staff id of the roster); null when the school does not say. */
    staffId: text('staff_id'),
    /** `open` or `closed` (goals and plans; a closed one takes no comment). */
    status: text('status').notNull().default('open'),
    severity: text('severity'),
    wellbeingScore: integer('wellbeing_score'),
    targets: jsonb('targets')
      .$type<TCareTargetRow[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** A portfolio piece's https address. */
    link: text('link'),
    requiresAck: boolean('requires_ack').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** When the parents were told of it; null until told (or when it needs no notice). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.recordId] }),
    index('care_records_child_idx').on(t.schoolId, t.enrollNumber, t.kind),
    foreignKey({
      columns: [t.schoolId, t.enrollNumber],
      foreignColumns: [students.schoolId, students.enrollNumber],
    }).onDelete('cascade'),
  ],
);

/** An item of a medical profile (an allergy, a condition, a medicine). */
export type TMedicalItemRow = { nameEn: string; nameAr: string; noteEn: string; noteAr: string };

/** What the school nurse knows of a child. */
export const medicalProfiles = pgTable(
  'medical_profiles',
  {
    schoolId: text('school_id').notNull(),
    enrollNumber: text('enroll_number').notNull(),
    bloodGroup: text('blood_group').notNull().default(''),
    allergies: jsonb('allergies')
      .$type<TMedicalItemRow[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    conditions: jsonb('conditions')
      .$type<TMedicalItemRow[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    medications: jsonb('medications')
      .$type<TMedicalItemRow[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    dietaryEn: text('dietary_en').notNull().default(''),
    dietaryAr: text('dietary_ar').notNull().default(''),
    reviewedOn: date('reviewed_on', { mode: 'string' }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.enrollNumber] }),
    foreignKey({
      columns: [t.schoolId, t.enrollNumber],
      foreignColumns: [students.schoolId, students.enrollNumber],
    }).onDelete('cascade'),
  ],
);

/** A comment on a goal or plan, by a parent or the school, in order. */
export const careComments = pgTable(
  'care_comments',
  {
    schoolId: text('school_id').notNull(),
    recordId: text('record_id').notNull(),
    seq: integer('seq').notNull(),
    /** `parent` or `staff`, and its id. */
    authorKind: text('author_kind').notNull(),
    authorId: text('author_id').notNull(),
    body: text('body').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.recordId, t.seq] }),
    foreignKey({
      columns: [t.schoolId, t.recordId],
      foreignColumns: [careRecords.schoolId, careRecords.recordId],
    }).onDelete('cascade'),
  ],
);

/** Who read a child's sensitive records (medical, counselling) and when: the school's log. */
export const sensitiveReads = pgTable(
  'sensitive_reads',
  {
    schoolId: text('school_id').notNull(),
    readId: uuid('read_id').notNull().defaultRandom(),
    parentId: text('parent_id').notNull(),
    enrollNumber: text('enroll_number').notNull(),
    /** The module read: `medical` or `counselling`. */
    module: text('module').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.readId] }),
    index('sensitive_reads_child_idx').on(t.schoolId, t.enrollNumber, t.at),
  ],
);
