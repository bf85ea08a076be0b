import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { schools } from './schools.ts';

// School data in: keys for the school's systems, the bundles they sent, and what they did
// (docs/school-data.md, docs/decisions/018-module-families.md).

/** What a key may call: the sync API, the staff API, the gate's checks. */
export const API_KEY_SCOPES = ['sis', 'staff', 'gate'] as const;
export type TApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** A school system's key. Only its SHA-256 is kept; the key itself is shown once when made. */
export const apiKeys = pgTable(
  'api_keys',
  {
    keyId: uuid('key_id').primaryKey().defaultRandom(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    /** Hex SHA-256 of the key (keys are long random strings: no slow hash is needed). */
    keyHash: text('key_hash').notNull(),
    scopes: text('scopes').array().$type<TApiKeyScope[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_hash_idx').on(t.keyHash), index('api_keys_school_idx').on(t.schoolId)],
);

/** The school system a school's bundles come from: its OneRoster org, bound at the first import. */
export const schoolDataSources = pgTable('school_data_sources', {
  schoolId: text('school_id')
    .primaryKey()
    .references(() => schools.schoolId, { onDelete: 'cascade' }),
  orgSourcedId: text('org_sourced_id').notNull(),
  boundAt: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every bundle sent to the sync API, applied, refused or only checked (a dry run). */
export const schoolDataImports = pgTable(
  'school_data_imports',
  {
    importId: uuid('import_id').primaryKey().defaultRandom(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    keyId: uuid('key_id'),
    /** `applied`, `refused` or `checked` (a dry run that found no problem). */
    outcome: text('outcome').notNull(),
    dryRun: text('dry_run').notNull().default('0'),
    /** Hex SHA-256 of the bundle as received. */
    bundleHash: text('bundle_hash').notNull(),
    counts: jsonb('counts')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** The first problems found (capped), as `{file, row, column, messageId, message}`. */
    errors: jsonb('errors')
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('school_data_imports_school_idx').on(t.schoolId, t.startedAt)],
);

/**
 * What school systems did through the staff API: the acting `staffId` when a call names one,
 * else the key. Kept for the school's own checks.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    auditId: uuid('audit_id').notNull().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    keyId: uuid('key_id'),
    staffId: text('staff_id'),
    action: text('action').notNull(),
    detail: jsonb('detail')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.auditId] }), index('audit_log_at_idx').on(t.schoolId, t.at)],
);
