import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../api-error.ts';

export type TLimit = {
  /** Requests allowed per window for one key. */
  max: number;
  windowMs: number;
  /** What is counted: an IP, an account... Prefix it, so limits do not share counters. */
  key: (request: FastifyRequest) => string;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** A hook that answers 429 `L006` with Retry-After once the key has used up its window. */
    limit: (limit: TLimit) => (request: FastifyRequest) => Promise<void>;
  }
}

/** Resolves when the Redis connection is ready, or after `waitMs` (the limits then skip the store). */
function storeReady(redis: Redis, waitMs: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, waitMs);
    redis.once('ready', done);
  });
}

/**
 * Rate limits as hooks that stack: a route can be limited per IP and per account at once.
 * Counters live in Redis when REDIS_URL is set, so several instances share them.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, options: { redisUrl: string | undefined }) => {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, {
        connectTimeout: 2_000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
      })
    : undefined;
  redis?.on('error', (error) => app.log.warn({ err: error }, 'rate-limit store unavailable'));
  // Without an offline queue a command sent before the connection is up fails, and the limit
  // would skip it: the instance starts once the store answers (or its connect time-out passed).
  if (redis) await storeReady(redis, 2_000);
  // A store outage must not lock every parent out; the account lock still holds.
  await app.register(rateLimit, { global: false, redis, nameSpace: 'portal-rate-limit:', skipOnError: true });
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));

  app.decorate('limit', (limit: TLimit) => {
    const check = app.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: limit.key,
    });
    return async (request: FastifyRequest) => {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      throw new ApiError(429, MessageId.tooManyRequests, 'Too many requests', {
        'retry-after': String(Math.max(1, result.ttlInSeconds)),
      });
    };
  });
});
