import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { TDatabase } from '../../../db/client.ts';
import { webauthnChallenges } from '../../../db/schema/index.ts';

/** How long a challenge may be answered: the browser's time-out too. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/** `register`: the signed-in parent adds a passkey; `sign-in`: anyone answers with one. */
export type TChallengePurpose = 'register' | 'sign-in';

/**
 * A new challenge (32 random bytes; kept in base64url, as the options carry it) for this
 * purpose, and the parent adding a passkey (null for a sign-in). The school's expired
 * challenges are deleted on the way.
 */
export async function issueChallenge(
  db: TDatabase,
  schoolId: string,
  purpose: TChallengePurpose,
  parentId: string | null,
): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = randomBytes(32);
  const now = Date.now();
  await Promise.all([
    db
      .delete(webauthnChallenges)
      .where(and(eq(webauthnChallenges.schoolId, schoolId), lt(webauthnChallenges.expiresAt, new Date(now)))),
    db.insert(webauthnChallenges).values({
      schoolId,
      challenge: bytes.toString('base64url'),
      purpose,
      parentId,
      expiresAt: new Date(now + CHALLENGE_TTL_MS),
    }),
  ]);
  return new Uint8Array(bytes);
}

/**
 * Uses up a challenge this school issued for this purpose (and parent): true when it existed
 * and had not expired. Whatever the answer, it cannot be used again.
 */
export async function consumeChallenge(
  db: TDatabase,
  schoolId: string,
  purpose: TChallengePurpose,
  parentId: string | null,
  challenge: string,
): Promise<boolean> {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.schoolId, schoolId),
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        parentId === null ? isNull(webauthnChallenges.parentId) : eq(webauthnChallenges.parentId, parentId),
      ),
    )
    .returning({ expiresAt: webauthnChallenges.expiresAt });
  return row !== undefined && row.expiresAt.getTime() > Date.now();
}

/** The challenge a browser's answer signed (from its client data, base64url JSON); null when unreadable. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const clientData: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (clientData as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge !== '' ? challenge : null;
  } catch {
    return null;
  }
}

/**
 * Uses up the challenge a browser's answer signed (`consumeChallenge`): the challenge when it
 * was this school's, for this purpose (and parent), and alive; null otherwise.
 */
export async function consumeAnsweredChallenge(
  db: TDatabase,
  schoolId: string,
  purpose: TChallengePurpose,
  parentId: string | null,
  clientDataJSON: string,
): Promise<string | null> {
  const challenge = challengeOf(clientDataJSON);
  if (challenge === null) return null;
  return (await consumeChallenge(db, schoolId, purpose, parentId, challenge)) ? challenge : null;
}
