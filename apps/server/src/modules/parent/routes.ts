import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { ZChild, ZProfile } from '@portal/contracts/auth';
import { ZApiResult } from '@portal/contracts/api-result';
import { UPLOAD_LIMIT_BYTES } from '@portal/contracts/constants';
import { MessageId } from '@portal/contracts/messages';
import { ZSaveDashboardLayoutRequest } from '@portal/contracts/parent';
import { ApiError, sessionInvalid } from '../../api-error.ts';
import type { TPhotoConfig } from '../../config.ts';
import type { TDatabase } from '../../db/client.ts';
import { loadProfile, toChild } from './profile.ts';
import { schoolToday, schoolWide } from '../../access/school.ts';
import { photoConversions } from './photo-conversions.ts';
import { photoTypeOf } from '../../kits/files/file-type.ts';
import { readOneFile } from '../../kits/files/read-one-file.ts';
import { reclaimStudentPhotoSpace, replaceStudentPhoto, saveDashboardLayout } from './repository.ts';
import { findOwnChild } from '../../access/own-child.ts';
import { requireSession } from '../../plugins/auth.ts';

/** /v1/ppn/parent: the signed-in parent's own data. Every route needs a session. */
export const parentRoutes: FastifyPluginAsyncZod<{ db: TDatabase; photos: TPhotoConfig }> = async (
  app,
  { db, photos },
) => {
  requireSession(app);
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 0, parts: 1 } });
  const convertPhoto = photoConversions({
    atOnce: photos.conversionsAtOnce,
    waiting: photos.conversionsWaiting,
  });
  // Counted per parent before the body is read, refused uploads included: each costs a decode.
  const photoUploadsPerParent = app.limit({
    max: photos.uploadsPerHour,
    windowMs: 60 * 60_000,
    key: (request) => `photo:${request.session.schoolId}:${request.session.parentId}`,
  });
  // After a photo is replaced, the old one's space is reclaimed once the answer has gone; one
  // reclaim at a time, which also covers the photos replaced while it waits.
  let reclaimPending = false;
  const reclaimPhotoSpace = () => {
    if (reclaimPending) return;
    reclaimPending = true;
    app.runInBackground('reclaim photo space', async () => {
      reclaimPending = false;
      await reclaimStudentPhotoSpace(db);
    });
  };

  app.get(
    '/profile',
    { config: { cacheAnswer: true }, schema: { response: { 200: ZProfile } } },
    async (request) => {
      const profile = await loadProfile(db, request.session.schoolId, request.session.parentId);
      if (!profile) throw sessionInvalid();
      return profile;
    },
  );

  app.put(
    '/dashboard-layout',
    { schema: { body: ZSaveDashboardLayoutRequest, response: { 200: ZApiResult } } },
    async (request) => {
      const { schoolId, parentId } = request.session;
      await saveDashboardLayout(db, schoolId, parentId, request.body.layout_data);
      return { success: true, messageId: MessageId.ok };
    },
  );

  // A child's photo: one image file (JPEG, PNG, WebP or GIF, by content) of at most 10 MB, of
  // which only a bounded rendition is stored, in place of the child's earlier photo.
  app.post(
    '/children/:enrollNumber/photo',
    {
      onRequest: photoUploadsPerParent,
      schema: { params: z.object({ enrollNumber: z.string().min(1).max(64) }), response: { 200: ZChild } },
    },
    async (request) => {
      const child = await findOwnChild(db, request.session, request.params.enrollNumber);
      if (!child) throw new ApiError(404, MessageId.notFound, 'No such child');
      if (!request.isMultipart()) {
        throw new ApiError(415, MessageId.unsupportedMediaType, 'Send the photo as multipart/form-data');
      }
      const bytes = await readOneFile(request);
      if (!photoTypeOf(bytes)) {
        throw new ApiError(
          415,
          MessageId.unsupportedMediaType,
          'The photo must be a JPEG, PNG, WebP or GIF image',
        );
      }
      const url = await replaceStudentPhoto(
        db,
        child.schoolId,
        child.enrollNumber,
        await convertPhoto(bytes),
      );
      reclaimPhotoSpace();
      // The child as the profile shows it, dated by the school's day.
      const today = schoolToday((await schoolWide(db, child.schoolId))?.timeZone);
      return toChild({ ...child, imageUrl: url, imageLowresUrl: url }, today);
    },
  );
};
