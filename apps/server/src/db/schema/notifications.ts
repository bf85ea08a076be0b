import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  foreignKey,
} from 'drizzle-orm/pg-core';
import { parents } from './people.ts';

// One inbox per parent, written in the same transaction as the change it tells of, and the
// parent's choices of how each category reaches them (docs/notifications.md).

/** One notice to one parent, naming its child (null: the whole family). */
export const notifications = pgTable(
  'notifications',
  {
    schoolId: text('school_id').notNull(),
    notificationId: uuid('notification_id').notNull().defaultRandom(),
    parentId: text('parent_id').notNull(),
    /** One of NOTIFICATION_CATEGORIES (contracts/kits/inbox.ts). */
    category: text('category').notNull(),
    /** What happened, e.g. `attendance.absent`. */
    kind: text('kind').notNull(),
    enrollNumber: text('enroll_number'),
    titleEn: text('title_en').notNull(),
    titleAr: text('title_ar').notNull(),
    bodyEn: text('body_en').notNull(),
    bodyAr: text('body_ar').notNull(),
    /** The portal path that opens what the notice is about. */
    path: text('path').notNull().default(''),
    /** The same event told twice keeps one notice (an import run again notifies no one). */
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /**
     * `pending` (to mail now), `digest` (in the next daily mail), `sent`, `skipped` (off);
     * `sending` and `digest-sending` while the mail job has it (docs/notifications.md).
     */
    mailState: text('mail_state').notNull(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    /**
     * `pending` (an instant notice to push to the parent's browsers), `sending` while a push job
     * has it (since `push_claimed_at`), `sent`, `failed` after too many attempts, or `none` (not
     * instant, no browser subscribed, read or too old): apps/server/src/modules/inbox/push-queue.ts
     * and docs/notifications.md.
     */
    pushState: text('push_state').notNull().default('none'),
    /** Attempts at the push that failed. */
    pushAttempts: integer('push_attempts').notNull().default(0),
    /** When a push job claimed it (`sending`); a claim left by a stopped server is freed later. */
    pushClaimedAt: timestamp('push_claimed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.notificationId] }),
    uniqueIndex('notifications_dedupe_idx').on(t.schoolId, t.parentId, t.dedupeKey),
    index('notifications_inbox_idx').on(t.schoolId, t.parentId, t.createdAt),
    index('notifications_mail_idx').on(t.mailState, t.createdAt),
    index('notifications_push_idx').on(t.pushState, t.createdAt),
    foreignKey({
      columns: [t.schoolId, t.parentId],
      foreignColumns: [parents.schoolId, parents.parentId],
    }).onDelete('cascade'),
  ],
);

/** How one category reaches one parent: `instant`, `digest` or `off` (none: the category's default). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    schoolId: text('school_id').notNull(),
    parentId: text('parent_id').notNull(),
    category: text('category').notNull(),
    mode: text('mode').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.parentId, t.category] }),
    foreignKey({
      columns: [t.schoolId, t.parentId],
      foreignColumns: [parents.schoolId, parents.parentId],
    }).onDelete('cascade'),
  ],
);

/** A parent's language for mail and quiet hours (`HH:MM` in the school's zone; null: none). */
export const parentSettings = pgTable(
  'parent_settings',
  {
    schoolId: text('school_id').notNull(),
    parentId: text('parent_id').notNull(),
    language: text('language').notNull().default('en'),
    quietFrom: text('quiet_from'),
    quietTo: text('quiet_to'),
    /** When the daily digest is mailed, `HH:MM` in the school's zone. */
    digestAt: text('digest_at').notNull().default('18:00'),
    lastDigestOn: text('last_digest_on'),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.parentId] }),
    foreignKey({
      columns: [t.schoolId, t.parentId],
      foreignColumns: [parents.schoolId, parents.parentId],
    }).onDelete('cascade'),
  ],
);
