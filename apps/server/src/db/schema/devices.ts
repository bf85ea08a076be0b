import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { parents } from './people.ts';

// What a parent's devices hold for the portal: passkeys that sign in, and the push
// subscriptions that receive instant notices (docs/decisions/025-passkeys-pwa-push.md).

/** A WebAuthn credential registered by a parent; the relying party is the school's host. */
export const passkeys = pgTable(
  'passkeys',
  {
    schoolId: text('school_id').notNull(),
    /** The credential id, base64url. */
    credentialId: text('credential_id').notNull(),
    parentId: text('parent_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    signCount: integer('sign_count').notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    /** `singleDevice` or `multiDevice` (synced). */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    /** The parent's name for it; the browser and system when it was added, until renamed. */
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.credentialId] }),
    index('passkeys_parent_idx').on(t.schoolId, t.parentId),
    foreignKey({
      columns: [t.schoolId, t.parentId],
      foreignColumns: [parents.schoolId, parents.parentId],
    }).onDelete('cascade'),
  ],
);

/**
 * A WebAuthn challenge the server issued, used once before it expires: `register` (for the
 * signed-in parent) or `sign-in` (for whoever answers it with a passkey of this school).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    schoolId: text('school_id').notNull(),
    /** The challenge, base64url. */
    challenge: text('challenge').notNull(),
    purpose: text('purpose').notNull(),
    /** The parent adding a passkey; null for a sign-in. */
    parentId: text('parent_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.challenge] }),
    index('webauthn_challenges_expiry_idx').on(t.expiresAt),
  ],
);

/** A browser's Web Push subscription for a parent. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    schoolId: text('school_id').notNull(),
    /** The push service's address for this browser. */
    endpoint: text('endpoint').notNull(),
    parentId: text('parent_id').notNull(),
    /** The browser's P-256 public key and auth secret, base64url. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.endpoint] }),
    index('push_subscriptions_parent_idx').on(t.schoolId, t.parentId),
    foreignKey({
      columns: [t.schoolId, t.parentId],
      foreignColumns: [parents.schoolId, parents.parentId],
    }).onDelete('cascade'),
  ],
);
