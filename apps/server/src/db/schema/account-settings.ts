import { foreignKey, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { parents } from './people.ts';

/**
 * What a parent keeps on the account, across devices: pinned menu entries (shown first in the
 * menu), the language and theme chosen (null: follow the device), and when the parent last
 * opened the requests page (Home names the decisions made since, docs/modules.md section 5).
 */
export const accountSettings = pgTable(
  'account_settings',
  {
    schoolId: text('school_id').notNull(),
    parentId: text('parent_id').notNull(),
    /** Menu entry keys, in the parent's order. */
    pinnedModules: text('pinned_modules').array().notNull().default([]),
    language: text('language'),
    theme: text('theme'),
    requestsSeenAt: timestamp('requests_seen_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.parentId] }),
    foreignKey({
      columns: [t.schoolId, t.parentId],
      foreignColumns: [parents.schoolId, parents.parentId],
    }).onDelete('cascade'),
  ],
);
