import { and, eq, sql } from 'drizzle-orm';
import type { TDatabase } from '../../../db/client.ts';
import { parentStudents } from '../../../db/schema/index.ts';
import { among, batchesOf, reportProblem } from '../../../kits/bundle-apply.ts';
import type { TApplyContext } from '../../../kits/bundle-file.ts';
import type { TRowOutcomes } from './outcomes.ts';

// Which parent sees which child (docs/school-data.md): a user's agentSourcedIds, from the
// parent's row (its children, in order) or the child's (its parents). A delta file adds the
// links it names and touches no other; a bulk file also removes the links between the school
// system's people that it no longer names.

type TPersonRow = { row: number; agents: string[] };

export type TLinkInput = {
  parentRows: (TPersonRow & { parentId: string })[];
  studentRows: (TPersonRow & { enrollNumber: string })[];
  /** The enrolment number of the school system's student with this sourcedId, if any. */
  studentOf: (sourcedId: string) => string | undefined;
  parentOf: (sourcedId: string) => string | undefined;
};

type TLink = { parentId: string; enrollNumber: string; position: number | null; rows: number[] };

const keyOf = (parentId: string, enrollNumber: string) => `${parentId}\u001f${enrollNumber}`;

function wantedLinks(context: TApplyContext, input: TLinkInput): Map<string, TLink> {
  const wanted = new Map<string, TLink>();
  const want = (parentId: string, enrollNumber: string, position: number | null, row: number) => {
    const key = keyOf(parentId, enrollNumber);
    const link = wanted.get(key) ?? { parentId, enrollNumber, position: null, rows: [] };
    link.position ??= position;
    link.rows.push(row);
    wanted.set(key, link);
  };
  for (const parent of input.parentRows) {
    parent.agents.forEach((agent, position) => {
      const enrollNumber = input.studentOf(agent);
      if (enrollNumber) want(parent.parentId, enrollNumber, position, parent.row);
      else reportProblem(context, parent.row, 'agentSourcedIds', `"${agent}" is not a student of the school`);
    });
  }
  for (const student of input.studentRows) {
    for (const agent of student.agents) {
      const parentId = input.parentOf(agent);
      if (parentId) want(parentId, student.enrollNumber, null, student.row);
      else reportProblem(context, student.row, 'agentSourcedIds', `"${agent}" is not a parent of the school`);
    }
  }
  return wanted;
}

export async function applyLinks(
  tx: TDatabase,
  context: TApplyContext,
  input: TLinkInput,
  outcomes: TRowOutcomes,
): Promise<void> {
  const wanted = wantedLinks(context, input);
  const parentIds = [...new Set([...wanted.values()].map((link) => link.parentId))];
  const existing =
    parentIds.length === 0
      ? []
      : await tx
          .select()
          .from(parentStudents)
          .where(
            and(eq(parentStudents.schoolId, context.schoolId), among(parentStudents.parentId, parentIds)),
          );
  const have = new Set(existing.map((link) => keyOf(link.parentId, link.enrollNumber)));
  const nextPosition = new Map<string, number>();
  for (const link of existing) {
    nextPosition.set(link.parentId, Math.max(nextPosition.get(link.parentId) ?? 0, link.position + 1));
  }
  // A new child comes after the parent's children (a parent's row names them in order); the
  // places of the children a parent has are never changed.
  const added = [...wanted.entries()]
    .filter(([key]) => !have.has(key))
    .map(([, link]) => link)
    .sort((a, b) => (a.position ?? Infinity) - (b.position ?? Infinity));
  const rows = added.map((link) => {
    const position = nextPosition.get(link.parentId) ?? 0;
    nextPosition.set(link.parentId, position + 1);
    for (const row of link.rows) outcomes.changed(row);
    return { schoolId: context.schoolId, parentId: link.parentId, enrollNumber: link.enrollNumber, position };
  });
  for (const batch of batchesOf(rows, 4)) await tx.insert(parentStudents).values(batch).onConflictDoNothing();
  if (context.mode === 'bulk') await removeUnnamedLinks(tx, context, input, [...wanted.keys()], outcomes);
}

/** In a bulk file: the links between the school system's parents and students it no longer names. */
async function removeUnnamedLinks(
  tx: TDatabase,
  context: TApplyContext,
  input: TLinkInput,
  keep: string[],
  outcomes: TRowOutcomes,
): Promise<void> {
  const removed = (await tx.execute(sql`
    delete from parent_students ps using parents p, students s
    where ps.school_id = ${context.schoolId}
      and p.school_id = ps.school_id and p.parent_id = ps.parent_id and p.sourced_id is not null
      and s.school_id = ps.school_id and s.enroll_number = ps.enroll_number and s.sourced_id is not null
      and not ((ps.parent_id || chr(31) || ps.enroll_number) = any(${sql.param(keep)}::text[]))
    returning ps.parent_id, ps.enroll_number`)) as unknown as {
    rows: { parent_id: string; enroll_number: string }[];
  };
  const parentRow = new Map(input.parentRows.map((parent) => [parent.parentId, parent.row]));
  const studentRow = new Map(input.studentRows.map((student) => [student.enrollNumber, student.row]));
  for (const link of removed.rows) {
    const rows = [parentRow.get(link.parent_id), studentRow.get(link.enroll_number)];
    for (const row of rows) if (row !== undefined) outcomes.changed(row);
  }
}
