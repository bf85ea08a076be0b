import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { schools } from './schools.ts';
import { students } from './people.ts';

// Who teaches which class, as the school's system says (OneRoster users, courses, classes,
// enrollments, academicSessions; docs/school-data.md). Ids are the school's own sourcedIds.

/** Teachers, counsellors and other staff a parent may see or reach. */
export const staff = pgTable(
  'staff',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    staffId: text('staff_id').notNull(),
    /** `teacher`, `counselor`, `administrator` or `aide` (OneRoster roles). */
    role: text('role').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull().default(''),
    email: text('email').notNull().default(''),
    titleEn: text('title_en').notNull().default(''),
    titleAr: text('title_ar').notNull().default(''),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.staffId] })],
);

/** Courses: what a class teaches (maths, Arabic...). */
export const subjects = pgTable(
  'subjects',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    subjectId: text('subject_id').notNull(),
    code: text('code').notNull().default(''),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull().default(''),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.subjectId] })],
);

/** A class: a homeroom (grade and section) or a scheduled class of one subject. */
export const classes = pgTable(
  'classes',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    classId: text('class_id').notNull(),
    /** `homeroom` or `scheduled` (OneRoster classType). */
    classType: text('class_type').notNull(),
    titleEn: text('title_en').notNull(),
    titleAr: text('title_ar').notNull().default(''),
    subjectId: text('subject_id'),
    gradeCode: text('grade_code').notNull().default(''),
    sectionCode: text('section_code').notNull().default(''),
    /** A homeroom's grade and section as its children's profiles show them ('' when not given). */
    gradeNameEn: text('grade_name_en').notNull().default(''),
    gradeNameAr: text('grade_name_ar').notNull().default(''),
    sectionNameEn: text('section_name_en').notNull().default(''),
    sectionNameAr: text('section_name_ar').notNull().default(''),
    room: text('room').notNull().default(''),
    termIds: text('term_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.classId] })],
);

/** Who is in a class: a student (by enrolment number) or a teacher (by staff id). */
export const enrollments = pgTable(
  'enrollments',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    enrollmentId: text('enrollment_id').notNull(),
    classId: text('class_id').notNull(),
    /** `student` or `teacher`. */
    role: text('role').notNull(),
    /** The enrolment number of a student, the staff id of a teacher. */
    personId: text('person_id').notNull(),
    primary: boolean('is_primary').notNull().default(false),
    beginsOn: date('begins_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.enrollmentId] }),
    uniqueIndex('enrollments_class_person_idx').on(t.schoolId, t.classId, t.role, t.personId),
    index('enrollments_person_idx').on(t.schoolId, t.personId),
    foreignKey({
      columns: [t.schoolId, t.classId],
      foreignColumns: [classes.schoolId, classes.classId],
    }).onDelete('cascade'),
  ],
);

/** Terms and grading periods of an academic year. */
export const terms = pgTable(
  'terms',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    termId: text('term_id').notNull(),
    academicYear: text('academic_year').notNull(),
    /** `term`, `semester` or `gradingPeriod`. */
    kind: text('kind').notNull(),
    titleEn: text('title_en').notNull(),
    titleAr: text('title_ar').notNull().default(''),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.termId] })],
);

/** What OneRoster demographics say of a child: birth date and sex only. */
export const studentDetails = pgTable(
  'student_details',
  {
    schoolId: text('school_id').notNull(),
    enrollNumber: text('enroll_number').notNull(),
    birthDate: date('birth_date', { mode: 'string' }),
    sex: text('sex'),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.enrollNumber] }),
    foreignKey({
      columns: [t.schoolId, t.enrollNumber],
      foreignColumns: [students.schoolId, students.enrollNumber],
    }).onDelete('cascade'),
  ],
);
