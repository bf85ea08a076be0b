import type { FastifyInstance } from 'fastify';
import { publicationEndpoints } from '@portal/contracts/families/publications';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import { NEWS_NOTICE_INTERVAL_MS, noticeDueNews } from './news-notices.ts';
import { newsCursorText, newsPage, readNewsCursor } from './news-page.ts';

/**
 * GET news?cursor&pageSize (module news): the school's published news, newest first, a page at
 * a time, each post with its picture (`src`, `srcSet` and size; pictures.ts serves them). News
 * is the whole school's: every parent of the school reads the same. Posts published for a
 * later time are told to the parents when their time comes (news-notices.ts).
 */
export function newsRoutes(app: FastifyInstance, db: TDatabase): void {
  addEndpoint(app, publicationEndpoints.news, async (request) => {
    const { cursor, pageSize } = request.query;
    const after = cursor ? readNewsCursor(cursor) : null;
    if (cursor && !after)
      throw new ApiError(400, MessageId.invalidRequest, 'The cursor is not one this API gave');
    const page = await newsPage(db, request.session.schoolId, pageSize, after);
    return {
      success: true,
      messageId: MessageId.ok,
      items: page.items,
      nextCursor: page.next ? newsCursorText(page.next) : null,
    };
  });

  app.runEvery('news-notices', NEWS_NOTICE_INTERVAL_MS, async () => {
    await noticeDueNews(db);
  });
}
