import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TDatabase } from '../../../db/client.ts';
import { enrollments, parentStudents, parents, staff, students } from '../../../db/schema/index.ts';
import { among, inTurn } from '../../../kits/bundle-apply.ts';
import type { TPortalRole } from './state.ts';

// The school's people as they are before a users.csv is applied, and how each kind is removed
// (docs/school-data.md): a removed student or parent keeps their account and history, loses
// their links and class places, and is no longer the school system's (sourcedId cleared, so a
// later bundle may take them back); removed staff are marked removed.

export type TPeople = Awaited<ReturnType<typeof loadPeople>>;

export async function loadPeople(tx: TDatabase, schoolId: string) {
  const [studentRows, parentRows, staffRows] = await inTurn([
    tx
      .select({ enrollNumber: students.enrollNumber, sourcedId: students.sourcedId })
      .from(students)
      .where(eq(students.schoolId, schoolId)),
    tx
      .select({
        parentId: parents.parentId,
        sourcedId: parents.sourcedId,
        email: parents.email,
        username: parents.username,
      })
      .from(parents)
      .where(eq(parents.schoolId, schoolId)),
    tx
      .select({ staffId: staff.staffId, role: staff.role, removedAt: staff.removedAt })
      .from(staff)
      .where(eq(staff.schoolId, schoolId)),
  ]);
  const studentBySourced = new Map<string, string>();
  const studentByEnroll = new Map<string, string | null>();
  for (const row of studentRows) {
    studentByEnroll.set(row.enrollNumber, row.sourcedId);
    if (row.sourcedId) studentBySourced.set(row.sourcedId, row.enrollNumber);
  }
  const parentBySourced = new Map<string, string>();
  const unsourcedParentsByEmail = new Map<string, string[]>();
  const parentByUsername = new Map<string, string>();
  for (const row of parentRows) {
    if (row.sourcedId) parentBySourced.set(row.sourcedId, row.parentId);
    else {
      const email = row.email.toLowerCase();
      unsourcedParentsByEmail.set(email, [...(unsourcedParentsByEmail.get(email) ?? []), row.parentId]);
    }
    parentByUsername.set(row.username.toLowerCase(), row.parentId);
  }
  const liveStaff = new Map(staffRows.filter((row) => !row.removedAt).map((row) => [row.staffId, row.role]));
  const allStaff = new Set(staffRows.map((row) => row.staffId));
  return {
    studentBySourced,
    studentByEnroll,
    parentBySourced,
    unsourcedParentsByEmail,
    parentByUsername,
    parentIds: new Set(parentRows.map((row) => row.parentId)),
    liveStaff,
    allStaff,
    /** What the school system's user with this sourcedId is in the portal now. */
    roleOf(sourcedId: string): 'student' | 'parent' | 'staff' | null {
      if (studentBySourced.has(sourcedId)) return 'student';
      if (parentBySourced.has(sourcedId)) return 'parent';
      if (liveStaff.has(sourcedId)) return 'staff';
      return null;
    },
  };
}

/** The kind of person a role makes. */
export const groupOf = (role: TPortalRole): 'student' | 'parent' | 'staff' =>
  role === 'student' || role === 'parent' ? role : 'staff';

/** Removes students (by enrolment number): links and class places go, the record stays. */
export async function removeStudents(
  tx: TDatabase,
  schoolId: string,
  enrollNumbers: string[],
): Promise<void> {
  if (enrollNumbers.length === 0) return;
  await tx
    .delete(parentStudents)
    .where(and(eq(parentStudents.schoolId, schoolId), among(parentStudents.enrollNumber, enrollNumbers)));
  await tx
    .delete(enrollments)
    .where(
      and(
        eq(enrollments.schoolId, schoolId),
        eq(enrollments.role, 'student'),
        among(enrollments.personId, enrollNumbers),
      ),
    );
  await tx
    .update(students)
    .set({ academicStatus: 'Withdrawn', sourcedId: null })
    .where(and(eq(students.schoolId, schoolId), among(students.enrollNumber, enrollNumbers)));
}

/** Removes parents (by parent id): their links go, the account stays (without children). */
export async function removeParents(tx: TDatabase, schoolId: string, parentIds: string[]): Promise<void> {
  if (parentIds.length === 0) return;
  await tx
    .delete(parentStudents)
    .where(and(eq(parentStudents.schoolId, schoolId), among(parentStudents.parentId, parentIds)));
  await tx
    .update(parents)
    .set({ sourcedId: null })
    .where(and(eq(parents.schoolId, schoolId), among(parents.parentId, parentIds)));
}

/** Removes staff: marked removed, out of their classes. */
export async function removeStaff(tx: TDatabase, schoolId: string, staffIds: string[]): Promise<void> {
  if (staffIds.length === 0) return;
  await tx
    .update(staff)
    .set({ removedAt: sql`now()` })
    .where(and(eq(staff.schoolId, schoolId), isNull(staff.removedAt), among(staff.staffId, staffIds)));
  await tx
    .delete(enrollments)
    .where(
      and(
        eq(enrollments.schoolId, schoolId),
        eq(enrollments.role, 'teacher'),
        among(enrollments.personId, staffIds),
      ),
    );
}
