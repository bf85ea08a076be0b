import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
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

/**
 * Changes the school approved in the portal, for the school's system to take
 * (docs/school-data.md, "The change feed"): one row per field, numbered per school in the order
 * of their commits (kits/sis-changes.ts), read with `GET /api/v1/sis/changes?since`.
 */
export const sisChanges = pgTable(
  'sis_changes',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.schoolId, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    /** `parent` or `student`. */
    entity: text('entity').notNull(),
    /** The portal's id of the record: a parent id or an enrolment number. */
    recordId: text('record_id').notNull(),
    /** The school system's id of the record (its OneRoster sourcedId), when known. */
    sourcedId: text('sourced_id'),
    field: text('field').notNull(),
    /** The new value; null when the field was emptied. */
    value: text('value'),
    /** The request whose approval made the change. */
    requestId: uuid('request_id'),
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.seq] })],
);
