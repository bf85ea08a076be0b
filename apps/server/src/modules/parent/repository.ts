import { and, asc, eq, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import {
  academicYears,
  applications,
  dashboardLayouts,
  parentStudents,
  parents,
  schoolRoleApplications,
  students,
} from '../../db/schema/index.ts';

export type TParentRow = typeof parents.$inferSelect;
export type TStudentRow = typeof students.$inferSelect;

/** The parent of this school whose username matches, ignoring case. */
export async function findParentByUsername(
  db: TDatabase,
  schoolId: string,
  username: string,
): Promise<TParentRow | null> {
  const rows = await db
    .select()
    .from(parents)
    .where(and(eq(parents.schoolId, schoolId), sql`lower(${parents.username}) = lower(${username})`))
    .limit(1);
  return rows[0] ?? null;
}

export async function findParent(
  db: TDatabase,
  schoolId: string,
  parentId: string,
): Promise<TParentRow | null> {
  const rows = await db
    .select()
    .from(parents)
    .where(and(eq(parents.schoolId, schoolId), eq(parents.parentId, parentId)))
    .limit(1);
  return rows[0] ?? null;
}

/** The students linked to this parent, in the school's order. */
export async function listChildren(
  db: TDatabase,
  schoolId: string,
  parentId: string,
): Promise<TStudentRow[]> {
  const rows = await db
    .select({ student: students })
    .from(parentStudents)
    .innerJoin(
      students,
      and(
        eq(students.schoolId, parentStudents.schoolId),
        eq(students.enrollNumber, parentStudents.enrollNumber),
      ),
    )
    .where(and(eq(parentStudents.schoolId, schoolId), eq(parentStudents.parentId, parentId)))
    .orderBy(asc(parentStudents.position), asc(students.enrollNumber));
  return rows.map((row) => row.student);
}

export async function findCurrentYear(db: TDatabase, schoolId: string) {
  const rows = await db
    .select()
    .from(academicYears)
    .where(and(eq(academicYears.schoolId, schoolId), eq(academicYears.status, 'C')))
    .limit(1);
  return rows[0] ?? null;
}

export async function findDashboardLayout(db: TDatabase, schoolId: string, parentId: string) {
  const rows = await db
    .select({ layoutData: dashboardLayouts.layoutData })
    .from(dashboardLayouts)
    .where(and(eq(dashboardLayouts.schoolId, schoolId), eq(dashboardLayouts.parentId, parentId)))
    .limit(1);
  return rows[0] ?? null;
}

/** The applications this school grants to the parent role. */
export async function listParentApplications(db: TDatabase, schoolId: string) {
  return db
    .select({ code: applications.code, nameEn: applications.nameEn, nameAr: applications.nameAr })
    .from(schoolRoleApplications)
    .innerJoin(applications, eq(applications.code, schoolRoleApplications.applicationCode))
    .where(and(eq(schoolRoleApplications.schoolId, schoolId), eq(schoolRoleApplications.role, 'parent')))
    .orderBy(asc(applications.code));
}

/** True when the student with this enrolment number is linked to this parent. */
export async function isParentOf(
  db: TDatabase,
  schoolId: string,
  parentId: string,
  enrollNumber: string,
): Promise<boolean> {
  const rows = await db
    .select({ enrollNumber: parentStudents.enrollNumber })
    .from(parentStudents)
    .where(
      and(
        eq(parentStudents.schoolId, schoolId),
        eq(parentStudents.parentId, parentId),
        sql`lower(${parentStudents.enrollNumber}) = lower(${enrollNumber.trim()})`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Sets the parent's password hash. */
export async function setPasswordHash(
  db: TDatabase,
  schoolId: string,
  parentId: string,
  passwordHash: string,
): Promise<void> {
  await db
    .update(parents)
    .set({ passwordHash })
    .where(and(eq(parents.schoolId, schoolId), eq(parents.parentId, parentId)));
}
