import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TDatabase } from '../db/client.ts';
import { portalSecrets } from '../db/schema/index.ts';

// Keys the portal makes for itself and the tokens it signs with them: unsubscribe links
// (docs/notifications.md), student ID codes and exit-slip gate codes (docs/modules.md F5, F6);
// the Web Push key pair is kept the same way (docs/notifications.md).
// A key is made at its first use and kept in `portal_secrets`, so every instance on the same
// database signs and checks with the same one; one instance wins the insert, the others read
// its key. A token is `base64url(fields joined by newlines).base64url(HMAC-SHA256)`.

const secrets = new WeakMap<TDatabase, Map<string, Promise<string>>>();

/**
 * The portal's secret of this name: made by `make` at first use, then read once per process
 * and database. Every instance answers the value of the one whose insert won.
 */
export function portalSecret(db: TDatabase, name: string, make: () => string): Promise<string> {
  let byName = secrets.get(db);
  if (!byName) {
    byName = new Map();
    secrets.set(db, byName);
  }
  let secret = byName.get(name);
  if (!secret) {
    secret = (async () => {
      await db.insert(portalSecrets).values({ name, value: make() }).onConflictDoNothing();
      const [row] = await db
        .select({ value: portalSecrets.value })
        .from(portalSecrets)
        .where(eq(portalSecrets.name, name));
      if (!row) throw new Error(`the portal secret ${name} could not be kept`);
      return row.value;
    })();
    // A failure (the database down) is not kept: the next use tries again.
    secret.catch(() => byName.delete(name));
    byName.set(name, secret);
  }
  return secret;
}

/** The portal's signing key of this name (32 random bytes), made at first use. */
export async function portalKey(db: TDatabase, name: string): Promise<Buffer> {
  return Buffer.from(await portalSecret(db, name, () => randomBytes(32).toString('base64url')), 'base64url');
}

/** HMAC-SHA256 of a text under a key. */
export const macOf = (key: Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/** A token carrying these fields (none may hold a newline), signed with the key. */
export function signFields(key: Buffer, fields: readonly string[]): string {
  const payload = fields.join('\n');
  return `${Buffer.from(payload, 'utf8').toString('base64url')}.${macOf(key, payload).toString('base64url')}`;
}

/** The fields of a token signed with the key, or null when it is not one (altered, made up). */
export function readFields(key: Buffer, token: string): string[] | null {
  const match = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const payload = Buffer.from(match[1]!, 'base64url').toString('utf8');
  const given = Buffer.from(match[2]!, 'base64url');
  // base64url decoding ignores what it cannot read: the token must be the exact encoding.
  if (
    given.toString('base64url') !== match[2] ||
    Buffer.from(payload, 'utf8').toString('base64url') !== match[1]
  )
    return null;
  const expected = macOf(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return payload.split('\n');
}
