import { date, foreignKey, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { students } from './people.ts';

// Documents the school asks a family for (docs/modules.md F5, module `uploads`): one row per child
// asked, made through the staff API. The family answers with a request of kind `documentUpload`
// (`requests`, its payload naming the document request); when the school approves one, the
// document request is met.

/** A document the school asked of one child's family. */
export const documentRequests = pgTable(
  'document_requests',
  {
    schoolId: text('school_id').notNull(),
    documentRequestId: uuid('document_request_id').notNull().defaultRandom(),
    enrollNumber: text('enroll_number').notNull(),
    titleEn: text('title_en').notNull(),
    titleAr: text('title_ar').notNull(),
    detailsEn: text('details_en').notNull().default(''),
    detailsAr: text('details_ar').notNull().default(''),
    /** The day the school needs it by. */
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    /** Who asked: the staff member named, else the API key. */
    askedBy: text('asked_by').notNull(),
    /** When an upload answering it was approved; null while it is still wanted. */
    metAt: timestamp('met_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.documentRequestId] }),
    index('document_requests_child_idx').on(t.schoolId, t.enrollNumber, t.dueOn),
    foreignKey({
      columns: [t.schoolId, t.enrollNumber],
      foreignColumns: [students.schoolId, students.enrollNumber],
    }).onDelete('cascade'),
  ],
);
