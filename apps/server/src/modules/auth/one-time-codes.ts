import { randomInt, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { oneTimeCodes } from '../../db/schema/index.ts';
import type { TCodePurpose } from '../../mail/code-mail.ts';
import { hashPassword, verifyDecoy, verifyPassword } from './password.ts';

/** A code lives 10 minutes and dies at its fifth wrong try (ASVS 6.5.1, 6.5.4, 6.6.3). */
export const CODE_LIFETIME_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;

// The parent's codes of one purpose that have not been used or retired.
function unconsumedCodes(schoolId: string, parentId: string, purpose: TCodePurpose) {
  return and(
    eq(oneTimeCodes.schoolId, schoolId),
    eq(oneTimeCodes.parentId, parentId),
    eq(oneTimeCodes.purpose, purpose),
    isNull(oneTimeCodes.consumedAt),
  );
}

/**
 * Issues a new 6-digit code for one parent and one purpose, and retires their earlier
 * codes of that purpose. Only an Argon2id hash is stored, with what the code will set: the
 * password chosen at registration, the new address of an e-mail change. Returns the code, to
 * be mailed.
 */
export async function issueCode(
  db: TDatabase,
  schoolId: string,
  parentId: string,
  purpose: TCodePurpose,
  pendingPasswordHash: string | null = null,
  pendingEmail: string | null = null,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const codeHash = await hashPassword(code);
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(oneTimeCodes)
      .set({ consumedAt: now })
      .where(unconsumedCodes(schoolId, parentId, purpose));
    await tx.insert(oneTimeCodes).values({
      schoolId,
      codeId: randomUUID(),
      parentId,
      purpose,
      codeHash,
      pendingPasswordHash,
      pendingEmail,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS),
    });
  });
  return code;
}

/** Retires every live code of one parent and purpose: one that could not be mailed, say. */
export async function retireCodes(
  db: TDatabase,
  schoolId: string,
  parentId: string,
  purpose: TCodePurpose,
): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ consumedAt: new Date() })
    .where(unconsumedCodes(schoolId, parentId, purpose));
}

/**
 * Spends a code: true only for the parent's newest live code of that purpose, matched
 * within its tries. A right code is consumed; a wrong one uses up a try. Returns what the
 * code sets with it: the registration's pending password hash, the e-mail change's address.
 */
export async function consumeCode(
  db: TDatabase,
  schoolId: string,
  parentId: string | null,
  purpose: TCodePurpose,
  code: string,
): Promise<{ ok: true; pendingPasswordHash: string | null; pendingEmail: string | null } | { ok: false }> {
  if (!parentId) {
    await verifyDecoy(code); // an unknown account costs what a known one does
    return { ok: false };
  }
  const now = new Date();
  const [live] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(unconsumedCodes(schoolId, parentId, purpose), gt(oneTimeCodes.expiresAt, now)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (!live || live.attempts >= CODE_MAX_ATTEMPTS) {
    await verifyDecoy(code);
    return { ok: false };
  }
  const key = and(eq(oneTimeCodes.schoolId, schoolId), eq(oneTimeCodes.codeId, live.codeId));
  if (!(await verifyPassword(live.codeHash, code))) {
    await db
      .update(oneTimeCodes)
      .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
      .where(key);
    return { ok: false };
  }
  // Consumed once: of two requests racing with the right code, only one sees the row change.
  const consumed = await db
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(and(key, isNull(oneTimeCodes.consumedAt), sql`${oneTimeCodes.attempts} < ${CODE_MAX_ATTEMPTS}`))
    .returning({ codeId: oneTimeCodes.codeId });
  if (consumed.length === 0) return { ok: false };
  return { ok: true, pendingPasswordHash: live.pendingPasswordHash, pendingEmail: live.pendingEmail };
}
