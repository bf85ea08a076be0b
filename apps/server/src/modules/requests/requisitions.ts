import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { requestEndpoints } from '@portal/contracts/families/requests';
import { MessageId } from '@portal/contracts/messages';
import type { TDatabase } from '../../db/client.ts';
import { accountSettings, requests } from '../../db/schema/index.ts';
import { afterCursor, cursorText } from '../../kits/cursor.ts';
import { moveRequest } from '../../kits/request-workflow.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import {
  childrenOfParent,
  requireFamilyRequest,
  grantedKinds,
  ofFamily,
  requestItems,
  type TOwner,
  requestPage,
  withoutRow,
} from './views.ts';

const ok = { success: true, messageId: MessageId.ok } as const;

/**
 * Notes that the parent opened the requests page now: Home names the decisions made since
 * (docs/modules.md section 5, `requestDecided` in home-actions.ts).
 */
export async function markRequestsSeen(db: TDatabase, owner: TOwner): Promise<void> {
  await db
    .insert(accountSettings)
    .values({ schoolId: owner.schoolId, parentId: owner.parentId, requestsSeenAt: sql`now()` })
    .onConflictDoUpdate({
      target: [accountSettings.schoolId, accountSettings.parentId],
      set: { requestsSeenAt: sql`now()`, updatedAt: sql`now()` },
    });
}

/**
 * GET requests and POST requests/:id/cancel (module `requisitions`, docs/modules.md F5): the family's
 * hub of every request of every kind whose module the school grants, newest first, each naming
 * its children with its whole history; the parent cancels an undecided one (a decided one: 409
 * `R001`; another family's, or a kind not granted: 404 `N404`). Opening the page (its first page
 * without a status) marks the decisions as seen (markRequestsSeen).
 */
export function requisitionRoutes(app: FastifyInstance, db: TDatabase): void {
  addEndpoint(app, requestEndpoints.requests, async (request) => {
    const owner = request.session;
    const { status, cursor, pageSize } = request.query;
    const after = afterCursor(cursor);
    // The page opened (its first page, every status) is the parent seeing the decisions.
    const opened = !cursor && !status;
    const [kinds, children] = await Promise.all([
      grantedKinds(db, owner.schoolId),
      childrenOfParent(db, owner),
      opened ? markRequestsSeen(db, owner) : undefined,
    ]);
    if (kinds.length === 0) return { ...ok, items: [], nextCursor: null };
    const page = await requestPage(
      db,
      and(
        ofFamily(owner, children),
        inArray(requests.kind, kinds),
        status ? eq(requests.status, status) : undefined,
      ),
      pageSize,
      after,
    );
    const items = await requestItems(db, owner.schoolId, page.rows);
    return {
      ...ok,
      items: items.map(withoutRow),
      nextCursor: page.next ? cursorText(page.next) : null,
    };
  });

  addEndpoint(app, requestEndpoints.cancelRequest, async (request) => {
    const owner = request.session;
    const kinds = await grantedKinds(db, owner.schoolId);
    const found = await requireFamilyRequest(db, owner, request.params.id, kinds);
    const moved = await moveRequest(
      db,
      { schoolId: owner.schoolId, requestId: found.requestId },
      'cancelled',
      { kind: 'parent', id: owner.parentId },
      { expectedVersion: found.version },
    );
    const [item] = await requestItems(db, owner.schoolId, [moved]);
    if (!item) throw new Error('The request was not read back');
    return { ...ok, request: withoutRow(item) };
  });
}
