import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { eq, and, sql } from 'drizzle-orm';
import { cacheKeys } from '../access/cache-versions.ts';
import { keptSchoolWide, schoolToday, schoolWide, type TSchoolWide } from '../access/school.ts';
import { createVersionedCache } from '../access/versioned-cache.ts';
import type { TDatabase } from '../db/client.ts';
import { perDatabase } from '../db/per-database.ts';
import { parentStudents } from '../db/schema/index.ts';
import { requestLanguage } from '../request-language.ts';
import { assertModuleGranted, grantedBy } from './module-access.ts';
import {
  acceptedEncoding,
  COMPRESS_THRESHOLD_BYTES,
  encodeSync,
  markEncoded,
  type TEncoding,
} from './compression.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Keep the route's answers (docs/decisions/029-read-cache.md): a parent's read that every
     * page opens. The answer, serialized once through the response schema, is kept per parent,
     * language, school day and URL until a change names its school, its parent or one of the
     * parent's children, and at most ANSWER_LIFETIME_MS.
     */
    cacheAnswer?: boolean;
  }
}

/** The longest an answer is kept: what no change names (a scheduled publication) shows within it. */
export const ANSWER_LIFETIME_MS = 60_000;
const MAX_ANSWERS = 50_000;
const MAX_ANSWER_BYTES = 128 * 1024 * 1024;
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A kept answer as the bytes sent: its UTF-8 body (a string would be encoded again for every
 * answer; a kept profile, with Arabic names, cost 14% of the thread in encoding alone), and its
 * compressed copies, each made the first time a client asks for it (docs/decisions/036).
 */
type TKeptAnswer = { body: Buffer; encoded: Partial<Record<TEncoding, Buffer>> };

const answers = perDatabase((db) =>
  createVersionedCache<TKeptAnswer>(db, {
    maxEntries: MAX_ANSWERS,
    maxBytes: MAX_ANSWER_BYTES,
    lifetimeMs: ANSWER_LIFETIME_MS,
    // Twice the body: room for its compressed copies, each a fraction of a JSON body.
    sizeOf: (answer) => 2 * answer.body.length,
  }),
);

/** Sends a kept answer compressed as the client accepts it, its copy made once per encoding. */
function sendKept(request: FastifyRequest, reply: FastifyReply, kept: TKeptAnswer) {
  reply.type(JSON_TYPE);
  const encoding = kept.body.length >= COMPRESS_THRESHOLD_BYTES ? acceptedEncoding(request) : undefined;
  if (!encoding) return reply.send(kept.body);
  const encoded = (kept.encoded[encoding] ??= encodeSync(encoding, kept.body));
  return markEncoded(reply, encoding).send(encoded);
}

const childrenQuery = perDatabase((db) =>
  db
    .select({ enrollNumber: parentStudents.enrollNumber })
    .from(parentStudents)
    .where(
      and(
        eq(parentStudents.schoolId, sql.placeholder('schoolId')),
        eq(parentStudents.parentId, sql.placeholder('parentId')),
      ),
    )
    .prepare('cache_parent_children'),
);

/** The enrolment numbers of a parent's children, kept until a change names the school or parent. */
const parentChildren = perDatabase((db) =>
  createVersionedCache<string[]>(db, { maxEntries: MAX_ANSWERS, lifetimeMs: ANSWER_LIFETIME_MS }),
);

/** The keys whose change may change a parent's answers: the school, the parent, each child. */
async function answerKeys(db: TDatabase, schoolId: string, parentId: string): Promise<string[]> {
  const own = [cacheKeys.school(schoolId), cacheKeys.parent(schoolId, parentId)];
  const children = await parentChildren(db).get(`${schoolId}\n${parentId}`, own, async () => {
    const rows = await childrenQuery(db).execute({ schoolId, parentId });
    return rows.map((row) => row.enrollNumber);
  });
  return [...own, ...(children ?? []).map((enrollNumber) => cacheKeys.child(schoolId, enrollNumber))];
}

/** Where a request's answer is kept: per school day, language, school, parent and URL. */
function answerEntry(request: FastifyRequest, shared: TSchoolWide | null): string {
  const { schoolId, parentId } = request.session;
  return [schoolToday(shared?.timeZone), requestLanguage(request), schoolId, parentId, request.url].join(
    '\n',
  );
}

/**
 * Serves a kept answer, or lets the route answer and keeps what it sends with 200. An onRequest
 * hook of the route, after the session's: a kept answer was made for the same URL, whose query
 * had passed the route's schema, so it is served without parsing and checking the request
 * again; the module check comes first. A route's own preHandlers (a rate limit, say) and its
 * module preHandler run only on a miss (docs/decisions/037-kept-answers-first.md).
 */
function serveKeptAnswer(db: TDatabase, settled: (() => Promise<void>) | null): onRequestHookHandler {
  const cache = answers(db);
  /** The way that may wait on the database: the module check, the notices, the settings, a miss. */
  const serve = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const { schoolId, parentId } = request.session;
    const module = request.routeOptions.config.module;
    if (module !== undefined) await assertModuleGranted(db, request.session, module);
    if (settled) await settled();
    const entry = answerEntry(request, await schoolWide(db, schoolId));
    const kept = cache.find(entry);
    if (kept !== undefined) return sendKept(request, reply, kept);
    const stamp = cache.stamp();
    if (stamp === null) return undefined;
    const keys = await answerKeys(db, schoolId, parentId);
    const serialize = reply.getSerializationFunction('200');
    if (!serialize) return undefined;
    // A serializer of its own: Fastify then leaves the type to the reply.
    reply.type(JSON_TYPE).serializer((payload: { [key: string]: unknown }) => {
      if (reply.statusCode !== 200) return JSON.stringify(payload);
      const body = serialize(payload);
      cache.keep(entry, { body: Buffer.from(body), encoded: {} }, keys, stamp);
      return body;
    });
    return undefined;
  };
  // A callback hook: a kept answer whose school settings are kept is sent without a promise.
  return (request, reply, done) => {
    const shared = settled ? undefined : keptSchoolWide(db, request.session.schoolId);
    const module = request.routeOptions.config.module;
    if (
      shared !== undefined &&
      (module === undefined || grantedBy(request.session.schoolId, shared).has(module))
    ) {
      const kept = cache.find(answerEntry(request, shared));
      if (kept !== undefined) {
        sendKept(request, reply, kept);
        return;
      }
    }
    serve(request, reply).then((sent) => {
      if (!sent) done();
    }, done);
  };
}

/** Adds the kept-answer step to every route whose config asks for it. */
export const answerCachePlugin = fp(
  async (app: FastifyInstance, options: { db: TDatabase; awaitsNotices: boolean }) => {
    const serve = serveKeptAnswer(options.db, options.awaitsNotices ? () => app.cacheSettled() : null);
    app.addHook('onRoute', (route) => {
      if (!route.config?.cacheAnswer) return;
      const existing = route.onRequest ?? [];
      route.onRequest = [...(Array.isArray(existing) ? existing : [existing]), serve];
    });
  },
);
