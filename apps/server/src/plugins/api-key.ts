import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../api-error.ts';
import type { TDatabase } from '../db/client.ts';
import { apiKeys, type TApiKeyScope } from '../db/schema/index.ts';

// School systems call the sync API and the staff API with a school's key
// (docs/school-data.md). Only the key's SHA-256 is stored; a key is long and random, so a
// fast hash is enough (a slow one protects short, guessable secrets such as passwords).

/** The key a request was made with: its id, its school and what it may call. */
export type TApiKeyUse = { keyId: string; schoolId: string; scopes: TApiKeyScope[] };

declare module 'fastify' {
  interface FastifyRequest {
    /** The school key of a sync or staff API call; set by `requireApiKey`. */
    apiKey: TApiKeyUse;
  }
}

export const apiKeyInvalid = () =>
  new ApiError(401, MessageId.apiKeyInvalid, 'The API key is missing, wrong, revoked or another school’s');
export const apiKeyWrongScope = (scope: TApiKeyScope | readonly TApiKeyScope[]) =>
  new ApiError(
    403,
    MessageId.apiKeyWrongScope,
    `The API key may not call the ${typeof scope === 'string' ? scope : scope.join(' or ')} API`,
  );

export const hashApiKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** A new random key: a prefix that names what it is, and 32 random bytes. */
export const newApiKey = () => `pk_${randomBytes(32).toString('base64url')}`;

const LAST_USE_PRECISION_MS = 60_000;

const BEARER = /^bearer +(\S{8,200}) *$/i;

/** The school's live key with this secret, or null. */
export async function findApiKey(
  db: TDatabase,
  schoolId: string,
  key: string,
): Promise<(TApiKeyUse & { lastUsedAt: Date | null }) | null> {
  const [row] = await db
    .select({
      keyId: apiKeys.keyId,
      schoolId: apiKeys.schoolId,
      scopes: apiKeys.scopes,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .where(
      and(eq(apiKeys.keyHash, hashApiKey(key)), eq(apiKeys.schoolId, schoolId), isNull(apiKeys.revokedAt)),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Every route of this scope needs a live key of the request's school (`client-id`) with this
 * scope (or one of these scopes): 401 `K001` without one (a wrong, revoked or other school's
 * key alike), 403 `K002` when the key may not call this API. Call it before the scope's routes.
 */
export function requireApiKey(
  app: FastifyInstance,
  db: TDatabase,
  scope: TApiKeyScope | readonly TApiKeyScope[],
): void {
  const scopes: readonly TApiKeyScope[] = typeof scope === 'string' ? [scope] : scope;
  if (!app.hasRequestDecorator('apiKey')) app.decorateRequest('apiKey', null as unknown as TApiKeyUse);
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [{ apiKey: [] }] };
  });
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw apiKeyInvalid();
    const found = await findApiKey(db, request.school.schoolId, match[1]);
    if (!found) throw apiKeyInvalid();
    if (!scopes.some((one) => found.scopes.includes(one))) throw apiKeyWrongScope(scope);
    const { lastUsedAt, ...use } = found;
    request.apiKey = use;
    // The last use is kept to the minute: a busy register app does not write on every call.
    if (lastUsedAt && Date.now() - lastUsedAt.getTime() < LAST_USE_PRECISION_MS) return;
    void db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(apiKeys.keyId, found.keyId))
      .catch((error: unknown) => request.log.warn({ err: error }, 'could not record a key’s use'));
  });
}
