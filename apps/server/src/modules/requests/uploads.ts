import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  uploadEndpoints,
  ZStaffDocumentRequestAnswer,
  ZStaffDocumentRequestBody,
  type TDocumentRequest,
  type TDocumentState,
  type TDocumentUpload,
} from '@portal/contracts/families/uploads';
import type { TRequestStatus } from '@portal/contracts/kits/requests';
import { MessageId } from '@portal/contracts/messages';
import { ApiError, notYourChild } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { auditLog, documentRequests, requests } from '../../db/schema/index.ts';
import { requireOwnChild } from '../../access/own-child.ts';
import { schoolToday, schoolWide } from '../../access/school.ts';
import { attachmentsOfRequests, toAttachment, useAttachments } from '../../kits/attachments.ts';
import { isUuid } from '../../kits/cursor.ts';
import { createRequest, requestSummary, type TRequestRow } from '../../kits/request-workflow.ts';
import { schoolIdsAmong } from '../../kits/school-ids.ts';
import { requireSession } from '../../plugins/auth.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import { childNames, childrenOfParent, historiesOf, type TOwner } from './views.ts';
import { askForDocument, DOCUMENT_UPLOAD_KIND, type TDocumentRequestRow } from './upload-store.ts';

// Uploads (docs/modules.md F5, module `uploads`): the documents the school asked of the family's
// children, each with where it stands and what the family sent, and the family's answer: files
// through the attachment kit, as a request of kind `documentUpload` the school decides through
// the staff API (modules/requests/staff-requests.ts). A second answer while one is under review
// is 409 `R003`; one after the document was accepted is 409 `R001`; another family's document
// request is 403 `A002`, as every object of another family is.

const ok = { success: true, messageId: MessageId.ok } as const;
/** A key of PostgreSQL's advisory locks: one answer to a document request at a time. */
const LOCK_NAMESPACE = 7_263_653;
const UNDER_REVIEW: string[] = ['submitted', 'in_review'];

/** The uploads answering these document requests, newest first, by document request. */
export async function uploadsOf(
  db: TDatabase,
  schoolId: string,
  ids: readonly string[],
): Promise<Map<string, TRequestRow[]>> {
  const byAsk = new Map<string, TRequestRow[]>();
  if (ids.length === 0) return byAsk;
  const rows = await db
    .select()
    .from(requests)
    .where(
      and(
        eq(requests.schoolId, schoolId),
        eq(requests.kind, DOCUMENT_UPLOAD_KIND),
        inArray(sql<string>`${requests.payload}->>'documentRequestId'`, [...ids]),
      ),
    )
    .orderBy(desc(requests.createdAt), desc(requests.requestId));
  for (const row of rows) {
    const id = String(row.payload.documentRequestId);
    byAsk.set(id, [...(byAsk.get(id) ?? []), row]);
  }
  return byAsk;
}

/**
 * The school's asks of these children, the first due first; `stillWanted`: only those no approved
 * upload has met yet, at most `limit` of them.
 */
export async function documentAsks(
  db: TDatabase,
  schoolId: string,
  children: readonly string[],
  stillWanted?: { limit: number },
): Promise<TDocumentRequestRow[]> {
  if (children.length === 0) return [];
  const query = db
    .select()
    .from(documentRequests)
    .where(
      and(
        eq(documentRequests.schoolId, schoolId),
        inArray(documentRequests.enrollNumber, [...children]),
        stillWanted ? isNull(documentRequests.metAt) : undefined,
      ),
    )
    .orderBy(asc(documentRequests.dueOn), asc(documentRequests.documentRequestId));
  return stillWanted ? query.limit(stillWanted.limit) : query;
}

/** The state the family sees: accepted once met, else as its latest upload stands. */
export function stateOf(ask: TDocumentRequestRow, latest: TRequestRow | undefined): TDocumentState {
  if (ask.metAt || latest?.status === 'approved') return 'accepted';
  if (!latest) return 'waiting';
  if (UNDER_REVIEW.includes(latest.status)) return 'sent';
  if (latest.status === 'rejected') return 'refused';
  return 'waiting';
}

/** The document requests as the page shows them. */
async function documentItems(
  db: TDatabase,
  schoolId: string,
  asks: readonly TDocumentRequestRow[],
  today: string,
): Promise<TDocumentRequest[]> {
  const ids = asks.map((ask) => ask.documentRequestId);
  const [uploads, names] = await Promise.all([
    uploadsOf(db, schoolId, ids),
    childNames(
      db,
      schoolId,
      asks.map((ask) => ask.enrollNumber),
    ),
  ]);
  const requestIds = [...uploads.values()].flat().map((row) => row.requestId);
  const [histories, files] = await Promise.all([
    historiesOf(db, schoolId, requestIds),
    attachmentsOfRequests(db, schoolId, requestIds),
  ]);
  return asks.map((ask) => {
    const sent = uploads.get(ask.documentRequestId) ?? [];
    const latest = sent[0];
    const state = stateOf(ask, latest);
    const items: TDocumentUpload[] = sent.map((row) => {
      const history = histories.get(row.requestId) ?? [];
      const decided = history.filter((line) => line.to === 'approved' || line.to === 'rejected').at(-1);
      return {
        requestId: row.requestId,
        status: row.status as TRequestStatus,
        files: files.filter((file) => file.usedBy === `request:${row.requestId}`).map(toAttachment),
        note: decided?.note ?? '',
        createdAt: row.createdAt.toISOString(),
        history,
      };
    });
    return {
      id: ask.documentRequestId,
      enrollNumber: ask.enrollNumber,
      childName: names.get(ask.enrollNumber) ?? ask.enrollNumber,
      title: { en: ask.titleEn, ar: ask.titleAr },
      details: { en: ask.detailsEn, ar: ask.detailsAr },
      dueOn: ask.dueOn,
      overdue: state !== 'accepted' && state !== 'sent' && ask.dueOn < today,
      state,
      schoolNote: state === 'refused' ? (items[0]?.note ?? '') : '',
      canSend: state === 'waiting' || state === 'refused',
      askedAt: ask.createdAt.toISOString(),
      uploads: items,
    };
  });
}

/**
 * The family's document request with this id: another family's (of this school or another) is
 * 403 `A002`; an unknown or malformed id is 404 `N404`.
 */
async function requireFamilyAsk(db: TDatabase, owner: TOwner, id: string): Promise<TDocumentRequestRow> {
  const unknown = () => new ApiError(404, MessageId.notFound, 'No such document request');
  if (!isUuid(id)) throw unknown();
  const [row] = await db
    .select()
    .from(documentRequests)
    .where(eq(documentRequests.documentRequestId, id.toLowerCase()))
    .limit(1);
  if (!row) throw unknown();
  if (row.schoolId !== owner.schoolId) throw notYourChild();
  const children = await childrenOfParent(db, owner);
  if (!children.includes(row.enrollNumber)) throw notYourChild();
  return row;
}

/** Sends files for a document request: a `documentUpload` request using the parent's attachments. */
export async function sendDocument(
  db: TDatabase,
  owner: TOwner,
  ask: TDocumentRequestRow,
  attachmentIds: readonly string[],
): Promise<TRequestRow> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as TDatabase;
    await tx.execute(
      sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${ask.documentRequestId}))`,
    );
    const [met] = await tx
      .select({ metAt: documentRequests.metAt })
      .from(documentRequests)
      .where(
        and(
          eq(documentRequests.schoolId, ask.schoolId),
          eq(documentRequests.documentRequestId, ask.documentRequestId),
        ),
      );
    const sent =
      (await uploadsOf(tx, ask.schoolId, [ask.documentRequestId])).get(ask.documentRequestId) ?? [];
    if (met?.metAt || sent.some((row) => row.status === 'approved'))
      throw new ApiError(409, MessageId.requestWrongState, 'The school has accepted this document already');
    if (sent.some((row) => UNDER_REVIEW.includes(row.status)))
      throw new ApiError(409, MessageId.requestOverlap, 'Files sent for this document are under review');
    const row = await createRequest(
      tx,
      {
        schoolId: owner.schoolId,
        kind: DOCUMENT_UPLOAD_KIND,
        parentId: owner.parentId,
        enrollNumbers: [ask.enrollNumber],
        payload: {
          documentRequestId: ask.documentRequestId,
          attachmentIds: [...new Set(attachmentIds)],
          summary: requestSummary(ask.titleEn),
        },
        status: 'submitted',
      },
      { kind: 'parent', id: owner.parentId },
    );
    await useAttachments(tx, owner, attachmentIds, `request:${row.requestId}`);
    return row;
  });
}

/** GET uploads, POST uploads/:documentRequestId (module `uploads`). */
function uploadRoutes(app: FastifyInstance, db: TDatabase): void {
  const todayOf = async (schoolId: string) => schoolToday((await schoolWide(db, schoolId))?.timeZone);

  addEndpoint(app, uploadEndpoints.documentRequests, async (request) => {
    const owner = request.session;
    const { enrollNumber } = request.query;
    if (enrollNumber) await requireOwnChild(db, owner, enrollNumber);
    const children = enrollNumber ? [enrollNumber] : await childrenOfParent(db, owner);
    const asks = await documentAsks(db, owner.schoolId, children);
    return { ...ok, items: await documentItems(db, owner.schoolId, asks, await todayOf(owner.schoolId)) };
  });

  addEndpoint(app, uploadEndpoints.sendDocument, async (request, reply) => {
    const owner = request.session;
    const ask = await requireFamilyAsk(db, owner, request.params.documentRequestId);
    await sendDocument(db, owner, ask, request.body.attachmentIds);
    const [document] = await documentItems(db, owner.schoolId, [ask], await todayOf(owner.schoolId));
    return reply.code(201).send({ ...ok, document: document! });
  });
}

/** The uploads module's parent API under /v1/ppn. */
export const uploadsParentRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  requireSession(app);
  uploadRoutes(app, db);
};

/** POST /api/v1/staff/document-requests: the school asks families for a document (a `staff` key). */
export const staffDocumentRequestRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  app.post(
    '/document-requests',
    { schema: { body: ZStaffDocumentRequestBody, response: { 201: ZStaffDocumentRequestAnswer } } },
    async (request, reply) => {
      const { schoolId, keyId } = request.apiKey;
      const { staffId, ...ask } = request.body;
      if (staffId !== undefined && !(await schoolIdsAmong(db, schoolId, 'staff', [staffId])).size)
        throw new ApiError(
          422,
          MessageId.importRowsInvalid,
          `no member of the school's staff has the id "${staffId}"`,
        );
      const rows = await askForDocument(db, schoolId, ask, staffId ?? keyId);
      await db.insert(auditLog).values({
        schoolId,
        keyId,
        staffId: staffId ?? null,
        action: 'documentRequest.create',
        detail: { ids: rows.map((row) => row.documentRequestId), title: ask.title_en },
      });
      return reply.code(201).send({
        ...ok,
        items: rows.map((row) => ({
          id: row.documentRequestId,
          enrollNumber: row.enrollNumber,
          dueOn: row.dueOn,
        })),
      });
    },
  );
};
