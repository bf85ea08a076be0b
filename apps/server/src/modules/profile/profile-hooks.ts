import { and, eq, inArray } from 'drizzle-orm';
import { PROFILE_FIELDS } from '@portal/contracts/families/profiles';
import type { TDatabase } from '../../db/client.ts';
import { parentDetails, parents, studentProfileDetails, students } from '../../db/schema/index.ts';
import type { TRequestKindRegistry } from '../../kits/request-hooks.ts';
import type { TRequestRow } from '../../kits/request-workflow.ts';
import { recordSisChanges } from '../../kits/sis-changes.ts';
import { fieldChangesOf, PARENT_PROFILE_CHANGE_KIND, STUDENT_PROFILE_CHANGE_KIND } from './profile-store.ts';

// What the school's approval of a profile change does (docs/modules.md F6, "Approved changes go to
// the SIS change feed"): in the decision's transaction, the proposed values replace the kept ones
// (an emptied field loses its row) and each changed field goes to the school's change feed
// (kits/sis-changes.ts), or the school's next bundle would put the old value back. A rejected
// change changes nothing. Only the editable details fields of the sets are applied, whatever a
// stored payload holds.

const EDITABLE = new Set(
  Object.values(PROFILE_FIELDS)
    .flat()
    .filter((spec) => spec.editable && spec.source === 'details')
    .map((spec) => spec.key),
);

/** The proposed values of the change, by field (null: emptied). */
function proposedOf(request: TRequestRow): Map<string, string | null> {
  return new Map(
    fieldChangesOf(request)
      .filter((change) => EDITABLE.has(change.field))
      .map((change) => [change.field, change.to]),
  );
}

async function applyParentChange(tx: TDatabase, request: TRequestRow): Promise<void> {
  const { schoolId, parentId } = request;
  const proposed = proposedOf(request);
  if (proposed.size === 0) return;
  const [parent] = await tx
    .select({ sourcedId: parents.sourcedId })
    .from(parents)
    .where(and(eq(parents.schoolId, schoolId), eq(parents.parentId, parentId)))
    .limit(1);
  if (!parent) return;
  const emptied = [...proposed].filter(([, value]) => value === null).map(([field]) => field);
  if (emptied.length > 0)
    await tx
      .delete(parentDetails)
      .where(
        and(
          eq(parentDetails.schoolId, schoolId),
          eq(parentDetails.parentId, parentId),
          inArray(parentDetails.field, emptied),
        ),
      );
  for (const [field, value] of proposed) {
    if (value === null) continue;
    await tx
      .insert(parentDetails)
      .values({ schoolId, parentId, field, value })
      .onConflictDoUpdate({
        target: [parentDetails.schoolId, parentDetails.parentId, parentDetails.field],
        set: { value, updatedAt: new Date() },
      });
  }
  await recordSisChanges(tx, {
    schoolId,
    entity: 'parent',
    recordId: parentId,
    sourcedId: parent.sourcedId,
    fields: Object.fromEntries(proposed),
    requestId: request.requestId,
  });
}

async function applyStudentChange(tx: TDatabase, request: TRequestRow): Promise<void> {
  const { schoolId } = request;
  const enrollNumber = request.enrollNumbers[0];
  const proposed = proposedOf(request);
  if (!enrollNumber || proposed.size === 0) return;
  const [student] = await tx
    .select({ sourcedId: students.sourcedId })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.enrollNumber, enrollNumber)))
    .limit(1);
  if (!student) return;
  const emptied = [...proposed].filter(([, value]) => value === null).map(([field]) => field);
  if (emptied.length > 0)
    await tx
      .delete(studentProfileDetails)
      .where(
        and(
          eq(studentProfileDetails.schoolId, schoolId),
          eq(studentProfileDetails.enrollNumber, enrollNumber),
          inArray(studentProfileDetails.field, emptied),
        ),
      );
  for (const [field, value] of proposed) {
    if (value === null) continue;
    await tx
      .insert(studentProfileDetails)
      .values({ schoolId, enrollNumber, field, value })
      .onConflictDoUpdate({
        target: [
          studentProfileDetails.schoolId,
          studentProfileDetails.enrollNumber,
          studentProfileDetails.field,
        ],
        set: { value, updatedAt: new Date() },
      });
  }
  await recordSisChanges(tx, {
    schoolId,
    entity: 'student',
    recordId: enrollNumber,
    sourcedId: student.sourcedId,
    fields: Object.fromEntries(proposed),
    requestId: request.requestId,
  });
}

/** The hooks of the profile change kinds, for the staff API's decisions. */
export const profileKindHooks: TRequestKindRegistry = {
  [PARENT_PROFILE_CHANGE_KIND]: { onApproved: applyParentChange },
  [STUDENT_PROFILE_CHANGE_KIND]: { onApproved: applyStudentChange },
};

/** Applies an approved change (the demo's earlier approval, made as the staff API makes it). */
export async function applyApprovedProfileChange(tx: TDatabase, request: TRequestRow): Promise<void> {
  if (request.kind === PARENT_PROFILE_CHANGE_KIND) await applyParentChange(tx, request);
  else if (request.kind === STUDENT_PROFILE_CHANGE_KIND) await applyStudentChange(tx, request);
}
