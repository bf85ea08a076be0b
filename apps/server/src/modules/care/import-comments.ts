import { and, eq, sql } from 'drizzle-orm';
import { MAX_CARE_COMMENT_LENGTH } from '@portal/contracts/families/care';
import { careComments, careRecords } from '../../db/schema/index.ts';
import { among, byStatus, fileCounts, reportProblem } from '../../kits/bundle-apply.ts';
import { rowReader } from '../../kits/bundle-fields.ts';
import type { TBundleFileHandler } from '../../kits/bundle-file.ts';
import { instantOf } from '../../kits/portal-columns.ts';
import { checkReferences, idsAmong } from '../../kits/school-ids.ts';
import { COMMENTED_KINDS } from './repository.ts';

// care_comments.csv (docs/school-data.md): the school's comments on goals and improvement
// plans. A school comment is named by its record and its time (`recordSourcedId`, `at`); the
// parents' comments are the portal's own and are never changed or removed by a bundle. A bulk
// file holds every school comment: one it no longer lists is removed.

type TCommentRow = { recordId: string; at: Date; staffId: string; body: string };

const keyOf = (recordId: string, at: Date) => `${recordId}\n${at.getTime()}`;

/** The school's goals and improvement plans (not removed): what a comment is written on. */
const commentedRecords = {
  school: careRecords.schoolId,
  id: careRecords.recordId,
  removedAt: careRecords.removedAt,
  where: among(careRecords.kind, COMMENTED_KINDS),
};

export const careCommentsFile: TBundleFileHandler<TCommentRow> = {
  file: 'care_comments.csv',
  columns: ['recordSourcedId', 'at'],
  optionalColumns: ['sourcedId', 'staffSourcedId', 'body'],
  after: ['users.csv', 'care_records.csv'],
  parseRow(record, row, status) {
    const read = rowReader(record, row);
    const active = status === 'active';
    const value: TCommentRow = {
      recordId: read.text('recordSourcedId', { required: true }),
      // Without a time the row has a problem, and is not applied.
      at: instantOf(read, 'at', { required: true }) ?? new Date(0),
      staffId: read.text('staffSourcedId', { required: active }),
      body: read.text('body', { required: active }).trim(),
    };
    if (value.body.length > MAX_CARE_COMMENT_LENGTH)
      read.problem('body', `longer than ${MAX_CARE_COMMENT_LENGTH} characters`);
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const { schoolId } = context;
    const { active, deleted } = byStatus(rows);
    const inFile = new Set<string>();
    let twice = 0;
    for (const { row, value } of rows) {
      const key = keyOf(value.recordId, value.at);
      if (inFile.has(key)) {
        twice++;
        reportProblem(
          context,
          row,
          'at',
          `another row of this file names the comment of ${value.at.toISOString()}`,
        );
      }
      inFile.add(key);
    }
    const valid = await checkReferences(tx, context, active, [
      {
        column: 'recordSourcedId',
        idOf: (value) => value.recordId,
        known: (ids) => idsAmong(tx, schoolId, commentedRecords, ids),
        unknown: (id) => `no goal or improvement plan of the school has the id "${id}"`,
      },
      { kind: 'staff', column: 'staffSourcedId', idOf: (value) => value.staffId },
    ]);
    if (twice > 0 || valid.length < active.length)
      return fileCounts({ rows: rows.length, added: 0, changed: 0, removedByRows: 0 });
    // The school's comments now stored, on the records the file names (or on all, for a bulk file).
    const named = [...new Set(rows.map((row) => row.value.recordId))];
    const stored = await tx
      .select()
      .from(careComments)
      .where(
        and(
          eq(careComments.schoolId, schoolId),
          eq(careComments.authorKind, 'staff'),
          ...(context.mode === 'bulk' ? [] : [among(careComments.recordId, named)]),
        ),
      );
    const byKey = new Map(stored.map((comment) => [keyOf(comment.recordId, comment.at), comment]));
    const lastSeq = new Map<string, number>();
    const remove = async (comment: (typeof stored)[number]) =>
      tx
        .delete(careComments)
        .where(
          and(
            eq(careComments.schoolId, schoolId),
            eq(careComments.recordId, comment.recordId),
            eq(careComments.seq, comment.seq),
          ),
        );
    let added = 0;
    let changed = 0;
    let removedByRows = 0;
    let removedMissing = 0;
    for (const { value } of deleted) {
      const comment = byKey.get(keyOf(value.recordId, value.at));
      if (comment) {
        await remove(comment);
        removedByRows++;
      }
    }
    for (const { value } of active) {
      const comment = byKey.get(keyOf(value.recordId, value.at));
      if (comment) {
        if (comment.body === value.body && comment.authorId === value.staffId) continue;
        await tx
          .update(careComments)
          .set({ body: value.body, authorId: value.staffId })
          .where(
            and(
              eq(careComments.schoolId, schoolId),
              eq(careComments.recordId, comment.recordId),
              eq(careComments.seq, comment.seq),
            ),
          );
        changed++;
        continue;
      }
      if (!lastSeq.has(value.recordId)) {
        const [last] = await tx
          .select({ seq: sql<number>`coalesce(max(${careComments.seq}), 0)::int` })
          .from(careComments)
          .where(and(eq(careComments.schoolId, schoolId), eq(careComments.recordId, value.recordId)));
        lastSeq.set(value.recordId, last?.seq ?? 0);
      }
      const seq = (lastSeq.get(value.recordId) ?? 0) + 1;
      lastSeq.set(value.recordId, seq);
      await tx.insert(careComments).values({
        schoolId,
        recordId: value.recordId,
        seq,
        authorKind: 'staff',
        authorId: value.staffId,
        body: value.body,
        at: value.at,
      });
      added++;
    }
    if (context.mode === 'bulk') {
      for (const comment of stored) {
        if (inFile.has(keyOf(comment.recordId, comment.at))) continue;
        await remove(comment);
        removedMissing++;
      }
    }
    return fileCounts({ rows: rows.length, added, changed, removedByRows, removedMissing });
  },
};
