import { and, eq, sql } from 'drizzle-orm';
import { addDays, isoWeekdayOf } from '@portal/contracts/kits/dates';
import type { TDatabase } from '../client.ts';
import { careComments, careRecords, notifications } from '../schema/index.ts';
import { csvText } from '../../modules/school-data/csv-text.ts';
import { headerOf } from '../../kits/bundle-file.ts';
import { careRecordsFile } from '../../modules/care/import-records.ts';
import { medicalProfilesFile } from '../../modules/care/import-profiles.ts';
import type { TDemoSchool } from './demo-schools.ts';
import {
  MOGRA_COMMENTS,
  MOGRA_PARENT_COMMENT,
  MOGRA_PROFILES,
  MOGRA_RECORDS,
  type TDemoCareRecord,
} from './demo-care-mogra.ts';

// The care and conduct family's files of each demo school's bundle (docs/modules.md section 6;
// docs/school-data.md): mogra's records, profiles and comments (demo-care-mogra.ts), and for
// one child of every other school a few older records of several kinds, which those schools do
// not grant (so the tests prove the 403 A001 gate rather than missing data). Records are
// published on the day they happened; those of the last two weeks are told to the parents.

/** The school day `count` school days before `day` (Saturdays and Sundays are skipped). */
export function schoolDaysBack(day: string, count: number): string {
  let current = day;
  for (let left = count; left > 0 || isoWeekdayOf(current) >= 6;) {
    current = addDays(current, -1);
    if (isoWeekdayOf(current) < 6) left--;
  }
  return current;
}

/** A few older records of a child of a school that does not grant the care modules. */
function otherSchoolRecords(enrollNumber: string, firstName: string): TDemoCareRecord[] {
  const id = (suffix: string) => `cr-${enrollNumber}-${suffix}`;
  return [
    {
      id: id('merit-1'),
      child: enrollNumber,
      kind: 'merit',
      daysAgo: 20,
      points: 2,
      staff: 'stf-01',
      category: ['Kindness', 'اللطف'],
      title: ['Helped a classmate', 'ساعد زميلًا'],
      detail: [
        `${firstName} helped a classmate with a reading task.`,
        `ساعد ${firstName} زميلًا في مهمة قراءة.`,
      ],
    },
    {
      id: id('incident-1'),
      child: enrollNumber,
      kind: 'incident',
      daysAgo: 25,
      severity: 'medium',
      requiresAck: true,
      staff: 'stf-02',
      title: ['Argument in the corridor', 'شجار في الممر'],
      detail: [
        'A raised-voice argument between classmates, settled by a teacher.',
        'جدال بصوت مرتفع بين زملاء، حلّه أحد المعلمين.',
      ],
    },
    {
      id: id('visit-1'),
      child: enrollNumber,
      kind: 'medicalVisit',
      daysAgo: 30,
      title: ['Stomach ache', 'ألم في المعدة'],
      detail: ['Rested in the clinic and went back to class.', 'استراح في العيادة ثم عاد إلى الصف.'],
    },
    {
      id: id('goal-1'),
      child: enrollNumber,
      kind: 'goal',
      daysAgo: 21,
      planStatus: 'open',
      staff: 'stf-01',
      title: ['Hand homework in on time', 'تسليم الواجبات في موعدها'],
      detail: ['Use the planner every day.', 'استخدام المفكرة كل يوم.'],
      targets: [['Planner signed every week', 'توقيع المفكرة كل أسبوع', 'inProgress', 30]],
    },
    {
      id: id('plan-1'),
      child: enrollNumber,
      kind: 'improvementPlan',
      daysAgo: 24,
      planStatus: 'open',
      staff: 'stf-01',
      title: ['Spelling plan', 'خطة الإملاء'],
      detail: ['Ten new words a week.', 'عشر كلمات جديدة كل أسبوع.'],
      targets: [['Nine of ten words right', 'تسع كلمات صحيحة من عشر', 'inProgress', 30]],
    },
    {
      id: id('wellbeing-1'),
      child: enrollNumber,
      kind: 'wellbeing',
      daysAgo: 22,
      score: 4,
      staff: 'stf-01',
      title: ['Weekly check-in', 'المتابعة الأسبوعية'],
      detail: ['Settled and happy.', 'مستقر وسعيد.'],
    },
  ];
}

function recordsCsv(records: TDemoCareRecord[], seedDay: string): string {
  return csvText(
    headerOf(careRecordsFile),
    records.map((record) => {
      const occurredOn = schoolDaysBack(seedDay, record.daysAgo);
      const targets = (record.targets ?? []).map(
        ([title, titleAr, status, due]) =>
          `${title}|${titleAr}|${status}|${due === null ? '' : addDays(seedDay, due)}`,
      );
      return {
        sourcedId: record.id,
        status: 'active',
        enrollNumber: record.child,
        kind: record.kind,
        occurredOn,
        title_en: record.title[0],
        title_ar: record.title[1],
        detail_en: record.detail[0],
        detail_ar: record.detail[1],
        category_en: record.category?.[0],
        category_ar: record.category?.[1],
        points: record.points,
        staffSourcedId: record.staff,
        planStatus: record.planStatus,
        severity: record.severity,
        wellbeingScore: record.score,
        targets: targets.join(';'),
        link: record.link,
        requiresAck: record.requiresAck ? 'true' : 'false',
        // A day alone is midnight UTC: past in the school's zone for every day before today.
        publishedAt: record.draft ? '' : occurredOn,
      };
    }),
  );
}

/** File name -> CSV text of the care files of a demo school's bundle. */
export function demoCareFiles(school: TDemoSchool, seedDay: string): Map<string, string> {
  const mogra = school.schoolId === 'mogra';
  const first = school.parents[0]?.children[0];
  const records = mogra ? MOGRA_RECORDS : first ? otherSchoolRecords(first.enrollNumber, first.first) : [];
  const profiles = mogra ? MOGRA_PROFILES : [];
  const files = new Map<string, string>();
  files.set('care_records.csv', recordsCsv(records, seedDay));
  files.set(
    'medical_profiles.csv',
    csvText(
      headerOf(medicalProfilesFile),
      profiles.map(([enrollNumber, bloodGroup, allergies, conditions, medications, dietary, reviewed]) => ({
        enrollNumber,
        bloodGroup,
        allergies,
        conditions,
        medications,
        dietary_en: dietary[0],
        dietary_ar: dietary[1],
        reviewedOn: schoolDaysBack(seedDay, reviewed),
      })),
    ),
  );
  files.set(
    'care_comments.csv',
    csvText(
      ['sourcedId', 'status', 'dateLastModified', 'recordSourcedId', 'staffSourcedId', 'at', 'body'],
      (mogra ? MOGRA_COMMENTS : []).map(([recordId, daysAgo, staffId, body], index) => ({
        sourcedId: `cc-${index + 1}`,
        status: 'active',
        recordSourcedId: recordId,
        staffSourcedId: staffId,
        at: `${schoolDaysBack(seedDay, daysAgo)}T15:30:00+04:00`,
        body,
      })),
    ),
  );
  return files;
}

/**
 * After a demo school's bundle is imported: the notices its records gave are history, dated the
 * afternoon the record was published and counted as mailed (only what happens from now on is
 * mailed); and at mogra, the parent's comment on Omar's maths plan, between the school's two.
 */
export async function seedDemoCareActivity(db: TDatabase, school: TDemoSchool, seedDay: string) {
  await db.execute(sql`
    update ${notifications} set mail_state = 'sent',
      created_at = (${careRecords.occurredOn} || 'T11:00:00Z')::timestamptz,
      mailed_at = (${careRecords.occurredOn} || 'T11:00:00Z')::timestamptz
    from ${careRecords}
    where ${notifications.schoolId} = ${school.schoolId} and ${careRecords.schoolId} = ${school.schoolId}
      and ${notifications.dedupeKey} = 'care:' || ${careRecords.recordId}`);
  if (school.schoolId !== 'mogra') return;
  const { recordId, parentId, daysAgo, body } = MOGRA_PARENT_COMMENT;
  const key = and(eq(careComments.schoolId, school.schoolId), eq(careComments.recordId, recordId));
  const [last] = await db
    .select({ seq: sql<number>`coalesce(max(${careComments.seq}), 0)::int` })
    .from(careComments)
    .where(key);
  await db.insert(careComments).values({
    schoolId: school.schoolId,
    recordId,
    seq: (last?.seq ?? 0) + 1,
    authorKind: 'parent',
    authorId: parentId,
    body,
    at: new Date(`${schoolDaysBack(seedDay, daysAgo)}T19:00:00+04:00`),
  });
}
