import { createHash } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import type { TPasskey } from '@portal/contracts/passkeys';
import type { TDatabase } from '../../../db/client.ts';
import { parents, passkeys } from '../../../db/schema/index.ts';

/** A stored passkey, as sign-in needs it. */
export type TStoredPasskey = typeof passkeys.$inferSelect;

/**
 * The WebAuthn user handle of a parent: a hash of the school and parent ids (32 bytes,
 * base64url), the same for every passkey of the account and saying nothing about the parent.
 */
export function userHandleOf(schoolId: string, parentId: string): string {
  return createHash('sha256').update(`${schoolId}\n${parentId}`).digest('base64url');
}

const shapeOf = (
  row: Pick<TStoredPasskey, 'credentialId' | 'name' | 'createdAt' | 'lastUsedAt' | 'backedUp'>,
): TPasskey => ({
  id: row.credentialId,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  synced: row.backedUp,
});

/** The parent's passkeys, newest first. */
export async function listPasskeys(db: TDatabase, schoolId: string, parentId: string): Promise<TPasskey[]> {
  const rows = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.schoolId, schoolId), eq(passkeys.parentId, parentId)))
    .orderBy(desc(passkeys.createdAt), desc(passkeys.credentialId));
  return rows.map(shapeOf);
}

/** How many passkeys the parent has. */
export async function countPasskeys(db: TDatabase, schoolId: string, parentId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(passkeys)
    .where(and(eq(passkeys.schoolId, schoolId), eq(passkeys.parentId, parentId)));
  return row?.n ?? 0;
}

/** The names the browser shows for the account: its username and the parent's name. */
export async function findAccountNames(
  db: TDatabase,
  schoolId: string,
  parentId: string,
): Promise<{ username: string; name: string } | null> {
  const [row] = await db
    .select({ username: parents.username, name: parents.nameEn })
    .from(parents)
    .where(and(eq(parents.schoolId, schoolId), eq(parents.parentId, parentId)))
    .limit(1);
  return row ?? null;
}

/** The credential ids and transports of the parent's passkeys (the browser offers none of them again). */
export async function listCredentials(
  db: TDatabase,
  schoolId: string,
  parentId: string,
): Promise<{ id: string; transports: string[] }[]> {
  return db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(and(eq(passkeys.schoolId, schoolId), eq(passkeys.parentId, parentId)));
}

/** Keeps a new passkey; null when this school has the credential already. */
export async function insertPasskey(
  db: TDatabase,
  row: Omit<TStoredPasskey, 'createdAt' | 'lastUsedAt'>,
): Promise<TPasskey | null> {
  const [inserted] = await db.insert(passkeys).values(row).onConflictDoNothing().returning();
  return inserted ? shapeOf(inserted) : null;
}

/** Removes one of the parent's passkeys; false when the parent has none with this id. */
export async function deletePasskey(
  db: TDatabase,
  schoolId: string,
  parentId: string,
  credentialId: string,
): Promise<boolean> {
  const removed = await db
    .delete(passkeys)
    .where(
      and(
        eq(passkeys.schoolId, schoolId),
        eq(passkeys.parentId, parentId),
        eq(passkeys.credentialId, credentialId),
      ),
    )
    .returning({ id: passkeys.credentialId });
  return removed.length > 0;
}

/** The passkey with this credential id at this school, or null. */
export async function findPasskey(
  db: TDatabase,
  schoolId: string,
  credentialId: string,
): Promise<TStoredPasskey | null> {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.schoolId, schoolId), eq(passkeys.credentialId, credentialId)))
    .limit(1);
  return row ?? null;
}

/**
 * Records a sign-in with the passkey: its new signature counter, whether it is backed up now,
 * and when. False when it was removed meanwhile.
 */
export async function recordPasskeyUse(
  db: TDatabase,
  passkey: Pick<TStoredPasskey, 'schoolId' | 'credentialId'>,
  use: { signCount: number; backedUp: boolean },
): Promise<boolean> {
  const updated = await db
    .update(passkeys)
    .set({ signCount: use.signCount, backedUp: use.backedUp, lastUsedAt: new Date() })
    .where(and(eq(passkeys.schoolId, passkey.schoolId), eq(passkeys.credentialId, passkey.credentialId)))
    .returning({ id: passkeys.credentialId });
  return updated.length > 0;
}
