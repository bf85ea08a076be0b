import { foreignKey, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { requests } from './kits.ts';

// Exit slips (docs/modules.md F5, "Exit slip"): the slip itself is a request of kind `exitSlip`
// (`requests`); this table keeps its gate code once the parent first shows it. Only the code's
// SHA-256 is stored: the database never holds a code the gate would take.

/** The gate code of an approved exit slip: its hash, and what happened at the gate. */
export const exitSlipCodes = pgTable(
  'exit_slip_codes',
  {
    schoolId: text('school_id').notNull(),
    requestId: uuid('request_id').notNull(),
    /** SHA-256 (hex) of the code. */
    tokenHash: text('token_hash').notNull(),
    /** When the gate verified the code (it is single-use); null before. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** When the child was handed over to the collector; null before. */
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
    /** The member of staff who handed the child over, when the gate named one. */
    handedOverBy: text('handed_over_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.requestId] }),
    unique('exit_slip_codes_token_uq').on(t.schoolId, t.tokenHash),
    foreignKey({
      columns: [t.schoolId, t.requestId],
      foreignColumns: [requests.schoolId, requests.requestId],
    }).onDelete('cascade'),
  ],
);
