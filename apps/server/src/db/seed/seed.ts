import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TDatabase } from '../client.ts';
import {
  API_KEY_SCOPES,
  academicYears,
  apiKeys,
  applications,
  parents,
  notifications,
  reportCardOpens,
  schoolAdmissionPeriods,
  schoolBannerTexts,
  schoolRoleApplications,
  schools,
  students,
} from '../schema/index.ts';
import { hashPassword } from '../../modules/auth/password.ts';
import { importFilesIn } from '../../modules/school-data/import-bundle.ts';
import { hashApiKey } from '../../plugins/api-key.ts';
import { schoolToday } from '../../access/school.ts';
import { demoBundleFiles } from './demo-bundle.ts';
import { demoCareFiles, seedDemoCareActivity } from './demo-care.ts';
import { demoReportCardFiles, demoReportCardId } from './demo-report-cards.ts';
import { demoResultsFiles } from './demo-results.ts';
import { demoScheduleFiles } from './demo-schedule.ts';
import {
  APPLICATIONS,
  DEMO_ACADEMIC_YEARS,
  DEMO_PASSWORD,
  DEMO_SCHOOLS,
  type TDemoSchool,
} from './demo-schools.ts';
import { seedFees } from './fees.ts';
import { seedDemoNotifications } from './demo-notifications.ts';
import { sendReleaseNotices } from '../../modules/results/release-notices.ts';

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
    const now = new Date();
    for (const school of DEMO_SCHOOLS)
      await insertSchool(tx as unknown as TDatabase, school, passwordHash, now);
    await seedFees(tx as unknown as TDatabase, DEMO_SCHOOLS, now);
    await seedDemoNotifications(tx as unknown as TDatabase, now);
  });
  return true;
}

/** The API key the demo seed gives each demo school, with every scope (never outside demo data). */
export const demoSyncKey = (schoolId: string) => `demo-sync-${schoolId}`;

async function insertSchool(
  db: TDatabase,
  school: TDemoSchool,
  passwordHash: string,
  now: Date,
): Promise<void> {
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
  // Rosters come in as a school's system sends them: a OneRoster bundle, through the import.
  const today = schoolToday(school.timeZone, now);
  const familyFiles = new Map([
    ...demoScheduleFiles(school, today),
    ...demoResultsFiles(school, today),
    ...demoCareFiles(school, today),
    ...demoReportCardFiles(school, today),
  ]);
  await importFilesIn(db, demoBundleFiles(school, familyFiles), { schoolId, today });
  await seedDemoCareActivity(db, school, today);
  // What the portal itself keeps: the demo password and the children's pictures.
  await db
    .update(parents)
    .set({ passwordHash })
    .where(
      and(
        eq(parents.schoolId, schoolId),
        inArray(
          parents.parentId,
          school.parents.map((parent) => parent.parentId),
        ),
      ),
    );
  for (const child of school.parents.flatMap((parent) => parent.children)) {
    const picture = `/media/students/avatar-${child.avatar}.svg`;
    await db
      .update(students)
      .set({ imageUrl: picture, imageLowresUrl: picture })
      .where(and(eq(students.schoolId, schoolId), eq(students.enrollNumber, child.enrollNumber)));
  }
  // What parents did: Omar's report card, opened once by his mother (modules.md section 6).
  if (schoolId === 'mogra') {
    const openedAt = new Date(now.getTime() - 5 * 86_400_000);
    await db.insert(reportCardOpens).values({
      schoolId,
      reportCardId: demoReportCardId('MG1001'),
      parentId: 'MG-P001',
      firstOpenedAt: openedAt,
      lastOpenedAt: openedAt,
    });
  }
  // The releases of the demo's last two weeks are told as they would have been, and count as
  // mailed already (only what happens from now on is mailed).
  await sendReleaseNotices(db, now);
  await db
    .update(notifications)
    .set({ mailState: 'sent', mailedAt: notifications.createdAt })
    .where(
      and(
        eq(notifications.schoolId, schoolId),
        inArray(notifications.kind, ['academics.resultsReleased', 'academics.reportCardPublished']),
      ),
    );
  // The school system's key, for the sync and staff APIs of the demo (docs/school-data.md).
  await db.insert(apiKeys).values({
    schoolId,
    label: 'Demo school system',
    keyHash: hashApiKey(demoSyncKey(schoolId)),
    scopes: [...API_KEY_SCOPES],
  });
}
