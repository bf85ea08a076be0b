import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, inArray, ne } from 'drizzle-orm';
import {
  REQUEST_KINDS,
  ZRequestIdParams,
  ZStaffDecideBody,
  ZStaffRequestAnswer,
  ZStaffRequests,
  ZStaffRequestsQuery,
  ZStaffReviewBody,
  type TStaffRequest,
} from '@portal/contracts/families/requests';
import type { TRequestStatus } from '@portal/contracts/kits/requests';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { auditLog, requests } from '../../db/schema/index.ts';
import { afterCursor, cursorText, isUuid } from '../../kits/cursor.ts';
import type { TRequestKindRegistry } from '../../kits/request-hooks.ts';
import { moveRequest, type TActor, type TRequestRow } from '../../kits/request-workflow.ts';
import { schoolIdsAmong } from '../../kits/school-ids.ts';
import { photocopyKindHooks } from './help-requests.ts';
import { leaveKindHooks } from './leave.ts';
import { documentUploadKindHooks } from './upload-store.ts';
import { noticeDecision } from './notices.ts';
import { requestItems, requestPage } from './views.ts';

// The staff API's requests (docs/school-data.md, "Staff API"; docs/modules.md F5): the school's
// system lists the requests of every kind, takes one into review and decides it. A decision
// goes through the shared workflow (kits/request-workflow.ts: a decided request, or a lost
// race, is 409 `R001`), runs the kind's hook in the same transaction (leave excuses its days),
// tells the family (`requests.statusChanged`) and is kept in the audit log. Another school's
// request does not exist for the key (404 `N404`).

/** The kinds whose decisions this family knows; other families add theirs where the app registers the routes. */
export const BUILT_IN_KIND_HOOKS: TRequestKindRegistry = {
  leave: leaveKindHooks,
  photocopy: photocopyKindHooks,
  documentUpload: documentUploadKindHooks,
};

const ok = { success: true, messageId: MessageId.ok } as const;

const notFound = () => new ApiError(404, MessageId.notFound, 'No such request');

/** The requests as the school reads them. */
async function staffItems(db: TDatabase, schoolId: string, rows: TRequestRow[]): Promise<TStaffRequest[]> {
  const items = await requestItems(db, schoolId, rows);
  return items.map(({ row, canCancel: _canCancel, ...item }) => ({
    ...item,
    parentId: row.parentId,
    payload: row.payload,
  }));
}

async function staffItem(db: TDatabase, schoolId: string, row: TRequestRow): Promise<TStaffRequest> {
  const [item] = await staffItems(db, schoolId, [row]);
  if (!item) throw new Error('The request was not read back');
  return item;
}

/** A parent's draft is theirs alone until they send it: the school neither lists nor decides it. */
const sent = ne(requests.status, 'draft');

/** The school's request with this id (of a kind the portal knows), or 404. */
async function schoolRequest(db: TDatabase, schoolId: string, requestId: string): Promise<TRequestRow> {
  if (!isUuid(requestId)) throw notFound();
  const [row] = await db
    .select()
    .from(requests)
    .where(
      and(
        eq(requests.schoolId, schoolId),
        eq(requests.requestId, requestId.toLowerCase()),
        inArray(requests.kind, [...REQUEST_KINDS]),
        sent,
      ),
    )
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** Who acts: the staff member named (checked to be the school's), else the key. */
async function actorOf(
  db: TDatabase,
  apiKey: { schoolId: string; keyId: string },
  staffId: string | undefined,
): Promise<TActor> {
  if (staffId === undefined) return { kind: 'key', id: apiKey.keyId };
  if (!(await schoolIdsAmong(db, apiKey.schoolId, 'staff', [staffId])).size)
    throw new ApiError(
      422,
      MessageId.importRowsInvalid,
      `no member of the school's staff has the id "${staffId}"`,
    );
  return { kind: 'staff', id: staffId };
}

/**
 * GET /api/v1/staff/requests, POST /api/v1/staff/requests/:id/review and
 * POST /api/v1/staff/requests/:id/decide. Register under a scope that requires a `staff` key,
 * with the hooks of the kinds other families own (`kinds`; this family's own are built in).
 */
export const staffRequestRoutes: FastifyPluginAsyncZod<{
  db: TDatabase;
  kinds?: TRequestKindRegistry;
}> = async (app, { db, kinds = {} }) => {
  const hooks: TRequestKindRegistry = { ...kinds, ...BUILT_IN_KIND_HOOKS };

  app.get(
    '/requests',
    { schema: { querystring: ZStaffRequestsQuery, response: { 200: ZStaffRequests } } },
    async (request) => {
      const { schoolId } = request.apiKey;
      const { status, kind, cursor, pageSize } = request.query;
      const page = await requestPage(
        db,
        and(
          eq(requests.schoolId, schoolId),
          kind ? eq(requests.kind, kind) : inArray(requests.kind, [...REQUEST_KINDS]),
          status ? eq(requests.status, status) : undefined,
          sent,
        ),
        pageSize,
        afterCursor(cursor),
      );
      return {
        ...ok,
        items: await staffItems(db, schoolId, page.rows),
        nextCursor: page.next ? cursorText(page.next) : null,
      };
    },
  );

  app.post(
    '/requests/:id/review',
    { schema: { params: ZRequestIdParams, body: ZStaffReviewBody, response: { 200: ZStaffRequestAnswer } } },
    async (request) => {
      const { schoolId, keyId } = request.apiKey;
      const found = await schoolRequest(db, schoolId, request.params.id);
      const actor = await actorOf(db, request.apiKey, request.body.staffId);
      const moved = await moveRequest(db, { schoolId, requestId: found.requestId }, 'in_review', actor, {
        note: request.body.note,
        expectedVersion: found.version,
      });
      await db.insert(auditLog).values({
        schoolId,
        keyId,
        staffId: request.body.staffId ?? null,
        action: 'request.review',
        detail: { requestId: found.requestId, kind: found.kind },
      });
      return { ...ok, request: await staffItem(db, schoolId, moved) };
    },
  );

  app.post(
    '/requests/:id/decide',
    { schema: { params: ZRequestIdParams, body: ZStaffDecideBody, response: { 200: ZStaffRequestAnswer } } },
    async (request) => {
      const { schoolId, keyId } = request.apiKey;
      const { decision, note, staffId } = request.body;
      const found = await schoolRequest(db, schoolId, request.params.id);
      const actor = await actorOf(db, request.apiKey, staffId);
      const moved = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as TDatabase;
        const row = await moveRequest(tx, { schoolId, requestId: found.requestId }, decision, actor, {
          note,
        });
        const kindHooks = hooks[row.kind];
        if (decision === 'approved') await kindHooks?.onApproved?.(tx, row, actor);
        else await kindHooks?.onRejected?.(tx, row, actor);
        await noticeDecision(tx, row, row.version, note);
        await tx.insert(auditLog).values({
          schoolId,
          keyId,
          staffId: staffId ?? null,
          action: 'request.decide',
          detail: {
            requestId: row.requestId,
            kind: row.kind,
            from: found.status as TRequestStatus,
            to: decision,
          },
        });
        return row;
      });
      return { ...ok, request: await staffItem(db, schoolId, moved) };
    },
  );
};
