import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { sessionInvalid } from '../api-error.ts';
import type { TDatabase } from '../db/client.ts';
import { findLiveSession, keptLiveSession, type TSessionOwner } from '../access/session.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in parent's session; set by `app.authenticate`. */
    session: TSessionOwner;
  }
  interface FastifyInstance {
    /** An onRequest hook: 401 unless the bearer token is a live session of this school. */
    authenticate: onRequestHookHandler;
  }
}

// The scheme is case-insensitive and may be followed by more than one space (RFC 9110, 11.1 and 11.4).
const BEARER = /^bearer +([A-Za-z0-9_-]{20,200}) *$/i;

/** Marks a route's OpenAPI operation as needing the bearer token. */
function documentSession(route: RouteOptions) {
  route.schema = { ...route.schema, security: [{ bearer: [] }] };
}

/**
 * Every route of this scope needs a live session of the request's school: the hook checks
 * it, and the OpenAPI document says so. Call it before the scope's routes.
 */
export function requireSession(app: FastifyInstance) {
  app.addHook('onRoute', documentSession);
  app.addHook('onRequest', app.authenticate);
}

/** Checks bearer tokens against the sessions of the request's school. */
export const authPlugin = fp(async (app: FastifyInstance, options: { db: TDatabase }) => {
  app.decorateRequest('session', null as unknown as TSessionOwner);
  // A callback hook, not an async one: a session kept in the process is answered at once.
  app.decorate('authenticate', (request: FastifyRequest, _reply: unknown, done: (error?: Error) => void) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) return done(sessionInvalid());
    const settle = (session: TSessionOwner | null) => {
      if (!session) return done(sessionInvalid());
      request.session = session;
      done();
    };
    // The session is looked up within the request's school: a token of another school is unknown here.
    const kept = keptLiveSession(options.db, request.school.schoolId, match[1]);
    if (kept !== undefined) return settle(kept);
    findLiveSession(options.db, request.school.schoolId, match[1]).then(settle, done);
  });
  // A single route that authenticates by its own onRequest option is documented too.
  app.addHook('onRoute', (route) => {
    if ([route.onRequest ?? []].flat().includes(app.authenticate)) documentSession(route);
  });
});
