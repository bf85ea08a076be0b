import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UPLOAD_LIMIT_BYTES } from '@portal/contracts/constants';
import { ZAttachmentAnswer } from '@portal/contracts/kits/attachments';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';
import type { TAttachmentConfig } from '../../config.ts';
import type { TDatabase } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import {
  attachmentStore,
  purgeUnusedAttachments,
  readOwnAttachment,
  toAttachment,
} from '../../kits/attachments.ts';
import { readOneFile } from '../../kits/files/read-one-file.ts';

const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * /v1/ppn/attachments: a parent's files for requests, messages and uploads (shared by every
 * family, so they belong to Home). One file of at most 10 MB per request, limited per parent;
 * a file is its uploader's alone (another parent's id is 404 `N404`).
 */
export const attachmentRoutes: FastifyPluginAsyncZod<{ db: TDatabase; config: TAttachmentConfig }> = async (
  app,
  { db, config },
) => {
  requireSession(app);
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 0, parts: 1 } });
  const store = attachmentStore(db, { quotaBytes: config.quotaBytes, checksWaiting: config.checksWaiting });
  app.addHook('onClose', store.close);
  app.runEvery('purge unused attachments', PURGE_EVERY_MS, async () => {
    await purgeUnusedAttachments(db);
  });
  const uploadsPerParent = app.limit({
    max: config.uploadsPerHour,
    windowMs: 60 * 60_000,
    key: (request) => `attachment:${request.session.schoolId}:${request.session.parentId}`,
  });

  app.post(
    '/attachments',
    { onRequest: uploadsPerParent, schema: { response: { 200: ZAttachmentAnswer } } },
    async (request) => {
      if (!request.isMultipart()) {
        throw new ApiError(415, MessageId.unsupportedMediaType, 'Send the file as multipart/form-data');
      }
      let fileName = 'file';
      const bytes = await readOneFile(request, (name) => (fileName = name));
      const row = await store.store(request.session, fileName, bytes);
      return { success: true, messageId: MessageId.ok, attachment: toAttachment(row) };
    },
  );

  app.get(
    '/attachments/:attachmentId',
    { schema: { params: z.object({ attachmentId: z.uuid() }) } },
    async (request, reply) => {
      const found = await readOwnAttachment(db, request.session, request.params.attachmentId);
      if (!found) throw new ApiError(404, MessageId.notFound, 'No such attachment');
      const { attachment, bytes } = found;
      return reply
        .header('content-type', attachment.contentType)
        .header(
          'content-disposition',
          `attachment; filename="${attachment.fileName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(attachment.fileName)}`,
        )
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );
};
