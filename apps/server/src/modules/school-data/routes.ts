import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageId } from '@portal/contracts/messages';
import { ZBundleQuery, ZBundleReport, ZSisChanges, ZSisChangesQuery } from '@portal/contracts/school-data';
import { ApiError } from '../../api-error.ts';
import { schoolToday, schoolWide } from '../../access/school.ts';
import type { TDatabase } from '../../db/client.ts';
import { sisChangesAfter } from '../../kits/sis-changes.ts';
import { importBundle } from './import-bundle.ts';
import { createImportQueue, type TImportQueueOptions } from './import-queue.ts';

/** The largest bundle the sync API takes (413 `V003` beyond). */
export const MAX_BUNDLE_BYTES = 100 * 1024 * 1024;

const IMPORT_QUEUE: TImportQueueOptions = { threads: 1, waiting: 3 };

/**
 * The sync API (docs/school-data.md), under `/api/v1/sis` with a `sis` key:
 * `POST /bundles[?dryRun=1]` takes a zip bundle (`content-type: application/zip`), reads it
 * on an import thread and applies it in one transaction, or refuses it whole (422 `I001`, with
 * every problem by file, row and column). `GET /changes?since&limit` is the change feed: what
 * the school approved in the portal, for its system to take (kits/sis-changes.ts). Register
 * under a scope that requires a `sis` key.
 */
export const schoolDataRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  const queue = createImportQueue(IMPORT_QUEUE);
  app.addHook('onClose', () => queue.close());
  app.addContentTypeParser(
    'application/zip',
    { parseAs: 'buffer', bodyLimit: MAX_BUNDLE_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/bundles',
    {
      // The zip parser takes up to MAX_BUNDLE_BYTES; any other body keeps the server's JSON limit.
      schema: { querystring: ZBundleQuery, response: { 200: ZBundleReport, 422: ZBundleReport } },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) {
        throw new ApiError(
          415,
          MessageId.unsupportedMediaType,
          'Send the bundle as a zip (content-type: application/zip)',
        );
      }
      const bytes = request.body;
      const { schoolId, keyId } = request.apiKey;
      const dryRun = request.query.dryRun === '1' || request.query.dryRun === 'true';
      const release = queue.claim(schoolId);
      try {
        const bundle = await queue.read(bytes);
        const today = schoolToday((await schoolWide(db, schoolId))?.timeZone);
        const report = await importBundle(db, bundle, { schoolId, keyId, bytes, dryRun, today });
        request.log.info(
          { importId: report.importId, applied: report.applied, errors: report.errorCount },
          'bundle imported',
        );
        return reply.code(report.success ? 200 : 422).send(report);
      } finally {
        release();
      }
    },
  );

  app.get(
    '/changes',
    { schema: { querystring: ZSisChangesQuery, response: { 200: ZSisChanges } } },
    async (request) => {
      const { since, limit } = request.query;
      const page = await sisChangesAfter(db, request.apiKey.schoolId, since, limit);
      return { success: true, messageId: MessageId.ok, ...page };
    },
  );
};
