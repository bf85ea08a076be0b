import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TCareComment, TCareKind, TCareRecord } from '@portal/contracts/families/care';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { acknowledgements, careComments, careRecords, parents, staff } from '../../db/schema/index.ts';
import { published } from '../../kits/publication.ts';
import { recordOf } from './views.ts';

// Reading a child's care records as the parents see them (docs/modules.md F3): published and not
// removed only (the publication gate), newest first, with who recorded them, the child's
// acknowledgement and, for goals and plans, the comments. The caller has checked the child is
// the parent's (access/own-child.ts).

/** What acknowledgements of a care record are filed under (kits/acknowledgements.ts). */
export const CARE_ACK_SUBJECT = 'careRecord';

/** The most records one list holds (years of a busy child fit). */
export const MAX_CARE_RECORDS = 1_000;

/** The kinds that take comments. */
export const COMMENTED_KINDS: readonly TCareKind[] = ['goal', 'improvementPlan'];

export type TCareChild = { schoolId: string; enrollNumber: string };

export type TCareRow = Awaited<ReturnType<typeof careRows>>[number];

/** The child's published records of these kinds (or the one with `recordId`), newest first. */
async function careRows(db: TDatabase, child: TCareChild, kinds: readonly string[], recordId?: string) {
  return db
    .select({ record: careRecords, staffNameEn: staff.nameEn, staffNameAr: staff.nameAr })
    .from(careRecords)
    .leftJoin(staff, and(eq(staff.schoolId, careRecords.schoolId), eq(staff.staffId, careRecords.staffId)))
    .where(
      and(
        eq(careRecords.schoolId, child.schoolId),
        eq(careRecords.enrollNumber, child.enrollNumber),
        inArray(careRecords.kind, [...kinds]),
        published(careRecords.publishedAt),
        isNull(careRecords.removedAt),
        ...(recordId === undefined ? [] : [eq(careRecords.recordId, recordId)]),
      ),
    )
    .orderBy(desc(careRecords.occurredOn), desc(careRecords.publishedAt), asc(careRecords.recordId))
    .limit(MAX_CARE_RECORDS);
}

/** The child's first acknowledgement of each of these records, by record id. */
async function acknowledgedAt(db: TDatabase, child: TCareChild, recordIds: string[]) {
  const found = new Map<string, Date>();
  if (recordIds.length === 0) return found;
  // Many subjects at once: the kit reads one subject at a time.
  const rows = await db
    .select({ subjectId: acknowledgements.subjectId, at: acknowledgements.at })
    .from(acknowledgements)
    .where(
      and(
        eq(acknowledgements.schoolId, child.schoolId),
        eq(acknowledgements.subjectKind, CARE_ACK_SUBJECT),
        eq(acknowledgements.enrollNumber, child.enrollNumber),
        inArray(acknowledgements.subjectId, recordIds),
      ),
    );
  for (const row of rows) found.set(row.subjectId, row.at);
  return found;
}

/** The comments on these records, in the order they were written, with their authors' names. */
async function commentsOf(db: TDatabase, schoolId: string, recordIds: string[]) {
  const found = new Map<string, TCareComment[]>();
  if (recordIds.length === 0) return found;
  const rows = await db
    .select({
      recordId: careComments.recordId,
      seq: careComments.seq,
      at: careComments.at,
      authorKind: careComments.authorKind,
      body: careComments.body,
      staffName: staff.nameEn,
      parentName: parents.nameEn,
    })
    .from(careComments)
    .leftJoin(
      staff,
      and(
        eq(careComments.authorKind, 'staff'),
        eq(staff.schoolId, careComments.schoolId),
        eq(staff.staffId, careComments.authorId),
      ),
    )
    .leftJoin(
      parents,
      and(
        eq(careComments.authorKind, 'parent'),
        eq(parents.schoolId, careComments.schoolId),
        eq(parents.parentId, careComments.authorId),
      ),
    )
    .where(and(eq(careComments.schoolId, schoolId), inArray(careComments.recordId, recordIds)))
    .orderBy(asc(careComments.at), asc(careComments.seq));
  for (const row of rows) {
    const parent = row.authorKind === 'parent';
    const comment: TCareComment = {
      seq: row.seq,
      at: row.at.toISOString(),
      author: parent ? 'parent' : 'school',
      authorName: (parent ? row.parentName : row.staffName) ?? '',
      body: row.body,
    };
    found.set(row.recordId, [...(found.get(row.recordId) ?? []), comment]);
  }
  return found;
}

/** The child's records of these kinds as the parent sees them, newest first. */
export async function careRecordsOf(
  db: TDatabase,
  child: TCareChild,
  kinds: readonly TCareKind[],
  recordId?: string,
): Promise<TCareRecord[]> {
  const rows = await careRows(db, child, kinds, recordId);
  const acks = await acknowledgedAt(
    db,
    child,
    rows.filter((row) => row.record.requiresAck).map((row) => row.record.recordId),
  );
  const comments = await commentsOf(
    db,
    child.schoolId,
    rows
      .filter((row) => COMMENTED_KINDS.includes(row.record.kind as TCareKind))
      .map((row) => row.record.recordId),
  );
  return rows.map((row) =>
    recordOf(row, acks.get(row.record.recordId) ?? null, comments.get(row.record.recordId) ?? []),
  );
}

/** The child's published record of one of these kinds with this id, or null. */
export async function careRecordOf(
  db: TDatabase,
  child: TCareChild,
  kinds: readonly TCareKind[],
  recordId: string,
): Promise<TCareRecord | null> {
  return (await careRecordsOf(db, child, kinds, recordId))[0] ?? null;
}

/**
 * Adds a parent's comment to a record, numbered after the last one. Two comments written at
 * once may take the same number: the one that loses tries again with the next.
 */
export async function addComment(
  db: TDatabase,
  key: { schoolId: string; recordId: string },
  author: { kind: 'parent' | 'staff'; id: string },
  body: string,
): Promise<void> {
  const next = sql<number>`(select coalesce(max(${careComments.seq}), 0) + 1 from ${careComments}
    where ${careComments.schoolId} = ${key.schoolId} and ${careComments.recordId} = ${key.recordId})`;
  for (let attempt = 0; attempt < 5; attempt++) {
    const added = await db
      .insert(careComments)
      .values({ ...key, seq: next, authorKind: author.kind, authorId: author.id, body })
      .onConflictDoNothing()
      .returning({ seq: careComments.seq });
    if (added.length > 0) return;
  }
  throw new ApiError(409, MessageId.requestWrongState, 'Too many comments at once; try again');
}
