import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { schools } from './schools.ts';

/** The catalogue of applications (modules), shared by every school. */
export const applications = pgTable('applications', {
  code: text('code').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameAr: text('name_ar').notNull(),
});

/** The applications a school grants to a role (today only `parent`). */
export const schoolRoleApplications = pgTable(
  'school_role_applications',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    applicationCode: text('application_code')
      .notNull()
      .references(() => applications.code),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.role, t.applicationCode] })],
);
