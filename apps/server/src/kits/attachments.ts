import path from 'node:path';
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { ATTACHMENT_CONTENT_TYPES, type TAttachment } from '@portal/contracts/kits/attachments';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../api-error.ts';
import type { TDatabase } from '../db/client.ts';
import { attachmentBlobs, attachments } from '../db/schema/index.ts';
import { boundedPool, type TBoundedPool } from './bounded-pool.ts';
import type { TFileCheck, TFileCheckTask } from './files/file-check-worker.ts';

// Attachments (docs/decisions/018-module-families.md): typed by their first bytes, hashed and
// checked on a worker thread, kept once per school and content, counted against the school's
// quota; an attachment is its uploader's alone until an item uses it, and is purged unused.

export type TAttachmentRow = typeof attachments.$inferSelect;

/** How long an attachment no item uses is kept. */
export const UNUSED_ATTACHMENT_MS = 24 * 60 * 60 * 1000;

type TOwner = { schoolId: string; parentId: string };

export type TAttachmentStore = {
  /** Checks and keeps a parent's file: 415 `V004` wrong type, 422 `U002` refused, 413 `U001` quota. */
  store: (owner: TOwner, fileName: string, bytes: Buffer) => Promise<TAttachmentRow>;
  close: () => Promise<void>;
};

/** Up to 200 characters of the file's own name, without folders or control characters. */
export function cleanFileName(name: string): string {
  const base = path.basename(name.replaceAll('\\', '/')).replace(/[\u0000-\u001f\u007f"]/g, '');
  return base.slice(0, 200) || 'file';
}

export function toAttachment(row: TAttachmentRow): TAttachment {
  return {
    id: row.attachmentId,
    fileName: row.fileName,
    contentType: row.contentType as TAttachment['contentType'],
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The bytes the school keeps now, each content counted once. */
async function schoolBytes(db: TDatabase, schoolId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${attachmentBlobs.sizeBytes}), 0)::bigint` })
    .from(attachmentBlobs)
    .where(eq(attachmentBlobs.schoolId, schoolId));
  return Number(row?.total ?? 0);
}

export function attachmentStore(
  db: TDatabase,
  options: { quotaBytes: number; checksWaiting: number },
): TAttachmentStore {
  const checks: TBoundedPool<TFileCheckTask, TFileCheck> = boundedPool({
    filename: path.join(import.meta.dirname, 'files', 'file-check-worker.ts'),
    threads: 1,
    queue: options.checksWaiting,
    busy: (retryAfterSeconds) =>
      new ApiError(503, MessageId.serviceUnavailable, 'Too many files are being checked; try again shortly', {
        'retry-after': String(retryAfterSeconds),
      }),
  });
  return {
    async store(owner, fileName, bytes) {
      const check = await checks.run({ bytes });
      const taken = ATTACHMENT_CONTENT_TYPES as readonly string[];
      if (!check.contentType || !taken.includes(check.contentType)) {
        throw new ApiError(415, MessageId.unsupportedMediaType, 'Send a PDF, JPEG, PNG or WebP file');
      }
      if (check.refusal) throw new ApiError(422, MessageId.uploadRefused, check.refusal);
      return db.transaction(async (tx) => {
        // One upload at a time per school decides the quota, so two cannot both squeeze in.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`attachments:${owner.schoolId}`}))`);
        const [known] = await tx
          .select({ sha256: attachmentBlobs.sha256 })
          .from(attachmentBlobs)
          .where(and(eq(attachmentBlobs.schoolId, owner.schoolId), eq(attachmentBlobs.sha256, check.sha256)));
        if (!known) {
          if (
            (await schoolBytes(tx as unknown as TDatabase, owner.schoolId)) + bytes.length >
            options.quotaBytes
          ) {
            throw new ApiError(413, MessageId.uploadQuotaFull, 'The school’s storage for files is full');
          }
          await tx
            .insert(attachmentBlobs)
            .values({ schoolId: owner.schoolId, sha256: check.sha256, sizeBytes: bytes.length, bytes });
        }
        const [row] = await tx
          .insert(attachments)
          .values({
            ...owner,
            fileName: cleanFileName(fileName),
            contentType: check.contentType!,
            sizeBytes: bytes.length,
            sha256: check.sha256,
          })
          .returning();
        return row!;
      });
    },
    close: checks.close,
  };
}

/**
 * Marks the parent's unused attachments as used by an item (`request:<id>`...), in the item's
 * transaction. Any id that is not the parent's own unused attachment answers 404 `N404`.
 */
export async function useAttachments(
  tx: TDatabase,
  owner: TOwner,
  attachmentIds: readonly string[],
  usedBy: string,
): Promise<TAttachmentRow[]> {
  const ids = [...new Set(attachmentIds)];
  if (ids.length === 0) return [];
  const usable = and(
    eq(attachments.schoolId, owner.schoolId),
    eq(attachments.parentId, owner.parentId),
    inArray(attachments.attachmentId, ids),
    isNull(attachments.usedBy),
  );
  const unknown = () =>
    new ApiError(404, MessageId.notFound, 'An attachment is unknown, another parent’s or used already');
  const found = await tx.select({ id: attachments.attachmentId }).from(attachments).where(usable);
  if (found.length !== ids.length) throw unknown();
  const used = await tx.update(attachments).set({ usedBy }).where(usable).returning();
  // Another item took one meanwhile: the caller's transaction is undone with this refusal.
  if (used.length !== ids.length) throw unknown();
  return used;
}

/** The attachments these requests use (`request:<id>`), oldest first. */
export async function attachmentsOfRequests(
  db: TDatabase,
  schoolId: string,
  requestIds: readonly string[],
): Promise<TAttachmentRow[]> {
  if (requestIds.length === 0) return [];
  return db
    .select()
    .from(attachments)
    .where(
      and(
        eq(attachments.schoolId, schoolId),
        inArray(
          attachments.usedBy,
          requestIds.map((id) => `request:${id}`),
        ),
      ),
    )
    .orderBy(asc(attachments.createdAt), asc(attachments.attachmentId));
}

/** The parent's own attachment with its bytes, or null. */
export async function readOwnAttachment(db: TDatabase, owner: TOwner, attachmentId: string) {
  const [row] = await db
    .select({ attachment: attachments, bytes: attachmentBlobs.bytes })
    .from(attachments)
    .innerJoin(
      attachmentBlobs,
      and(eq(attachmentBlobs.schoolId, attachments.schoolId), eq(attachmentBlobs.sha256, attachments.sha256)),
    )
    .where(
      and(
        eq(attachments.schoolId, owner.schoolId),
        eq(attachments.parentId, owner.parentId),
        eq(attachments.attachmentId, attachmentId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Removes attachments unused for a day and the bytes no attachment refers to any more. */
export async function purgeUnusedAttachments(db: TDatabase, now: Date = new Date()): Promise<number> {
  const removed = await db
    .delete(attachments)
    .where(
      and(
        isNull(attachments.usedBy),
        lt(attachments.createdAt, new Date(now.getTime() - UNUSED_ATTACHMENT_MS)),
      ),
    )
    .returning({ id: attachments.attachmentId });
  await db.execute(sql`
    delete from ${attachmentBlobs} b
    where not exists (
      select 1 from ${attachments} a where a.school_id = b.school_id and a.sha256 = b.sha256
    )`);
  return removed.length;
}
