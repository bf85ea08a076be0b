import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea } from './columns.ts';
import { schools } from './schools.ts';

// Tables of the kits several families share: attachments and the request workflow
// (docs/decisions/018-module-families.md).

/** A file's bytes, once per school and content (two uploads of one file share them). */
export const attachmentBlobs = pgTable(
  'attachment_blobs',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    sha256: text('sha256').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.sha256] })],
);

/** A file a parent uploaded; unused after 24 h, it is purged. */
export const attachments = pgTable(
  'attachments',
  {
    schoolId: text('school_id').notNull(),
    attachmentId: uuid('attachment_id').notNull().defaultRandom(),
    parentId: text('parent_id').notNull(),
    fileName: text('file_name').notNull(),
    /** Typed by its first bytes: `application/pdf`, `image/jpeg`, `image/png` or `image/webp`. */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    /** What it is attached to (`request:<id>`, `message:<id>`...); null until used. */
    usedBy: text('used_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.attachmentId] }),
    index('attachments_owner_idx').on(t.schoolId, t.parentId),
    index('attachments_unused_idx').on(t.createdAt),
  ],
);

/** A parent's request of any kind, its state and the kind's own fields (checked by the kind's schema). */
export const requests = pgTable(
  'requests',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    requestId: uuid('request_id').notNull().defaultRandom(),
    kind: text('kind').notNull(),
    parentId: text('parent_id').notNull(),
    /** `draft`, `submitted`, `in_review`, `approved`, `rejected` or `cancelled`. */
    status: text('status').notNull(),
    enrollNumbers: text('enroll_numbers').array().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Bumped by every change: a change made against an older version lost a race (409 `R001`). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.requestId] }),
    index('requests_parent_idx').on(t.schoolId, t.parentId, t.createdAt),
    index('requests_status_idx').on(t.schoolId, t.kind, t.status),
  ],
);

/** Every change of a request's state: who, when, from which state to which, and why. */
export const requestEvents = pgTable(
  'request_events',
  {
    schoolId: text('school_id').notNull(),
    requestId: uuid('request_id').notNull(),
    seq: integer('seq').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** `parent`, `staff`, `key` or `system`, and its id. */
    actorKind: text('actor_kind').notNull(),
    actorId: text('actor_id').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.requestId, t.seq] })],
);

/**
 * A parent's acknowledgement of something the school published (a circular, a policy, an
 * incident), per child. The first one is kept: acknowledging again changes nothing.
 */
export const acknowledgements = pgTable(
  'acknowledgements',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    /** What was acknowledged: `circular`, `policy`, `incident`... */
    subjectKind: text('subject_kind').notNull(),
    subjectId: text('subject_id').notNull(),
    enrollNumber: text('enroll_number').notNull(),
    parentId: text('parent_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.subjectKind, t.subjectId, t.enrollNumber] })],
);
