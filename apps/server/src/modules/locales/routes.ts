import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ZApiResult } from '@portal/contracts/api-result';
import { LANGUAGES } from '@portal/contracts/constants';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { missingTranslations } from '../../db/schema/index.ts';

const MAX_KEYS_PER_REPORT = 50;

const ZMissingKeys = z
  .record(z.string().min(1).max(200), z.string().max(1000))
  .refine((keys) => Object.keys(keys).length > 0 && Object.keys(keys).length <= MAX_KEYS_PER_REPORT, {
    message: `between 1 and ${MAX_KEYS_PER_REPORT} keys`,
  });

export type TMissingTranslationLimits = {
  perIpPerMinute: number;
  /** Keys recorded at most, in all and per language and namespace. */
  maxKeys: number;
  maxKeysPerNamespace: number;
};

const full = () =>
  new ApiError(409, MessageId.missingTranslationsFull, 'No more missing translations are recorded');

/**
 * POST /locales/add/:lng/:ns: the web app reports translation keys it did not find
 * (i18next's saveMissing); registered outside production only. They are recorded with a
 * count, for the translators, up to a number of keys; nothing reaches the served files
 * (those are the committed ones, built into the web app).
 */
export const localeRoutes: FastifyPluginAsyncZod<{
  db: TDatabase;
  limits: TMissingTranslationLimits;
}> = async (app, { db, limits }) => {
  app.post(
    '/locales/add/:lng/:ns',
    {
      onRequest: app.limit({
        max: limits.perIpPerMinute,
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
      const { lng, ns } = request.params;
      const keys = Object.keys(request.body);
      await db.transaction(async (tx) => {
        // One report at a time, so that concurrent reports cannot pass the caps together.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('missing_translations'))`);
        const known = await tx
          .select({ key: missingTranslations.key })
          .from(missingTranslations)
          .where(
            and(
              eq(missingTranslations.language, lng),
              eq(missingTranslations.namespace, ns),
              inArray(missingTranslations.key, keys),
            ),
          );
        const added = keys.length - known.length;
        if (added > 0) {
          // One after the other: the transaction's connection takes one query at a time.
          const all = await tx.select({ n: count() }).from(missingTranslations);
          const inNamespace = await tx
            .select({ n: count() })
            .from(missingTranslations)
            .where(and(eq(missingTranslations.language, lng), eq(missingTranslations.namespace, ns)));
          if ((all[0]?.n ?? 0) + added > limits.maxKeys) throw full();
          if ((inNamespace[0]?.n ?? 0) + added > limits.maxKeysPerNamespace) throw full();
        }
        const rows = keys.map((key) => ({
          language: lng,
          namespace: ns,
          key,
          fallback: request.body[key] ?? '',
        }));
        await tx
          .insert(missingTranslations)
          .values(rows)
          .onConflictDoUpdate({
            target: [missingTranslations.language, missingTranslations.namespace, missingTranslations.key],
            set: { reports: sql`${missingTranslations.reports} + 1`, lastReportedAt: new Date() },
          });
      });
      request.log.info({ lng, ns, keys: keys.length }, 'missing translations reported');
      return reply.code(201).send({ success: true, messageId: MessageId.ok });
    },
  );
};
