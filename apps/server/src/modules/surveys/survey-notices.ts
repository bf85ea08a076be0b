import { and, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import type { TBundleStep } from '../../kits/bundle-file.ts';
import { parentStudents, surveys } from '../../db/schema/index.ts';
import { schoolToday, schoolWide } from '../../access/school.ts';
import { childrenReached } from '../../kits/audience.ts';
import { noticeDay, notify, type TNotice } from '../../kits/notify.ts';
import { isModuleGranted } from '../../plugins/module-access.ts';

// `requests.surveyOpen` (docs/modules.md F5): when a survey opens (published, its publication
// time and its first day come), the parents it is for are told once, by its last day: a survey
// about each child (`perChild`) names the child; one for the family is one notice a parent. A
// survey already closed, or of a school that does not grant the survey module, is marked told
// without a notice. A survey imported open is told in the import's transaction, once its
// roster is settled (a step after the bundle's files); one that opens later by the job, within
// a minute of its day in the school's time zone.

export const SURVEY_NOTICE_INTERVAL_MS = 60_000;
/** Surveys told in one run at most; the rest wait for the next run. */
const SURVEYS_PER_RUN = 100;

const surveyOpenKey = (surveyId: string, enrollNumber: string | null) =>
  `requests.surveyOpen:${surveyId}${enrollNumber ? `:${enrollNumber}` : ''}`;

type TDueSurvey = Pick<
  typeof surveys.$inferSelect,
  'schoolId' | 'surveyId' | 'titleEn' | 'titleAr' | 'closesOn' | 'perChild' | 'audience'
>;

function surveyNotice(
  survey: TDueSurvey,
  child: { enrollNumber: string; firstName: string } | null,
): TNotice {
  const title = { en: survey.titleEn, ar: survey.titleAr || survey.titleEn };
  const about = child
    ? { en: ` about ${child.firstName}`, ar: ` بشأن ${child.firstName}` }
    : { en: '', ar: '' };
  return {
    schoolId: survey.schoolId,
    enrollNumber: child?.enrollNumber ?? null,
    category: 'requests',
    kind: 'requests.surveyOpen',
    dedupeKey: surveyOpenKey(survey.surveyId, child?.enrollNumber ?? null),
    title: { en: `A survey${about.en}: ${title.en}`, ar: `استبيان${about.ar}: ${title.ar}` },
    body: {
      en: `The school asks for your answers by ${noticeDay('en', survey.closesOn)}.`,
      ar: `تطلب المدرسة إجاباتك في موعد أقصاه ${noticeDay('ar', survey.closesOn)}.`,
    },
    path: '/survey',
  };
}

/** Tells one survey (claimed in `tx`) to the parents of the children it reaches. */
async function tellSurvey(tx: TDatabase, survey: TDueSurvey): Promise<number> {
  const children = await childrenReached(tx, survey.schoolId, survey.audience);
  if (children.length === 0) return 0;
  if (survey.perChild)
    return notify(
      tx,
      children.map((child) => surveyNotice(survey, child)),
    );
  const parents = await tx
    .selectDistinct({ parentId: parentStudents.parentId })
    .from(parentStudents)
    .where(
      and(
        eq(parentStudents.schoolId, survey.schoolId),
        inArray(
          parentStudents.enrollNumber,
          children.map((child) => child.enrollNumber),
        ),
      ),
    );
  return notify(
    tx,
    surveyNotice(survey, null),
    parents.map((row) => row.parentId),
  );
}

const visible = (now: Date) =>
  and(
    isNull(surveys.notifiedAt),
    isNull(surveys.removedAt),
    isNotNull(surveys.publishedAt),
    lte(surveys.publishedAt, now),
  );

/**
 * Marks the survey told and tells it, in `tx`, if it is visible, open today in the school's
 * time zone and not told yet (one already closed is marked told without a notice). Answers
 * how many notices were written.
 */
export async function tellSurveyOnce(
  tx: TDatabase,
  schoolId: string,
  surveyId: string,
  now: Date,
): Promise<number> {
  const today = schoolToday((await schoolWide(tx, schoolId))?.timeZone, now);
  // Claimed by marking it: a second instance running the job at once finds it told.
  const [claimed] = await tx
    .update(surveys)
    .set({ notifiedAt: now })
    .where(
      and(
        eq(surveys.schoolId, schoolId),
        eq(surveys.surveyId, surveyId),
        visible(now),
        lte(surveys.opensOn, today),
      ),
    )
    .returning({
      schoolId: surveys.schoolId,
      surveyId: surveys.surveyId,
      titleEn: surveys.titleEn,
      titleAr: surveys.titleAr,
      closesOn: surveys.closesOn,
      perChild: surveys.perChild,
      audience: surveys.audience,
    });
  if (!claimed || claimed.closesOn < today) return 0;
  if (!(await isModuleGranted(tx, schoolId, 'survey'))) return 0;
  return tellSurvey(tx, claimed);
}

/**
 * Surveys visible and perhaps open (of one school, when named), at most SURVEYS_PER_RUN: the
 * first day is checked against each school's own day, a day ahead in UTC bounds the search.
 */
function dueSurveys(db: TDatabase, now: Date, schoolId?: string) {
  const tomorrow = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
  return db
    .select({ schoolId: surveys.schoolId, surveyId: surveys.surveyId })
    .from(surveys)
    .where(
      and(
        schoolId === undefined ? undefined : eq(surveys.schoolId, schoolId),
        visible(now),
        lte(surveys.opensOn, tomorrow),
      ),
    )
    .limit(SURVEYS_PER_RUN);
}

/** Tells the surveys that opened and were not told yet, each in a transaction of its own. */
export async function noticeDueSurveys(db: TDatabase, now: Date = new Date()): Promise<number> {
  let written = 0;
  for (const { schoolId, surveyId } of await dueSurveys(db, now)) {
    written += await db.transaction((tx) =>
      tellSurveyOnce(tx as unknown as TDatabase, schoolId, surveyId, now),
    );
  }
  return written;
}

/** Once a bundle is applied (its roster settled), the school's surveys open now are told in its transaction. */
export const surveyNoticesStep: TBundleStep = {
  when: ['surveys.csv'],
  run: async (tx, context) => {
    const now = new Date();
    for (const { surveyId } of await dueSurveys(tx, now, context.schoolId))
      await tellSurveyOnce(tx, context.schoolId, surveyId, now);
  },
};
