import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { cacheVersions } from '../access/cache-versions.ts';
import type { TDatabaseHandle, TListening } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once every change committed before the call has been applied to this instance's caches. */
    cacheSettled: () => Promise<void>;
  }
}

/** The channel every change names its keys on (migration 0013). */
const CHANNEL = 'portal_cache';
/** How long a write waits for its own notices before dropping every cached answer instead. */
const SETTLE_TIMEOUT_MS = 2_000;
/** The pause before listening again after the connection was lost. */
const RELISTEN_MS = 1_000;

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The cache bus (docs/decisions/029-read-cache.md): listens to the changes every instance
 * commits and applies them to this process's cache versions. While it does not listen, no
 * answer is kept. A request that may have written waits, before it is answered, until the
 * notices of its writes have come back (a marker sent after them arrives after them), so the
 * next read sees them, on this instance and (a few milliseconds later) on the others.
 */
export const cacheBusPlugin = fp(async (app: FastifyInstance, options: { database: TDatabaseHandle }) => {
  const { database } = options;
  const versions = cacheVersions(database.db);
  const instance = randomUUID();
  const waiting = new Map<string, () => void>();
  let markers = 0;
  let listening: TListening | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const onNotice = (payload: string) => {
    const arrived = waiting.get(payload);
    if (arrived) {
      waiting.delete(payload);
      arrived();
    } else if (!payload.startsWith('m:')) versions.apply(payload);
  };

  const listen = async (): Promise<void> => {
    try {
      const started = await database.listen(CHANNEL, onNotice, onLost);
      // Listening again may complete after the app closed: its connection is not kept then.
      if (closed) {
        await started.stop().catch(() => undefined);
        return;
      }
      listening = started;
      versions.setListening(true);
    } catch (error) {
      app.log.warn({ err: error }, 'cache bus: cannot listen; answers are not cached until it can');
      relistenLater();
    }
  };
  const relistenLater = () => {
    if (closed) return;
    retry = setTimeout(() => void listen(), RELISTEN_MS);
    retry.unref();
  };
  function onLost() {
    app.log.warn('cache bus: the listening connection was lost; cached answers dropped');
    listening = undefined;
    versions.setListening(false);
    for (const arrived of waiting.values()) arrived();
    waiting.clear();
    relistenLater();
  }

  /** Resolves once every notice committed before the call has been applied here. */
  const settled = async (): Promise<void> => {
    if (!listening) return;
    markers += 1;
    const marker = `m:${instance}:${markers}`;
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<void>((resolve) => {
      waiting.set(marker, resolve);
      timer = setTimeout(() => {
        waiting.delete(marker);
        versions.dropAll();
        resolve();
      }, SETTLE_TIMEOUT_MS);
    });
    try {
      await database.db.execute(sql`select pg_notify(${CHANNEL}, ${marker})`);
      await arrived;
    } catch {
      // The database did not take the marker: nothing cached can be trusted.
      waiting.delete(marker);
      versions.dropAll();
    } finally {
      clearTimeout(timer);
    }
  };

  await listen();
  app.decorate('cacheSettled', settled);
  // A callback hook, not an async one: a read, nearly every request, passes straight on.
  app.addHook('onSend', (request: FastifyRequest, _reply, payload, done) => {
    const send = () => done(null, payload);
    if (READ_METHODS.has(request.method)) return send();
    // Answered either way: `settled` drops every kept answer itself when it cannot tell.
    settled().then(send, send);
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(retry);
    const stopping = listening;
    listening = undefined;
    if (stopping) versions.setListening(false);
    // The database may be closed already (the process stops it last or first): nothing to stop then.
    await stopping?.stop().catch(() => undefined);
  });
});
