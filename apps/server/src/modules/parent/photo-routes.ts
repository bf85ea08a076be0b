import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SCHOOL_ID_PATTERN } from '@portal/contracts/constants';
import type { TDatabase } from '../../db/client.ts';
import { notFound, sendApiError } from '../../plugins/errors.ts';
import { findStudentPhoto } from './repository.ts';

/**
 * GET /media/photos/:schoolId/:photoId: a child's photo, for <img> tags (which send no
 * token): the random id is the capability. A new photo gets a new id, so it never changes.
 */
export const photoRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  app.get(
    '/media/photos/:schoolId/:photoId',
    { schema: { params: z.object({ schoolId: z.string().regex(SCHOOL_ID_PATTERN), photoId: z.uuid() }) } },
    async (request, reply) => {
      const photo = await findStudentPhoto(db, request.params.schoolId, request.params.photoId);
      if (!photo) return sendApiError(reply, notFound);
      return reply
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-disposition', 'inline')
        .type(photo.contentType)
        .send(photo.bytes);
    },
  );
};
