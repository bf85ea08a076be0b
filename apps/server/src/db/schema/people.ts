import { sql } from 'drizzle-orm';
import { foreignKey, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { schools } from './schools.ts';

/** A parent account, created by the school. `username` is unique within the school. */
export const parents = pgTable(
  'parents',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    parentId: text('parent_id').notNull(),
    username: text('username').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    email: text('email').notNull(),
    imageUrl: text('image_url').notNull().default(''),
    /** Argon2id PHC string; null until the parent has chosen a password. */
    passwordHash: text('password_hash'),
    /** Google's stable subject id, recorded at the first Google sign-in. */
    googleSub: text('google_sub'),
    /** Facebook's app-scoped user id, recorded at the first Facebook sign-in. */
    facebookId: text('facebook_id'),
    /** The school system's id of this guardian (OneRoster sourcedId); null for a parent it has not sent. */
    sourcedId: text('sourced_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.parentId] }),
    uniqueIndex('parents_school_username_idx').on(t.schoolId, sql`lower(${t.username})`),
    uniqueIndex('parents_school_google_sub_idx')
      .on(t.schoolId, t.googleSub)
      .where(sql`${t.googleSub} is not null`),
    uniqueIndex('parents_school_facebook_id_idx')
      .on(t.schoolId, t.facebookId)
      .where(sql`${t.facebookId} is not null`),
    uniqueIndex('parents_school_sourced_id_idx')
      .on(t.schoolId, t.sourcedId)
      .where(sql`${t.sourcedId} is not null`),
  ],
);

/** A student, with the school system's field names (docs/product-spec.md section 3). */
export const students = pgTable(
  'students',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    enrollNumber: text('enroll_number').notNull(),
    academicStatus: text('academic_status').notNull(),
    fullName: text('full_name').notNull(),
    imageUrl: text('image_url').notNull().default(''),
    imageLowresUrl: text('image_lowres_url').notNull().default(''),
    passportFirstNameEn: text('passport_first_name_en').notNull().default(''),
    passportMiddleNameEn: text('passport_middle_name_en').notNull().default(''),
    passportLastNameEn: text('passport_last_name_en').notNull().default(''),
    academicYear: text('academic_year').notNull(),
    curriculumCode: text('cur_code').notNull(),
    gradeCode: text('grade_code').notNull(),
    sectionCode: text('section_code').notNull(),
    gradeNameEn: text('grade_name_en').notNull(),
    sectionNameEn: text('section_name_en').notNull(),
    /** Arabic names of the grade and section; '' when the school gave none (the English one is shown). */
    gradeNameAr: text('grade_name_ar').notNull().default(''),
    sectionNameAr: text('section_name_ar').notNull().default(''),
    /** The school system's id of this student (OneRoster sourcedId); null when not imported. */
    sourcedId: text('sourced_id'),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.enrollNumber] }),
    uniqueIndex('students_school_sourced_id_idx')
      .on(t.schoolId, t.sourcedId)
      .where(sql`${t.sourcedId} is not null`),
  ],
);

/** Which parent may see which student. Both must belong to the same school. */
export const parentStudents = pgTable(
  'parent_students',
  {
    schoolId: text('school_id').notNull(),
    parentId: text('parent_id').notNull(),
    enrollNumber: text('enroll_number').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.parentId, t.enrollNumber] }),
    foreignKey({
      columns: [t.schoolId, t.parentId],
      foreignColumns: [parents.schoolId, parents.parentId],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.schoolId, t.enrollNumber],
      foreignColumns: [students.schoolId, students.enrollNumber],
    }).onDelete('cascade'),
  ],
);
