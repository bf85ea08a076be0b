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
import { bytea } from './columns.ts';
import { parents, students } from './people.ts';
import { schools } from './schools.ts';

// Publications and the inbox (F4, docs/decisions/021-publications-and-inbox.md): what the
// school publishes (circulars, news, albums, policies, exam material, class ambassadors), the
// files and pictures they carry, threads between a parent and the staff of a child, and the
// archive of every mail the portal sent a parent.

/** A file a publication carries (a PDF), by its name as the school gave it. */
export type TPublicationFileRef = { fileId: string; fileName: string; sizeBytes: number };

/** Who a circular is for; every list empty: the whole school. A child in any of them is in. */
export type TAudienceRow = { grades: string[]; sections: string[]; enrollNumbers: string[] };

/** A PDF of a publication, once per school and content (its id is the content's SHA-256). */
export const publicationFiles = pgTable(
  'publication_files',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    fileId: text('file_id').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.fileId] })],
);

/**
 * A picture of a news post or an album, re-encoded at each width it is served in (WebP). Its id
 * comes from the source's content, so importing the same picture again converts nothing.
 */
export const publicationImages = pgTable(
  'publication_images',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    imageId: text('image_id').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.imageId, t.width] })],
);

/** A circular: a letter to families, for an audience, perhaps to acknowledge by a day. */
export const circulars = pgTable(
  'circulars',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    circularId: text('circular_id').notNull(),
    titleEn: text('title_en').notNull(),
    titleAr: text('title_ar').notNull().default(''),
    bodyEn: text('body_en').notNull().default(''),
    bodyAr: text('body_ar').notNull().default(''),
    audience: jsonb('audience').$type<TAudienceRow>().notNull(),
    requiresAck: boolean('requires_ack').notNull().default(false),
    /** The last day to acknowledge; null: no deadline. */
    ackBy: date('ack_by', { mode: 'string' }),
    files: jsonb('files')
      .$type<TPublicationFileRef[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** `import` (a school-data bundle) or `staff` (the staff API), and the staff member when named. */
    source: text('source').notNull().default('import'),
    createdBy: text('created_by'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** When its recipients were told; null until told. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.circularId] }),
    index('circulars_published_idx').on(t.schoolId, t.publishedAt),
  ],
);

/**
 * The children a circular is addressed to, resolved from its audience when it is written (a
 * child who moves grade keeps the circulars sent to them, and a later one reaches the new grade).
 */
export const circularRecipients = pgTable(
  'circular_recipients',
  {
    schoolId: text('school_id').notNull(),
    circularId: text('circular_id').notNull(),
    enrollNumber: text('enroll_number').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.circularId, t.enrollNumber] }),
    index('circular_recipients_child_idx').on(t.schoolId, t.enrollNumber),
    foreignKey({
      columns: [t.schoolId, t.circularId],
      foreignColumns: [circulars.schoolId, circulars.circularId],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.schoolId, t.enrollNumber],
      foreignColumns: [students.schoolId, students.enrollNumber],
    }).onDelete('cascade'),
  ],
);

/** A news post of the school, with its picture. */
export const newsPosts = pgTable(
  'news_posts',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    newsId: text('news_id').notNull(),
    titleEn: text('title_en').notNull(),
    titleAr: text('title_ar').notNull().default(''),
    summaryEn: text('summary_en').notNull().default(''),
    summaryAr: text('summary_ar').notNull().default(''),
    bodyEn: text('body_en').notNull().default(''),
    bodyAr: text('body_ar').notNull().default(''),
    imageId: text('image_id'),
    imageAltEn: text('image_alt_en').notNull().default(''),
    imageAltAr: text('image_alt_ar').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.newsId] }),
    index('news_posts_published_idx').on(t.schoolId, t.publishedAt),
  ],
);

/** An album of photos, of one class (a child's class sees it) or of the whole school (null). */
export const galleryAlbums = pgTable(
  'gallery_albums',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    albumId: text('album_id').notNull(),
    classId: text('class_id'),
    titleEn: text('title_en').notNull(),
    titleAr: text('title_ar').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionAr: text('description_ar').notNull().default(''),
    takenOn: date('taken_on', { mode: 'string' }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.albumId] })],
);

/** A photo of an album, in the album's order. */
export const galleryItems = pgTable(
  'gallery_items',
  {
    schoolId: text('school_id').notNull(),
    itemId: text('item_id').notNull(),
    albumId: text('album_id').notNull(),
    position: integer('position').notNull().default(0),
    imageId: text('image_id').notNull(),
    captionEn: text('caption_en').notNull().default(''),
    captionAr: text('caption_ar').notNull().default(''),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.itemId] }),
    index('gallery_items_album_idx').on(t.schoolId, t.albumId, t.position),
  ],
);

/** A school policy at its current version; a new version asks parents to acknowledge it again. */
export const schoolPolicies = pgTable(
  'school_policies',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    policyId: text('policy_id').notNull(),
    version: text('version').notNull(),
    titleEn: text('title_en').notNull(),
    titleAr: text('title_ar').notNull().default(''),
    summaryEn: text('summary_en').notNull().default(''),
    summaryAr: text('summary_ar').notNull().default(''),
    /** The policy's PDF; null when the summary is the whole of it. */
    file: jsonb('file').$type<TPublicationFileRef | null>(),
    requiresAck: boolean('requires_ack').notNull().default(false),
    effectiveOn: date('effective_on', { mode: 'string' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.policyId] })],
);

/** A syllabus, revision pack or past paper of a grade (and term), with its file. */
export const examMaterials = pgTable(
  'exam_materials',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    materialId: text('material_id').notNull(),
    gradeCode: text('grade_code').notNull(),
    termId: text('term_id'),
    /** `syllabus`, `revision` or `pastPaper`. */
    kind: text('kind').notNull(),
    subjectEn: text('subject_en').notNull().default(''),
    subjectAr: text('subject_ar').notNull().default(''),
    titleEn: text('title_en').notNull(),
    titleAr: text('title_ar').notNull().default(''),
    file: jsonb('file').$type<TPublicationFileRef>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.materialId] }),
    index('exam_materials_grade_idx').on(t.schoolId, t.gradeCode),
  ],
);

/** A class ambassador (a parent who represents a class), as the school names them. */
export const classAmbassadors = pgTable(
  'class_ambassadors',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    ambassadorId: text('ambassador_id').notNull(),
    classId: text('class_id').notNull(),
    /** The parent of the portal when the school links one; null: named only. */
    parentId: text('parent_id'),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull().default(''),
    /** `ambassador` or `deputy`. */
    role: text('role').notNull().default('ambassador'),
    /** How parents of the class reach them ('' when the school does not share it). */
    email: text('email').notNull().default(''),
    sinceOn: date('since_on', { mode: 'string' }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.ambassadorId] }),
    index('class_ambassadors_class_idx').on(t.schoolId, t.classId),
  ],
);

/** A conversation between a parent and a staff member about one child. */
export const messageThreads = pgTable(
  'message_threads',
  {
    schoolId: text('school_id').notNull(),
    threadId: uuid('thread_id').notNull().defaultRandom(),
    parentId: text('parent_id').notNull(),
    enrollNumber: text('enroll_number').notNull(),
    staffId: text('staff_id').notNull(),
    subject: text('subject').notNull(),
    /** `open` or `closed` (a closed thread takes no message: 409 `M001`). */
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** The highest message number each side has read. */
    parentReadSeq: integer('parent_read_seq').notNull().default(0),
    staffReadSeq: integer('staff_read_seq').notNull().default(0),
    lastSeq: integer('last_seq').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.threadId] }),
    index('message_threads_parent_idx').on(t.schoolId, t.parentId, t.lastMessageAt),
    index('message_threads_staff_idx').on(t.schoolId, t.staffId),
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

/** One message of a thread, numbered from 1. */
export const threadMessages = pgTable(
  'thread_messages',
  {
    schoolId: text('school_id').notNull(),
    threadId: uuid('thread_id').notNull(),
    seq: integer('seq').notNull(),
    /** `parent` or `staff`, and who. */
    authorKind: text('author_kind').notNull(),
    authorId: text('author_id').notNull(),
    body: text('body').notNull(),
    attachmentIds: uuid('attachment_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.threadId, t.seq] }),
    foreignKey({
      columns: [t.schoolId, t.threadId],
      foreignColumns: [messageThreads.schoolId, messageThreads.threadId],
    }).onDelete('cascade'),
  ],
);

/** A mail the portal sent a parent, as sent (sign-in codes are not kept: a code is a secret). */
export const emailArchive = pgTable(
  'email_archive',
  {
    schoolId: text('school_id').notNull(),
    emailId: uuid('email_id').notNull().defaultRandom(),
    parentId: text('parent_id').notNull(),
    /** `notice` (one notification) or `digest` (the day's summary). */
    kind: text('kind').notNull(),
    /** The notice's category; null for a digest. */
    category: text('category'),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    language: text('language').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.emailId] }),
    index('email_archive_parent_idx').on(t.schoolId, t.parentId, t.sentAt),
    foreignKey({
      columns: [t.schoolId, t.parentId],
      foreignColumns: [parents.schoolId, parents.parentId],
    }).onDelete('cascade'),
  ],
);

/** Keys the portal makes itself at first start and shares between its instances (by name). */
export const portalSecrets = pgTable('portal_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
