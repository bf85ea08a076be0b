import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import type { TStudentRow } from '../../access/own-child.ts';
import { perDatabase } from '../../db/per-database.ts';
import { dashboardLayouts, parentStudents, parents, studentPhotos, students } from '../../db/schema/index.ts';

export type TParentRow = typeof parents.$inferSelect;

/** The parent of this school whose username matches, ignoring case. */
export async function findParentByUsername(
  db: TDatabase,
  schoolId: string,
  username: string,
): Promise<TParentRow | null> {
  const rows = await findParentByUsernameQuery(db).execute({ schoolId, username });
  return rows[0] ?? null;
}

const findParentByUsernameQuery = perDatabase((db) =>
  db
    .select()
    .from(parents)
    .where(
      and(
        eq(parents.schoolId, sql.placeholder('schoolId')),
        sql`lower(${parents.username}) = lower(${sql.placeholder('username')})`,
      ),
    )
    .limit(1)
    .prepare('find_parent_by_username'),
);

// A student row as a JSON object with the row type's field names, built by the database.
const studentJson = sql.raw(
  `json_build_object(${Object.entries(getTableColumns(students))
    .map(([field, column]) => `'${field}', s.${column.name}`)
    .join(', ')})`,
);

/**
 * The parent, their children in the school's order and their saved dashboard layout, in one
 * query: a profile costs one round trip to the database.
 */
const findProfileRowQuery = perDatabase((db) =>
  db
    .select({
      // What the profile shows of the parent, and nothing else (no password hash).
      parent: {
        parentId: parents.parentId,
        nameEn: parents.nameEn,
        nameAr: parents.nameAr,
        email: parents.email,
        imageUrl: parents.imageUrl,
      },
      children: sql<TStudentRow[]>`coalesce((
        select json_agg(${studentJson} order by ps.position, s.enroll_number)
        from ${parentStudents} ps
        join ${students} s on s.school_id = ps.school_id and s.enroll_number = ps.enroll_number
        where ps.school_id = parents.school_id and ps.parent_id = parents.parent_id
      ), '[]'::json)`,
      layoutData: sql<string | null>`(
        select d.layout_data from ${dashboardLayouts} d
        where d.school_id = parents.school_id and d.parent_id = parents.parent_id
      )`,
    })
    .from(parents)
    .where(
      and(
        eq(parents.schoolId, sql.placeholder('schoolId')),
        eq(parents.parentId, sql.placeholder('parentId')),
      ),
    )
    .limit(1)
    .prepare('find_profile_row'),
);

export type TProfileRow = {
  parent: Pick<TParentRow, 'parentId' | 'nameEn' | 'nameAr' | 'email' | 'imageUrl'>;
  children: TStudentRow[];
  layoutData: string | null;
};

export async function findProfileRow(
  db: TDatabase,
  schoolId: string,
  parentId: string,
): Promise<TProfileRow | null> {
  const rows = await findProfileRowQuery(db).execute({ schoolId, parentId });
  return rows[0] ?? null;
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

/** Sets the parent's e-mail address (where codes and notices go; the username stays). */
export async function setEmail(
  db: TDatabase,
  schoolId: string,
  parentId: string,
  email: string,
): Promise<void> {
  await db
    .update(parents)
    .set({ email })
    .where(and(eq(parents.schoolId, schoolId), eq(parents.parentId, parentId)));
}

/** Saves the parent's dashboard layout (a JSON string), replacing the earlier one. */
export async function saveDashboardLayout(
  db: TDatabase,
  schoolId: string,
  parentId: string,
  layoutData: string,
): Promise<void> {
  await db
    .insert(dashboardLayouts)
    .values({ schoolId, parentId, layoutData })
    .onConflictDoUpdate({
      target: [dashboardLayouts.schoolId, dashboardLayouts.parentId],
      set: { layoutData, updatedAt: new Date() },
    });
}

/**
 * Stores a student's new photo in place of the earlier one (deleted in the same transaction: a
 * student has at most one), at a new address, which both of the student's image addresses then
 * point at; returns the address.
 */
export async function replaceStudentPhoto(
  db: TDatabase,
  schoolId: string,
  enrollNumber: string,
  photo: { contentType: string; bytes: Buffer },
): Promise<string> {
  const photoId = randomUUID();
  const url = `/media/photos/${schoolId}/${photoId}`;
  await db.transaction(async (tx) => {
    await tx
      .delete(studentPhotos)
      .where(and(eq(studentPhotos.schoolId, schoolId), eq(studentPhotos.enrollNumber, enrollNumber)));
    await tx.insert(studentPhotos).values({ schoolId, photoId, enrollNumber, ...photo });
    await tx
      .update(students)
      .set({ imageUrl: url, imageLowresUrl: url })
      .where(and(eq(students.schoolId, schoolId), eq(students.enrollNumber, enrollNumber)));
  });
  return url;
}

/**
 * Makes the space of replaced photos reusable (plain VACUUM: nothing is locked against reads
 * or writes). PGlite has no autovacuum, so without it every replaced photo stays on disk.
 */
export async function reclaimStudentPhotoSpace(db: TDatabase): Promise<void> {
  await db.execute(sql`vacuum student_photos`);
}

/** A stored student photo, or null. */
export async function findStudentPhoto(db: TDatabase, schoolId: string, photoId: string) {
  const rows = await db
    .select({ contentType: studentPhotos.contentType, bytes: studentPhotos.bytes })
    .from(studentPhotos)
    .where(and(eq(studentPhotos.schoolId, schoolId), eq(studentPhotos.photoId, photoId)))
    .limit(1);
  return rows[0] ?? null;
}
