import { sql } from 'drizzle-orm';
import {
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { schools } from './schools.ts';
import { parents, students } from './people.ts';

// The schedule family (F1): attendance, timetable, school calendar, agenda and calendar feeds.
// Rows come from the school's bundles and the staff API (docs/school-data.md).

/** One school day of one child. Days without a row are shown as "not recorded". */
export const attendanceDays = pgTable(
  'attendance_days',
  {
    schoolId: text('school_id').notNull(),
    enrollNumber: text('enroll_number').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** `present`, `absent`, `late` or `excused`. */
    status: text('status').notNull(),
    note: text('note').notNull().default(''),
    /** Late arrival time `HH:MM` when the school gives one. */
    arrivedAt: text('arrived_at'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.enrollNumber, t.day] }),
    foreignKey({
      columns: [t.schoolId, t.enrollNumber],
      foreignColumns: [students.schoolId, students.enrollNumber],
    }).onDelete('cascade'),
  ],
);

/** A weekly lesson of a class: ISO weekday (1 Monday .. 7 Sunday), period, times in the school's zone. */
export const timetablePeriods = pgTable(
  'timetable_periods',
  {
    schoolId: text('school_id').notNull(),
    periodId: text('period_id').notNull(),
    classId: text('class_id').notNull(),
    weekday: integer('weekday').notNull(),
    periodNo: integer('period_no').notNull(),
    startsAt: text('starts_at').notNull(),
    endsAt: text('ends_at').notNull(),
    room: text('room').notNull().default(''),
    /** The teacher of this lesson when it is not the class's primary teacher. */
    staffId: text('staff_id'),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.periodId] }),
    index('timetable_periods_class_idx').on(t.schoolId, t.classId),
  ],
);

/** Terms, holidays, events and exams of the school calendar; `audience_grades` empty = every grade. */
export const schoolCalendar = pgTable(
  'school_calendar',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    /** `holiday`, `event`, `exam` or `term`. */
    kind: text('kind').notNull(),
    titleEn: text('title_en').notNull(),
    titleAr: text('title_ar').notNull().default(''),
    detailEn: text('detail_en').notNull().default(''),
    detailAr: text('detail_ar').notNull().default(''),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    /** `HH:MM` in the school's zone; null for an all-day event. */
    startsAt: text('starts_at'),
    endsAt: text('ends_at'),
    audienceGrades: text('audience_grades')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Null: a draft, not shown; in the future: shown from then. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.eventId] }),
    index('school_calendar_days_idx').on(t.schoolId, t.startsOn),
  ],
);

/** Homework and other diary items of a class, by the day they are due. */
export const agendaItems = pgTable(
  'agenda_items',
  {
    schoolId: text('school_id').notNull(),
    itemId: text('item_id').notNull(),
    classId: text('class_id').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    /** `homework`, `classwork`, `reminder` or `test`. */
    kind: text('kind').notNull(),
    titleEn: text('title_en').notNull(),
    titleAr: text('title_ar').notNull().default(''),
    detailEn: text('detail_en').notNull().default(''),
    detailAr: text('detail_ar').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.itemId] }),
    index('agenda_items_class_idx').on(t.schoolId, t.classId, t.dueOn),
  ],
);

/** A parent's tick on a diary item, per child. */
export const agendaDone = pgTable(
  'agenda_done',
  {
    schoolId: text('school_id').notNull(),
    itemId: text('item_id').notNull(),
    enrollNumber: text('enroll_number').notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.itemId, t.enrollNumber] }),
    foreignKey({
      columns: [t.schoolId, t.itemId],
      foreignColumns: [agendaItems.schoolId, agendaItems.itemId],
    }).onDelete('cascade'),
  ],
);

/**
 * A parent's personal iCalendar address. The token is kept as is, so the parent can copy the
 * address again; it opens only that calendar (read-only), and rotating it revokes the old one.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    schoolId: text('school_id').notNull(),
    parentId: text('parent_id').notNull(),
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.parentId] }),
    uniqueIndex('calendar_feeds_token_idx').on(t.token),
    foreignKey({
      columns: [t.schoolId, t.parentId],
      foreignColumns: [parents.schoolId, parents.parentId],
    }).onDelete('cascade'),
  ],
);
