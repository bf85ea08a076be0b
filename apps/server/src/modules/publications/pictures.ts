import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SCHOOL_ID_PATTERN } from '@portal/contracts/constants';
import type { TDatabase } from '../../db/client.ts';
import { notFound, sendApiError } from '../../plugins/errors.ts';
import { PICTURE_ID } from './picture-check.ts';
import { shownPicture } from './picture-serve.ts';

const FILE = /^([1-9]\d{0,3})\.webp$/;

/**
 * The pictures of news and albums at their addresses (no session: an <img> sends none; the
 * address holds the picture's content hash, which nobody can guess without the picture):
 * GET /media/pictures/:schoolId/:imageId/:width.webp, built by picture-store.ts pictureOf. Only
 * a picture of a published news post or album, not removed, is served; anything else is 404.
 * The school is the one in the address: a picture is stored per school. A picture never
 * changes at its address, so browsers keep it for a year without asking again.
 */
export const publicationPictureRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  app.get(
    '/media/pictures/:schoolId/:imageId/:file',
    {
      schema: {
        params: z.object({
          schoolId: z.string().max(63),
          imageId: z.string().max(64),
          file: z.string().max(16),
        }),
      },
    },
    async (request, reply) => {
      const { schoolId, imageId, file } = request.params;
      const width = FILE.exec(file)?.[1];
      if (!width || !SCHOOL_ID_PATTERN.test(schoolId) || !PICTURE_ID.test(imageId))
        return sendApiError(reply, notFound);
      const picture = await shownPicture(db, schoolId, imageId, Number(width));
      if (!picture) return sendApiError(reply, notFound);
      return reply
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-disposition', 'inline')
        .type(picture.contentType)
        .send(picture.bytes);
    },
  );
};
