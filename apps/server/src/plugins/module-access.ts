import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authorityOf, isEntryAllowed } from '@portal/contracts/authority';
import { MENU, type TMenuEntry } from '@portal/contracts/menu';
import { moduleNotGranted, sessionInvalid } from '../api-error.ts';
import type { TDatabase } from '../db/client.ts';
import { schoolWide, type TSchoolWide } from '../access/school.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The menu entry (its key, e.g. `feePayment`) whose API this route is. The route then
     * answers 403 `A001` unless the parent's school grants one of the entry's access codes,
     * by the same rule as the menu (docs/product-spec.md section 6).
     */
    module?: string;
  }
}

/** Every route declared with `config.module`, as `METHOD url -> entry key`; read by tests. */
export type TModuleRoute = { method: string; url: string; module: string };

/**
 * Enforces module access on the server: whatever the client shows, a route that belongs to a
 * module refuses a parent whose school does not grant it. The route's own plugin must
 * authenticate first (an onRequest hook); this check runs as the route's first preHandler.
 */
export const moduleAccessPlugin = fp(async (app: FastifyInstance, options: { db: TDatabase }) => {
  const moduleRoutes: TModuleRoute[] = [];
  app.decorate('moduleRoutes', moduleRoutes);
  app.addHook('onRoute', (route) => {
    const key = route.config?.module;
    if (key === undefined) return;
    const entry = MENU.find((candidate) => candidate.key === key);
    if (!entry) throw new Error(`Route ${route.url} names an unknown module "${key}"`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) moduleRoutes.push({ method, url: route.url, module: key });
    const check = async (request: FastifyRequest) => assertModuleGranted(options.db, request.session, key);
    const existing = route.preHandler ?? [];
    route.preHandler = [check, ...(Array.isArray(existing) ? existing : [existing])];
  });
});

/**
 * 403 `A001` unless the session's school grants the menu entry with this key, by the menu's
 * rule. For routes whose module depends on the request (a payment's kind), called in the handler.
 */
export async function assertModuleGranted(
  db: TDatabase,
  session: { schoolId: string } | null | undefined,
  entryKey: string,
): Promise<void> {
  if (!session) throw sessionInvalid();
  if (!(await isModuleGranted(db, session.schoolId, entryKey))) throw moduleNotGranted();
}

/**
 * Whether the school grants the menu entry with this key, by the menu's rule: for answers that
 * gather several modules and hold only the granted ones' items (a calendar feed, an inbox).
 */
export async function isModuleGranted(db: TDatabase, schoolId: string, entryKey: string): Promise<boolean> {
  if (!MENU.some((candidate) => candidate.key === entryKey)) throw new Error(`Unknown module "${entryKey}"`);
  return (await grantedModules(db, schoolId)).has(entryKey);
}

/** The granted keys worked out from each kept school-wide value (made again when it is read again). */
const grantedByShared = new WeakMap<object, ReadonlySet<string>>();

/** The keys of every menu entry the school grants, by the menu's rule (the school-wide grants are cached). */
export async function grantedModules(db: TDatabase, schoolId: string): Promise<ReadonlySet<string>> {
  return grantedBy(schoolId, await schoolWide(db, schoolId));
}

/** The keys of every menu entry granted by these school-wide settings, worked out once per kept value. */
export function grantedBy(schoolId: string, shared: TSchoolWide | null): ReadonlySet<string> {
  const known = shared ? grantedByShared.get(shared) : undefined;
  if (known) return known;
  const authority = authorityOf(
    schoolId,
    (shared?.granted ?? []).map((app) => app.code),
  );
  const granted = new Set(
    MENU.filter((entry: TMenuEntry) => isEntryAllowed(entry, authority)).map((entry) => entry.key),
  );
  if (shared) grantedByShared.set(shared, granted);
  return granted;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The routes that belong to a module, for the access tests and the API docs. */
    moduleRoutes: readonly TModuleRoute[];
  }
}
