import { foreignKey, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea } from './columns.ts';
import { students } from './people.ts';

/**
 * Photos parents set for their children, in the database so every instance serves them.
 * The id is random: the photo's address is unguessable, as it must be for an <img> tag.
 */
export const studentPhotos = pgTable(
  'student_photos',
  {
    schoolId: text('school_id').notNull(),
    photoId: uuid('photo_id').notNull(),
    enrollNumber: text('enroll_number').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.photoId] }),
    foreignKey({
      columns: [t.schoolId, t.enrollNumber],
      foreignColumns: [students.schoolId, students.enrollNumber],
    }).onDelete('cascade'),
  ],
);

/** Translation keys the web app asked for and did not find (recorded outside production). */
export const missingTranslations = pgTable(
  'missing_translations',
  {
    language: text('language').notNull(),
    namespace: text('namespace').notNull(),
    key: text('key').notNull(),
    fallback: text('fallback').notNull().default(''),
    reports: integer('reports').notNull().default(1),
    lastReportedAt: timestamp('last_reported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.language, t.namespace, t.key] })],
);
