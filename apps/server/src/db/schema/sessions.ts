import { foreignKey, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { parents } from './people.ts';

/** A signed-in session. Only the SHA-256 of the bearer token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    schoolId: text('school_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    parentId: text('parent_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.tokenHash] }),
    index('sessions_school_parent_idx').on(t.schoolId, t.parentId),
    // The ended sessions the retention job deletes (access/sign-in-retention.ts).
    index('sessions_expires_idx').on(t.expiresAt),
    foreignKey({
      columns: [t.schoolId, t.parentId],
      foreignColumns: [parents.schoolId, parents.parentId],
    }).onDelete('cascade'),
  ],
);

/** A parent's saved dashboard layout, as the JSON string the client sent. */
export const dashboardLayouts = pgTable(
  'dashboard_layouts',
  {
    schoolId: text('school_id').notNull(),
    parentId: text('parent_id').notNull(),
    layoutData: text('layout_data').notNull(),
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
