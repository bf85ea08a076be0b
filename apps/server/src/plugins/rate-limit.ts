import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../api-error.ts';

/**
 * Rate limiting, off by default; routes opt in with `app.rateLimit({...})` hooks. Counters
 * live in Redis when REDIS_URL is set, so several instances share them.
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
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'portal-rate-limit:',
    // A store outage must not lock every parent out; the account lock still holds.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, MessageId.tooManyRequests, `Too many requests; try again in ${context.after}`),
  });
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
});
