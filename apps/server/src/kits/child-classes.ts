import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { TDatabase } from '../db/client.ts';
import { classes, enrollments, subjects, timetablePeriods } from '../db/schema/index.ts';
import { schoolToday, schoolWide } from '../access/school.ts';

// A child's classes and who teaches them, read through the child's enrolments only
// (docs/decisions/018-module-families.md): the schedule family's pages (timetable, teachers,
// attendance, agenda) and the staff a parent may write to (publications' threads) ask the
// same questions, so they share these queries.

export type TChildClass = {
  classId: string;
  classType: string;
  titleEn: string;
  titleAr: string;
  room: string;
  subjectEn: string;
  subjectAr: string;
  beginsOn: string | null;
  endsOn: string | null;
};

/** A class's subject, in both languages: its subject's name, else the class's own title. */
export const classSubjectNames = () => ({
  subjectEn: sql<string>`coalesce(${subjects.nameEn}, ${classes.titleEn})`,
  subjectAr: sql<string>`coalesce(${subjects.nameAr}, ${classes.titleAr})`,
});

/** Joins a class's subject (when it has one, not removed): left-join `subjects` on this. */
export const classSubjectJoin = () =>
  and(
    eq(subjects.schoolId, classes.schoolId),
    eq(subjects.subjectId, classes.subjectId),
    isNull(subjects.removedAt),
  );

/** The teachers enrolled in these classes, each class's primary ones first, then by id. */
export function teachersOfClasses(db: TDatabase, schoolId: string, classIds: string[]) {
  return db
    .select({ classId: enrollments.classId, staffId: enrollments.personId })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.schoolId, schoolId),
        eq(enrollments.role, 'teacher'),
        inArray(enrollments.classId, classIds),
      ),
    )
    .orderBy(desc(enrollments.primary), asc(enrollments.personId));
}

/** The classes a child is enrolled in (not removed), with their subject and the enrolment's dates. */
export async function classesOfChild(
  db: TDatabase,
  schoolId: string,
  enrollNumber: string,
): Promise<TChildClass[]> {
  return db
    .select({
      classId: classes.classId,
      classType: classes.classType,
      titleEn: classes.titleEn,
      titleAr: classes.titleAr,
      room: classes.room,
      ...classSubjectNames(),
      beginsOn: enrollments.beginsOn,
      endsOn: enrollments.endsOn,
    })
    .from(enrollments)
    .innerJoin(
      classes,
      and(eq(classes.schoolId, enrollments.schoolId), eq(classes.classId, enrollments.classId)),
    )
    .leftJoin(subjects, classSubjectJoin())
    .where(
      and(
        eq(enrollments.schoolId, schoolId),
        eq(enrollments.role, 'student'),
        eq(enrollments.personId, enrollNumber),
        isNull(classes.removedAt),
      ),
    )
    .orderBy(asc(classes.classId));
}

/** Whether an enrolment (its begin and end dates, open when null) covers the day. */
export function coversDay(span: { beginsOn: string | null; endsOn: string | null }, day: string): boolean {
  return (span.beginsOn === null || span.beginsOn <= day) && (span.endsOn === null || span.endsOn >= day);
}

/**
 * Who teaches these classes: each class's teachers (its enrolments) and the teachers of its
 * timetable periods (a lesson covered by another teacher counts), one row per class and member.
 */
export async function teachingLinks(
  db: TDatabase,
  schoolId: string,
  classIds: string[],
): Promise<{ classId: string; staffId: string }[]> {
  if (classIds.length === 0) return [];
  const classTeachers = await teachersOfClasses(db, schoolId, classIds);
  const periodTeachers = await db
    .selectDistinct({ classId: timetablePeriods.classId, staffId: timetablePeriods.staffId })
    .from(timetablePeriods)
    .where(
      and(
        eq(timetablePeriods.schoolId, schoolId),
        inArray(timetablePeriods.classId, classIds),
        isNotNull(timetablePeriods.staffId),
      ),
    );
  const seen = new Set<string>();
  return [...classTeachers, ...periodTeachers].flatMap((link) => {
    const key = `${link.classId}\n${link.staffId}`;
    if (!link.staffId || seen.has(key)) return [];
    seen.add(key);
    return [{ classId: link.classId, staffId: link.staffId }];
  });
}

/** A child's classes today (school time) and who teaches them (`teachingLinks`). */
export async function teachingOfChild(
  db: TDatabase,
  schoolId: string,
  enrollNumber: string,
): Promise<{ classes: TChildClass[]; links: { classId: string; staffId: string }[] }> {
  const today = schoolToday((await schoolWide(db, schoolId))?.timeZone);
  const current = (await classesOfChild(db, schoolId, enrollNumber)).filter((item) => coversDay(item, today));
  const links = await teachingLinks(
    db,
    schoolId,
    current.map((item) => item.classId),
  );
  return { classes: current, links };
}
