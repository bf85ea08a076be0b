import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  KYC_EXPIRING_DAYS,
  MAX_KYC_DOCUMENTS_LISTED,
  MAX_KYC_VALIDITY_YEARS,
  type TKycDocument,
  type TKycOwner,
  type TKycOwnerDocuments,
  type TKycState,
  type TKycTypeState,
  type TKycUploadBody,
} from '@portal/contracts/families/kyc';
import { addDays, daysBetween } from '@portal/contracts/kits/dates';
import type { TRequestStatus } from '@portal/contracts/kits/requests';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import {
  kycDocuments,
  kycDocumentTypes,
  parents,
  parentStudents,
  requestEvents,
  requests,
  students,
} from '../../db/schema/index.ts';
import { requireOwnChild } from '../../access/own-child.ts';
import { attachmentsOfRequests, toAttachment, useAttachments } from '../../kits/attachments.ts';
import { createRequest, OPEN_STATUSES, requestSummary } from '../../kits/request-workflow.ts';

// Identity documents (docs/modules.md F6, module `kyc`): the types the school keeps on file
// (kyc_types.csv, kyc-import.ts), the documents on file per owner (the parent, each child) with
// their expiry, and the family's uploads. An upload is a `kycDocument` request of the shared
// workflow (kits/request-workflow.ts), submitted at once; the school approves or rejects it with
// the staff API's decision, and the document's status is the request's. Another undecided
// document of the same type and owner is 409 `R003`; an expiry not after today 422 `R002`.

export const KYC_DOCUMENT_KIND = 'kycDocument';
export const KYC_PATH = '/kyc';
/** A key of PostgreSQL's advisory locks: one upload per owner and type at a time. */
const LOCK_NAMESPACE = 7_263_651;

export type TOwner = { schoolId: string; parentId: string };
type TTypeRow = typeof kycDocumentTypes.$inferSelect;
type TDocumentRow = typeof kycDocuments.$inferSelect;
type TDocumentWithStatus = { document: TDocumentRow; status: string };

const liveType = (schoolId: string) =>
  and(eq(kycDocumentTypes.schoolId, schoolId), isNull(kycDocumentTypes.removedAt));

/** The school's types of document, in the school's order. */
export async function kycTypes(db: TDatabase, schoolId: string): Promise<TTypeRow[]> {
  return db
    .select()
    .from(kycDocumentTypes)
    .where(liveType(schoolId))
    .orderBy(asc(kycDocumentTypes.position), asc(kycDocumentTypes.nameEn), asc(kycDocumentTypes.typeId));
}

/**
 * The documents of the parent and of these children, each with its request's status, newest first
 * (at most MAX_KYC_DOCUMENTS_LISTED per owner on average: a family's page stays bounded).
 */
async function documentsOf(
  db: TDatabase,
  owner: TOwner,
  children: readonly string[],
): Promise<TDocumentWithStatus[]> {
  const mine = and(eq(kycDocuments.parentId, owner.parentId), isNull(kycDocuments.enrollNumber));
  const theirs = children.length > 0 ? inArray(kycDocuments.enrollNumber, [...children]) : undefined;
  return db
    .select({ document: kycDocuments, status: requests.status })
    .from(kycDocuments)
    .innerJoin(
      requests,
      and(eq(requests.schoolId, kycDocuments.schoolId), eq(requests.requestId, kycDocuments.requestId)),
    )
    .where(and(eq(kycDocuments.schoolId, owner.schoolId), theirs ? or(mine, theirs) : mine))
    .orderBy(desc(kycDocuments.createdAt), desc(kycDocuments.documentId))
    .limit(MAX_KYC_DOCUMENTS_LISTED * (children.length + 1));
}

/** The school's note on each decided request (the last decision's), by request id. */
async function decisionNotes(db: TDatabase, schoolId: string, requestIds: readonly string[]) {
  const notes = new Map<string, string>();
  if (requestIds.length === 0) return notes;
  const rows = await db
    .select({ requestId: requestEvents.requestId, note: requestEvents.note })
    .from(requestEvents)
    .where(
      and(
        eq(requestEvents.schoolId, schoolId),
        inArray(requestEvents.requestId, [...requestIds]),
        inArray(requestEvents.toStatus, ['approved', 'rejected']),
      ),
    )
    .orderBy(asc(requestEvents.seq));
  for (const row of rows) notes.set(row.requestId, row.note);
  return notes;
}

/** The documents as the page shows them. */
async function documentViews(
  db: TDatabase,
  schoolId: string,
  rows: readonly TDocumentWithStatus[],
  today: string,
): Promise<Map<string, TKycDocument>> {
  const requestIds = rows.map((row) => row.document.requestId);
  const [notes, files] = await Promise.all([
    decisionNotes(db, schoolId, requestIds),
    attachmentsOfRequests(db, schoolId, requestIds),
  ]);
  return new Map(
    rows.map(({ document, status }) => [
      document.documentId,
      {
        id: document.documentId,
        typeId: document.typeId,
        enrollNumber: document.enrollNumber,
        number: document.number,
        expiresOn: document.expiresOn,
        daysLeft: daysBetween(today, document.expiresOn),
        status: status as TRequestStatus,
        note: notes.get(document.requestId) ?? '',
        files: files.filter((file) => file.usedBy === `request:${document.requestId}`).map(toAttachment),
        submittedAt: document.createdAt.toISOString(),
      },
    ]),
  );
}

/** Where one type stands for one owner, from the owner's documents of that type (newest first). */
export function typeStateOf(type: TTypeRow, documents: readonly TKycDocument[]): TKycTypeState {
  const approved = documents
    .filter((document) => document.status === 'approved')
    .sort((a, b) => b.expiresOn.localeCompare(a.expiresOn));
  const current = approved[0] ?? null;
  const pending = documents.find((document) => OPEN_STATUSES.includes(document.status)) ?? null;
  const latest = documents[0];
  let state: TKycState = 'missing';
  if (current && current.daysLeft >= 0) state = current.daysLeft <= KYC_EXPIRING_DAYS ? 'expiring' : 'valid';
  else if (pending) state = 'submitted';
  else if (current) state = 'expired';
  else if (latest?.status === 'rejected') state = 'rejected';
  return {
    typeId: type.typeId,
    name: { en: type.nameEn, ar: type.nameAr },
    required: type.required,
    state,
    current,
    pending,
    canUpload: pending === null,
  };
}

/** The parent's name and the parent's children (enrolment number and name), in name order. */
async function family(db: TDatabase, owner: TOwner) {
  const [parent] = await db
    .select({ name: parents.nameEn })
    .from(parents)
    .where(and(eq(parents.schoolId, owner.schoolId), eq(parents.parentId, owner.parentId)))
    .limit(1);
  const children = await db
    .select({ enrollNumber: students.enrollNumber, name: students.fullName })
    .from(parentStudents)
    .innerJoin(
      students,
      and(
        eq(students.schoolId, parentStudents.schoolId),
        eq(students.enrollNumber, parentStudents.enrollNumber),
      ),
    )
    .where(and(eq(parentStudents.schoolId, owner.schoolId), eq(parentStudents.parentId, owner.parentId)))
    .orderBy(asc(students.enrollNumber));
  return { parentName: parent?.name ?? '', children };
}

/** GET kyc/documents: the parent first, then each child, each with the types asked and the documents on file. */
export async function familyDocuments(
  db: TDatabase,
  owner: TOwner,
  today: string,
): Promise<TKycOwnerDocuments[]> {
  const [types, { parentName, children }] = await Promise.all([
    kycTypes(db, owner.schoolId),
    family(db, owner),
  ]);
  const rows = await documentsOf(
    db,
    owner,
    children.map((child) => child.enrollNumber),
  );
  const views = await documentViews(db, owner.schoolId, rows, today);
  const ofOwner = (enrollNumber: string | null) =>
    rows
      .filter((row) => row.document.enrollNumber === enrollNumber)
      .map((row) => views.get(row.document.documentId)!);
  const section = (kind: TKycOwner, enrollNumber: string | null, name: string): TKycOwnerDocuments => {
    const documents = ofOwner(enrollNumber);
    return {
      owner: kind,
      enrollNumber,
      name,
      types: types
        .filter((type) => type.owner === kind)
        .map((type) =>
          typeStateOf(
            type,
            documents.filter((document) => document.typeId === type.typeId),
          ),
        ),
      documents: documents.slice(0, MAX_KYC_DOCUMENTS_LISTED),
    };
  };
  return [
    section('parent', null, parentName),
    ...children.map((child) => section('student', child.enrollNumber, child.name)),
  ];
}

/** The one document as the page shows it. */
export async function documentView(
  db: TDatabase,
  schoolId: string,
  documentId: string,
  today: string,
): Promise<TKycDocument> {
  const [row] = await db
    .select({ document: kycDocuments, status: requests.status })
    .from(kycDocuments)
    .innerJoin(
      requests,
      and(eq(requests.schoolId, kycDocuments.schoolId), eq(requests.requestId, kycDocuments.requestId)),
    )
    .where(and(eq(kycDocuments.schoolId, schoolId), eq(kycDocuments.documentId, documentId)))
    .limit(1);
  if (!row) throw new Error('The document was not read back');
  return (await documentViews(db, schoolId, [row], today)).get(documentId)!;
}

/** The documents of one owner and type: the parent's own, or the child's (whichever parent sent it). */
function sameOwnerAndType(
  schoolId: string,
  parentId: string,
  enrollNumber: string | null,
  typeId: string,
): SQL {
  return and(
    eq(kycDocuments.schoolId, schoolId),
    eq(kycDocuments.typeId, typeId),
    enrollNumber === null
      ? and(eq(kycDocuments.parentId, parentId), isNull(kycDocuments.enrollNumber))
      : eq(kycDocuments.enrollNumber, enrollNumber),
  ) as SQL;
}

/**
 * POST kyc/documents: checks the child (another's 403 `A002`), the type (unknown, a child's type
 * without a child, or the parent's with one, 400 `V001`), the expiry (not after today,
 * or more than MAX_KYC_VALIDITY_YEARS ahead, 422 `R002`) and that nothing of the same type and
 * owner is undecided (409 `R003`); then makes the `kycDocument` request, submitted, with its files.
 */
export async function uploadKycDocument(
  db: TDatabase,
  owner: TOwner,
  body: TKycUploadBody,
  today: string,
  at?: Date,
): Promise<TDocumentRow> {
  // The child first: another family's child is 403 `A002` whatever else the body says.
  const child = body.enrollNumber === null ? null : await requireOwnChild(db, owner, body.enrollNumber);
  const [type] = await db
    .select()
    .from(kycDocumentTypes)
    .where(and(liveType(owner.schoolId), eq(kycDocumentTypes.typeId, body.typeId)))
    .limit(1);
  if (!type) throw new ApiError(400, MessageId.invalidRequest, 'The school keeps no document of this type');
  if (type.owner === 'student' && !child)
    throw new ApiError(400, MessageId.invalidRequest, 'Name the child this document is of');
  if (type.owner === 'parent' && child)
    throw new ApiError(400, MessageId.invalidRequest, 'This document is the parent’s own, not a child’s');
  const enrollNumber = child?.enrollNumber ?? null;
  const childName = child?.fullName ?? '';
  if (body.expiresOn <= today)
    throw new ApiError(422, MessageId.requestBadDates, 'The document has expired; send a valid one');
  if (body.expiresOn > addDays(today, Math.round(MAX_KYC_VALIDITY_YEARS * 365.25)))
    throw new ApiError(422, MessageId.requestBadDates, 'The expiry is too far ahead');
  const number = body.number ?? '';
  const name = childName ? `${type.nameEn} — ${childName}` : type.nameEn;
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as TDatabase;
    const ownerKey = enrollNumber === null ? `parent:${owner.parentId}` : `child:${enrollNumber}`;
    // Two presses at once: the second waits for the first, then finds it.
    await tx.execute(
      sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${`${owner.schoolId}\n${ownerKey}\n${type.typeId}`}))`,
    );
    const [open] = await tx
      .select({ id: kycDocuments.documentId })
      .from(kycDocuments)
      .innerJoin(
        requests,
        and(eq(requests.schoolId, kycDocuments.schoolId), eq(requests.requestId, kycDocuments.requestId)),
      )
      .where(
        and(
          sameOwnerAndType(owner.schoolId, owner.parentId, enrollNumber, type.typeId),
          inArray(requests.status, [...OPEN_STATUSES]),
        ),
      )
      .limit(1);
    if (open)
      throw new ApiError(409, MessageId.requestOverlap, 'A document of this type is waiting for the school');
    const attachmentIds = [...new Set(body.attachmentIds)];
    const request = await createRequest(
      tx,
      {
        schoolId: owner.schoolId,
        kind: KYC_DOCUMENT_KIND,
        parentId: owner.parentId,
        enrollNumbers: enrollNumber === null ? [] : [enrollNumber],
        payload: {
          typeId: type.typeId,
          enrollNumber,
          number,
          expiresOn: body.expiresOn,
          attachmentIds,
          summary: requestSummary(name),
        },
        status: 'submitted',
      },
      { kind: 'parent', id: owner.parentId },
    );
    if (at) {
      await tx
        .update(requests)
        .set({ createdAt: at, updatedAt: at })
        .where(and(eq(requests.schoolId, owner.schoolId), eq(requests.requestId, request.requestId)));
      await tx
        .update(requestEvents)
        .set({ at })
        .where(
          and(eq(requestEvents.schoolId, owner.schoolId), eq(requestEvents.requestId, request.requestId)),
        );
    }
    await useAttachments(tx, owner, attachmentIds, `request:${request.requestId}`);
    const [row] = await tx
      .insert(kycDocuments)
      .values({
        schoolId: owner.schoolId,
        parentId: owner.parentId,
        enrollNumber,
        typeId: type.typeId,
        number,
        expiresOn: body.expiresOn,
        attachmentIds,
        requestId: request.requestId,
        ...(at ? { createdAt: at } : {}),
      })
      .returning();
    return row!;
  });
}
