import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { parents, students } from './people.ts';
import { schools } from './schools.ts';

// Identity documents (docs/modules.md F6, module `kyc`): the types of document the school keeps on
// file (kyc_types.csv of its bundle, docs/school-data.md) and the documents the families upload.
// Each upload is a request of kind `kycDocument` of the request workflow (`requests`): its status
// is the request's, decided by the school through the staff API.

/** A type of document the school keeps on file, of each parent or of each child. */
export const kycDocumentTypes = pgTable(
  'kyc_document_types',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    typeId: text('type_id').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull().default(''),
    /** `parent` or `student`. */
    owner: text('owner').notNull(),
    /** The school needs one on file from everyone it concerns (else it takes one when given). */
    required: boolean('required').notNull().default(true),
    position: integer('position').notNull().default(0),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.typeId] })],
);

/** A document a family uploaded: the parent's own (no child) or a child's. */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    schoolId: text('school_id').notNull(),
    documentId: uuid('document_id').notNull().defaultRandom(),
    /** The parent who uploaded it; for the parent's own document, its owner. */
    parentId: text('parent_id').notNull(),
    /** The child it is of; null for the parent's own document. */
    enrollNumber: text('enroll_number'),
    typeId: text('type_id').notNull(),
    number: text('number').notNull().default(''),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    attachmentIds: uuid('attachment_ids').array().notNull(),
    /** The `kycDocument` request whose status is the document's. */
    requestId: uuid('request_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.documentId] }),
    index('kyc_documents_parent_idx').on(t.schoolId, t.parentId, t.typeId),
    index('kyc_documents_child_idx').on(t.schoolId, t.enrollNumber, t.typeId),
    index('kyc_documents_expiry_idx').on(t.schoolId, t.expiresOn),
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
