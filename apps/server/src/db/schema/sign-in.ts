import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { parents } from './people.ts';
import { schools } from './schools.ts';

/**
 * One-time codes, stored as hashes. A code serves one purpose for one parent, once,
 * until it expires or has been tried too often.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    schoolId: text('school_id').notNull(),
    codeId: uuid('code_id').notNull(),
    parentId: text('parent_id').notNull(),
    /** `sign-in`, `register` or `reset`. */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    /** Registration: the password chosen with the request, set when the code is verified. */
    pendingPasswordHash: text('pending_password_hash'),
    /** A change of e-mail address: the new address the code was sent to, set when the code is verified. */
    pendingEmail: text('pending_email'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.codeId] }),
    index('one_time_codes_parent_idx').on(t.schoolId, t.parentId, t.purpose),
    index('one_time_codes_expires_idx').on(t.expiresAt),
    foreignKey({
      columns: [t.schoolId, t.parentId],
      foreignColumns: [parents.schoolId, parents.parentId],
    }).onDelete('cascade'),
  ],
);

/**
 * Consecutive failed password sign-ins per username, whether or not an account has that
 * username, so a lock says nothing about which accounts exist.
 */
export const signInGuards = pgTable(
  'sign_in_guards',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    /** The username as typed, trimmed and lower-cased. */
    usernameKey: text('username_key').notNull(),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.usernameKey] })],
);

/**
 * Every sign-in of a parent (the account's sign-in history): when, how (password, code, google,
 * facebook, passkey), from which browser and address, and the session it opened (the SHA-256 of
 * its token), so the history can say which entry is this device and which are still signed in.
 */
export const signIns = pgTable(
  'sign_ins',
  {
    schoolId: text('school_id').notNull(),
    signInId: uuid('sign_in_id').notNull(),
    parentId: text('parent_id').notNull(),
    method: text('method').notNull(),
    /** The browser's User-Agent, cut to 300 characters. */
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    tokenHash: text('token_hash').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.signInId] }),
    index('sign_ins_parent_at_idx').on(t.schoolId, t.parentId, t.at),
    // The old sign-ins the retention job deletes (access/sign-in-retention.ts).
    index('sign_ins_at_idx').on(t.at),
    foreignKey({
      columns: [t.schoolId, t.parentId],
      foreignColumns: [parents.schoolId, parents.parentId],
    }).onDelete('cascade'),
  ],
);
