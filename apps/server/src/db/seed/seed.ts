import { sql } from 'drizzle-orm';
import type { TDatabase } from '../client.ts';
import {
  academicYears,
  applications,
  parentStudents,
  parents,
  schoolAdmissionPeriods,
  schoolBannerTexts,
  schoolRoleApplications,
  schools,
  students,
} from '../schema/index.ts';
import { hashPassword } from '../../modules/auth/password.ts';
import {
  APPLICATIONS,
  DEMO_ACADEMIC_YEARS,
  DEMO_PASSWORD,
  DEMO_SCHOOLS,
  type TDemoSchool,
} from './demo-schools.ts';
import { seedFees } from './fees.ts';

export type TDemoAccount = { schoolId: string; username: string; password: string; children: number };

/** The accounts the demo data creates, for the start-up banner and the README. */
export function demoAccounts(): TDemoAccount[] {
  return DEMO_SCHOOLS.flatMap((school) =>
    school.parents.map((parent) => ({
      schoolId: school.schoolId,
      username: parent.username,
      password: DEMO_PASSWORD,
      children: parent.children.length,
    })),
  );
}

/**
 * Seeds the demo schools into an empty database, in one transaction. Answers false, and
 * writes nothing, when any school already exists.
 */
export async function seedDemoData(db: TDatabase): Promise<boolean> {
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(schools);
  if ((existing?.count ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.insert(applications).values(APPLICATIONS);
    for (const school of DEMO_SCHOOLS) await insertSchool(tx as unknown as TDatabase, school, passwordHash);
    await seedFees(tx as unknown as TDatabase, DEMO_SCHOOLS, new Date());
  });
  return true;
}

async function insertSchool(db: TDatabase, school: TDemoSchool, passwordHash: string): Promise<void> {
  const schoolId = school.schoolId;
  await db.insert(schools).values({
    schoolId,
    nameEn: school.nameEn,
    nameAr: school.nameAr,
    logoUrl: `/media/schools/${schoolId}.svg`,
    licLmsUrl: `${school.website}/lms`,
    licWebsiteUrl: school.website,
    licLoginpg: '',
    ...school.contact,
    timeZone: school.timeZone,
  });
  await db.insert(schoolBannerTexts).values(
    school.banners.map((banner, position) => ({
      schoolId,
      position,
      textEn: banner.en,
      textAr: banner.ar,
    })),
  );
  await db.insert(schoolAdmissionPeriods).values(
    school.admissions.map((period, position) => ({
      schoolId,
      position,
      startsOn: period.start,
      endsOn: period.end,
    })),
  );
  await db.insert(academicYears).values(DEMO_ACADEMIC_YEARS.map((year) => ({ schoolId, ...year })));
  await db
    .insert(schoolRoleApplications)
    .values(school.grantedCodes.map((applicationCode) => ({ schoolId, role: 'parent', applicationCode })));
  for (const parent of school.parents) {
    await db.insert(parents).values({
      schoolId,
      parentId: parent.parentId,
      username: parent.username,
      nameEn: parent.nameEn,
      nameAr: parent.nameAr,
      email: parent.username,
      passwordHash,
    });
    await db.insert(students).values(
      parent.children.map((c) => ({
        schoolId,
        enrollNumber: c.enrollNumber,
        academicStatus: 'Active',
        fullName: [c.first, c.middle, c.last].join(' '),
        imageUrl: `/media/students/avatar-${c.avatar}.svg`,
        imageLowresUrl: `/media/students/avatar-${c.avatar}.svg`,
        passportFirstNameEn: c.first,
        passportMiddleNameEn: c.middle,
        passportLastNameEn: c.last,
        academicYear: '2026',
        curriculumCode: 'CBSE',
        gradeCode: c.gradeCode,
        sectionCode: c.sectionCode,
        gradeNameEn: c.gradeNameEn,
        gradeNameAr: c.gradeNameAr,
        sectionNameEn: c.sectionNameEn,
        sectionNameAr: c.sectionNameAr,
      })),
    );
    await db.insert(parentStudents).values(
      parent.children.map((c, position) => ({
        schoolId,
        parentId: parent.parentId,
        enrollNumber: c.enrollNumber,
        position,
      })),
    );
  }
}
