import type { FastifyInstance } from 'fastify';
import { publicationEndpoints } from '@portal/contracts/families/publications';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { requireOwnChild } from '../../access/own-child.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import { albumsOf, albumWithPhotos } from './gallery-albums.ts';

const ok = { success: true, messageId: MessageId.ok } as const;

/**
 * GET gallery/albums?enrollNumber and gallery/albums/:id (module gallery): the whole school's
 * albums and those of the classes of the parent's children (or of the one child named: 403
 * `A002` when not the parent's), each naming the children it is about, with its cover and its
 * count of photos; an album with its photos in order. An album of a class none of the parent's
 * children is in, or not published, is 404 `N404`.
 */
export function galleryRoutes(app: FastifyInstance, db: TDatabase): void {
  addEndpoint(app, publicationEndpoints.albums, async (request) => {
    const { enrollNumber } = request.query;
    if (enrollNumber) await requireOwnChild(db, request.session, enrollNumber);
    return { ...ok, items: await albumsOf(db, request.session, enrollNumber) };
  });

  addEndpoint(app, publicationEndpoints.album, async (request) => {
    const found = await albumWithPhotos(db, request.session, request.params.id);
    if (!found) throw new ApiError(404, MessageId.notFound, 'No such album');
    return { ...ok, ...found };
  });
}
