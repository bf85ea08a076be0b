import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TDatabase } from '../../../db/client.ts';
import { parents } from '../../../db/schema/index.ts';
import type { TParentRow } from '../../parent/repository.ts';

/** The identity providers a parent may sign in with. */
export type TSocialProvider = 'google' | 'facebook';

/** Who the provider says signed in: its stable user id, and the email it vouches for. */
export type TSocialIdentity = { id: string; email: string | null };

/**
 * What a provider check concluded. `invalid`: the token is not good for this school;
 * `unavailable`: the provider could not be asked or answered nonsense. `reason` is for the
 * log and never holds a token or a secret.
 */
export type TVerification =
  { ok: true; identity: TSocialIdentity } | { ok: false; failure: 'invalid' | 'unavailable'; reason: string };

function idColumn(provider: TSocialProvider) {
  return provider === 'google' ? parents.googleSub : parents.facebookId;
}

/** A short, secret-free description of a failure, for the log. */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const cause: unknown = error.cause;
  const causeCode =
    cause && typeof cause === 'object' && 'code' in cause && typeof cause.code === 'string' ? cause.code : '';
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  return [error.name, code, causeCode].filter(Boolean).join(':');
}

/** The provider's id recorded on this parent, or null when none is bound yet. */
export function boundSocialId(parent: TParentRow, provider: TSocialProvider): string | null {
  return provider === 'google' ? parent.googleSub : parent.facebookId;
}

/** The parent of this school bound to this provider's user id, or null. */
export async function findParentBySocialId(
  db: TDatabase,
  schoolId: string,
  provider: TSocialProvider,
  socialId: string,
): Promise<TParentRow | null> {
  const rows = await db
    .select()
    .from(parents)
    .where(and(eq(parents.schoolId, schoolId), eq(idColumn(provider), socialId)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The parents of this school whose email matches, ignoring case. At most `limit` rows, so
 * a caller can tell one match from several.
 */
export async function findParentsByEmail(
  db: TDatabase,
  schoolId: string,
  email: string,
  limit = 2,
): Promise<TParentRow[]> {
  return db
    .select()
    .from(parents)
    .where(and(eq(parents.schoolId, schoolId), sql`lower(${parents.email}) = lower(${email.trim()})`))
    .limit(limit);
}

/**
 * Records the provider's user id on a parent that has none yet. False when the parent
 * already had one (possibly set by a concurrent sign-in) and nothing was written.
 */
export async function bindSocialId(
  db: TDatabase,
  schoolId: string,
  parentId: string,
  provider: TSocialProvider,
  socialId: string,
): Promise<boolean> {
  const rows = await db
    .update(parents)
    .set(provider === 'google' ? { googleSub: socialId } : { facebookId: socialId })
    .where(and(eq(parents.schoolId, schoolId), eq(parents.parentId, parentId), isNull(idColumn(provider))))
    .returning({ parentId: parents.parentId });
  return rows.length > 0;
}

/** True when the error (or one it wraps) is PostgreSQL's unique_violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    if ('code' in current && current.code === '23505') return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}
