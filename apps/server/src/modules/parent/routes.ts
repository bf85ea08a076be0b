import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { ZChild, ZProfile } from '@portal/contracts/auth';
import { ZApiResult } from '@portal/contracts/api-result';
import { UPLOAD_LIMIT_BYTES } from '@portal/contracts/constants';
import { MessageId } from '@portal/contracts/messages';
import { ZSaveDashboardLayoutRequest } from '@portal/contracts/parent';
import { ApiError, sessionInvalid } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { loadProfile, toChild } from './profile.ts';
import { photoTypeOf } from './photo-type.ts';
import { readOneFile } from './read-one-file.ts';
import { findOwnChild, replaceStudentPhoto, saveDashboardLayout } from './repository.ts';
import { requireSession } from '../../plugins/auth.ts';

/** /v1/ppn/parent: the signed-in parent's own data. Every route needs a session. */
export const parentRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  requireSession(app);
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 0, parts: 1 } });

  app.get('/profile', { schema: { response: { 200: ZProfile } } }, async (request) => {
    const profile = await loadProfile(db, request.session.schoolId, request.session.parentId);
    if (!profile) throw sessionInvalid();
    return profile;
  });

  app.put(
    '/dashboard-layout',
    { schema: { body: ZSaveDashboardLayoutRequest, response: { 200: ZApiResult } } },
    async (request) => {
      const { schoolId, parentId } = request.session;
      await saveDashboardLayout(db, schoolId, parentId, request.body.layout_data);
      return { success: true, messageId: MessageId.ok };
    },
  );

  // A child's photo: one image file (JPEG, PNG, WebP or GIF, by content) of at most 10 MB.
  app.post(
    '/children/:enrollNumber/photo',
    { schema: { params: z.object({ enrollNumber: z.string().min(1).max(64) }), response: { 200: ZChild } } },
    async (request) => {
      const { schoolId, parentId } = request.session;
      const child = await findOwnChild(db, schoolId, parentId, request.params.enrollNumber);
      if (!child) throw new ApiError(404, MessageId.notFound, 'No such child');
      if (!request.isMultipart()) {
        throw new ApiError(415, MessageId.unsupportedMediaType, 'Send the photo as multipart/form-data');
      }
      const bytes = await readOneFile(request);
      const contentType = photoTypeOf(bytes);
      if (!contentType) {
        throw new ApiError(
          415,
          MessageId.unsupportedMediaType,
          'The photo must be a JPEG, PNG, WebP or GIF image',
        );
      }
      const url = await replaceStudentPhoto(db, schoolId, child.enrollNumber, { contentType, bytes });
      return toChild({ ...child, imageUrl: url, imageLowresUrl: url }, new Date().toISOString().slice(0, 10));
    },
  );
};
