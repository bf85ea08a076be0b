import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CLIENT_ID_HEADER, SCHOOL_ID_PATTERN } from '@portal/contracts/constants';
import { missingSchoolId, unknownSchool } from '../api-error.ts';
import type { TDatabase } from '../db/client.ts';
import { findSchool, type TSchool } from '../access/school.ts';
import { cacheKeys } from '../access/cache-versions.ts';
import { createVersionedCache } from '../access/versioned-cache.ts';
import { normalizedPath } from '../request-path.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The school named by the `client-id` header; set on every /api route that is tenant-scoped. */
    school: TSchool;
  }
  interface FastifyContextConfig {
    /** `false` for the few /api routes that answer before a school is chosen. */
    tenant?: boolean;
  }
}

const CACHE_LIFETIME_MS = 5 * 60_000;
const CACHE_MAX_ENTRIES = 1_000;

/**
 * Resolves the school from the `client-id` header before anything else runs on /api
 * (docs/architecture.md section 4): missing -> 400, unknown -> 404.
 */
export const tenantPlugin = fp(async (app: FastifyInstance, options: { db: TDatabase }) => {
  // Schools change rarely: kept until a change names the school (docs/decisions/029-read-cache.md).
  const schools = createVersionedCache<TSchool>(options.db, {
    maxEntries: CACHE_MAX_ENTRIES,
    lifetimeMs: CACHE_LIFETIME_MS,
  });
  const resolveSchool = (schoolId: string) =>
    schools.get(schoolId, [cacheKeys.school(schoolId)], () => findSchool(options.db, schoolId));

  app.decorateRequest('school', null as unknown as TSchool);
  // A callback hook, not an async one: a school kept in the process is answered at once.
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    // On the normalized path: `/%61pi/...` reaches the same routes as `/api/...` (docs/security.md).
    if (!normalizedPath(request.url).startsWith('/api/')) return done();
    if (request.routeOptions.config.tenant === false) return done();
    const header = request.headers[CLIENT_ID_HEADER];
    const schoolId = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase() ?? '';
    if (schoolId === '') return done(missingSchoolId());
    if (!SCHOOL_ID_PATTERN.test(schoolId)) return done(unknownSchool());
    const settle = (school: TSchool | null) => {
      if (!school) return done(unknownSchool());
      request.school = school;
      done();
    };
    const kept = schools.find(schoolId);
    if (kept !== undefined) return settle(kept);
    resolveSchool(schoolId).then(settle, done);
  });
});
