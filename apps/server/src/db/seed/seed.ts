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
import { demoCircularFiles, seedDemoCircularActivity } from './demo-circulars.ts';
import { demoLinkFiles } from './demo-links.ts';
import { demoProfileFiles, seedDemoProfileActivity } from './demo-profiles.ts';
import { demoNewsFiles, seedDemoNewsActivity } from './demo-news.ts';
import { demoPolicyFiles, seedDemoPolicyActivity } from './demo-policies.ts';
import { demoThreadFiles, seedDemoThreadActivity } from './demo-threads.ts';
import { demoSurveyFiles, seedDemoSurveyActivity } from './demo-surveys.ts';
import { demoTripFiles, seedDemoTripActivity } from './demo-trips.ts';
import { demoAppointmentFiles, seedDemoAppointmentActivity } from './demo-appointments.ts';
import { seedDemoRequestActivity } from './demo-requests.ts';
import { seedDemoExitSlipActivity } from './demo-exit-slips.ts';
import { seedDemoHelpRequestActivity } from './demo-help-requests.ts';
import { seedDemoUploadActivity } from './demo-uploads.ts';
import { demoKycFiles, seedDemoKycActivity } from './demo-kyc.ts';
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
  const familyFiles = new Map<string, string | Uint8Array>([
    ...demoScheduleFiles(school, today),
    ...demoResultsFiles(school, today),
    ...demoCareFiles(school, today),
    ...demoReportCardFiles(school, today),
    ...demoCircularFiles(school, today),
    ...demoPolicyFiles(school, today),
    ...(await demoNewsFiles(school, today)),
    ...demoThreadFiles(school, today),
    ...demoSurveyFiles(school, today),
    ...demoTripFiles(school, today),
    ...demoAppointmentFiles(school, today),
    ...demoLinkFiles(school),
    ...demoProfileFiles(school),
    ...demoKycFiles(school),
  ]);
  await importFilesIn(db, demoBundleFiles(school, familyFiles), { schoolId, today });
  await seedDemoCareActivity(db, school, today);
  await seedDemoCircularActivity(db, school, today);
  await seedDemoPolicyActivity(db, school, today);
  await seedDemoNewsActivity(db, school, today);
  await seedDemoThreadActivity(db, school, today);
  await seedDemoSurveyActivity(db, school);
  await seedDemoTripActivity(db, school, today);
  await seedDemoAppointmentActivity(db, school);
  await seedDemoRequestActivity(db, school, today);
  await seedDemoExitSlipActivity(db, school, today);
  await seedDemoHelpRequestActivity(db, school);
  await seedDemoUploadActivity(db, school, today);
  await seedDemoProfileActivity(db, school);
  await seedDemoKycActivity(db, school, today, now);
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
  // What parents did: Omar's report card, opened once by his mother (docs/modules.md section 6).
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
  // mailed already (only what happens from now on is mailed); so do the trips and surveys the
  // import told of, published days ago.
  await sendReleaseNotices(db, now);
  await db
    .update(notifications)
    .set({ mailState: 'sent', mailedAt: notifications.createdAt })
    .where(
      and(
        eq(notifications.schoolId, schoolId),
        inArray(notifications.kind, [
          'academics.resultsReleased',
          'academics.reportCardPublished',
          'requests.consentDue',
          'requests.surveyOpen',
        ]),
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
