import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ZApiResult } from '@portal/contracts/api-result';
import { LANGUAGES } from '@portal/contracts/constants';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { missingTranslations } from '../../db/schema/index.ts';

const ZMissingKeys = z
  .record(z.string().min(1).max(200), z.string().max(1000))
  .refine((keys) => Object.keys(keys).length > 0 && Object.keys(keys).length <= 50, {
    message: 'between 1 and 50 keys',
  });

/**
 * POST /locales/add/:lng/:ns: the web app reports translation keys it did not find
 * (i18next's saveMissing), outside production only. They are recorded with a count, for
 * the translators; nothing is added to the served files.
 */
export const localeRoutes: FastifyPluginAsyncZod<{
  db: TDatabase;
  isProduction: boolean;
  perIpPerMinute: number;
}> = async (app, { db, isProduction, perIpPerMinute }) => {
  app.post(
    '/locales/add/:lng/:ns',
    {
      onRequest: app.limit({
        max: perIpPerMinute,
        windowMs: 60_000,
        key: (request) => `locales-add:${request.ip}`,
      }),
      schema: {
        params: z.object({ lng: z.enum(LANGUAGES), ns: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/) }),
        body: ZMissingKeys,
        response: { 201: ZApiResult },
      },
    },
    async (request, reply) => {
      if (isProduction) throw new ApiError(404, MessageId.notFound, 'Not found');
      const { lng, ns } = request.params;
      const rows = Object.entries(request.body).map(([key, fallback]) => ({
        language: lng,
        namespace: ns,
        key,
        fallback,
      }));
      await db
        .insert(missingTranslations)
        .values(rows)
        .onConflictDoUpdate({
          target: [missingTranslations.language, missingTranslations.namespace, missingTranslations.key],
          set: { reports: sql`${missingTranslations.reports} + 1`, lastReportedAt: new Date() },
        });
      request.log.warn({ lng, ns, keys: Object.keys(request.body) }, 'missing translations reported');
      return reply.code(201).send({ success: true, messageId: MessageId.ok });
    },
  );
};
