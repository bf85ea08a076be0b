import { addDays } from '@portal/contracts/kits/dates';
import type { TDatabase } from '../client.ts';
import { headerOf } from '../../kits/bundle-file.ts';
import { csvText } from '../../modules/school-data/csv-text.ts';
import { surveyQuestionsFile, surveysFile } from '../../modules/surveys/import.ts';
import { respondToSurvey } from '../../modules/surveys/surveys.ts';
import type { TDemoSchool } from './demo-schools.ts';

// The demo's surveys (docs/modules.md section 6), in each demo school's bundle as surveys.csv and
// survey_questions.csv (docs/school-data.md) and through the import like a school's. At mogra
// an anonymous survey of the whole school, open for ten more days, and a survey about each
// child of grade 9 on sports day, which the family has answered for Omar; a draft that parents
// never see. bcad (which does not grant surveys) has one, so the tests prove the 403 A001 gate.

type TText = readonly [en: string, ar: string];

type TDemoQuestion = {
  kind: 'single' | 'multiple' | 'rating' | 'text';
  text: TText;
  choices?: readonly TText[];
  required?: boolean;
};

type TDemoSurvey = {
  id: string;
  title: TText;
  description: TText;
  opensIn: number;
  closesIn: number;
  anonymous?: boolean;
  perChild?: boolean;
  grades?: string[];
  sections?: string[];
  /** Days after the seed day it is published; null: a draft. */
  publishedIn: number | null;
  questions: TDemoQuestion[];
};

const SATISFACTION: TDemoSurvey = {
  id: 'srv-mg-satisfaction',
  title: ['Parent satisfaction survey 2026', 'استبيان رضا أولياء الأمور 2026'],
  description: [
    'Tell us how the first term went for your family. Your answers are anonymous: the school sees them without your name.',
    'أخبرونا كيف كان الفصل الأول لعائلتكم. إجاباتكم مجهولة الهوية: تطّلع عليها المدرسة دون اسمكم.',
  ],
  opensIn: -4,
  closesIn: 10,
  anonymous: true,
  publishedIn: -4,
  questions: [
    {
      kind: 'rating',
      text: ['How satisfied are you with the school overall?', 'ما مدى رضاكم عن المدرسة بشكل عام؟'],
    },
    {
      kind: 'single',
      text: ['How do you prefer to hear from the school?', 'كيف تفضّلون تلقّي أخبار المدرسة؟'],
      choices: [
        ['The portal', 'البوابة'],
        ['Email', 'البريد الإلكتروني'],
        ['Text message', 'الرسائل النصية'],
      ],
    },
    {
      kind: 'multiple',
      text: [
        'Which activities would your children join after school?',
        'ما الأنشطة التي يرغب أبناؤكم في الانضمام إليها بعد المدرسة؟',
      ],
      choices: [
        ['Football', 'كرة القدم'],
        ['Robotics', 'الروبوتات'],
        ['Art', 'الفنون'],
        ['Quran recitation', 'تلاوة القرآن'],
      ],
    },
    {
      kind: 'text',
      text: ['What could we do better?', 'ما الذي يمكننا تحسينه؟'],
      required: false,
    },
  ],
};

const SPORTS_DAY: TDemoSurvey = {
  id: 'srv-mg-sports-day',
  title: ['Sports Day feedback', 'آراء حول اليوم الرياضي'],
  description: [
    'A few questions about how your child enjoyed Sports Day.',
    'بعض الأسئلة عن مدى استمتاع ابنكم باليوم الرياضي.',
  ],
  opensIn: -8,
  closesIn: 4,
  perChild: true,
  grades: ['9'],
  publishedIn: -8,
  questions: [
    {
      kind: 'rating',
      text: ['How much did your child enjoy the day?', 'ما مدى استمتاع ابنكم باليوم؟'],
    },
    {
      kind: 'single',
      text: [
        'Should Sports Day last a whole day next year?',
        'هل يستمر اليوم الرياضي يوماً كاملاً في العام القادم؟',
      ],
      choices: [
        ['Yes', 'نعم'],
        ['No', 'لا'],
      ],
    },
  ],
};

const DRAFT: TDemoSurvey = {
  id: 'srv-mg-transport-draft',
  title: ['Bus timetable survey', 'استبيان مواعيد الحافلات'],
  description: ['Not yet published.', 'لم يُنشر بعد.'],
  opensIn: 3,
  closesIn: 20,
  publishedIn: null,
  questions: [{ kind: 'rating', text: ['How punctual is the bus?', 'ما مدى التزام الحافلة بمواعيدها؟'] }],
};

const BCAD: TDemoSurvey = {
  ...SATISFACTION,
  id: 'srv-bc-satisfaction',
  anonymous: false,
};

function surveysOf(school: TDemoSchool): TDemoSurvey[] {
  if (school.schoolId === 'mogra') return [SATISFACTION, SPORTS_DAY, DRAFT];
  if (school.schoolId === 'bcad') return [BCAD];
  return [];
}

/** surveys.csv and survey_questions.csv of a demo school's bundle (none for schools without surveys). */
export function demoSurveyFiles(school: TDemoSchool, seedDay: string): Map<string, string> {
  const list = surveysOf(school);
  const files = new Map<string, string>();
  if (list.length === 0) return files;
  files.set(
    'surveys.csv',
    csvText(
      headerOf(surveysFile),
      list.map((survey) => ({
        sourcedId: survey.id,
        status: 'active',
        title_en: survey.title[0],
        title_ar: survey.title[1],
        description_en: survey.description[0],
        description_ar: survey.description[1],
        opensOn: addDays(seedDay, survey.opensIn),
        closesOn: addDays(seedDay, survey.closesIn),
        anonymous: survey.anonymous ? 'true' : 'false',
        perChild: survey.perChild ? 'true' : 'false',
        grades: (survey.grades ?? []).join(';'),
        sections: (survey.sections ?? []).join(';'),
        publishedAt:
          survey.publishedIn === null ? '' : `${addDays(seedDay, survey.publishedIn)}T07:30:00+04:00`,
      })),
    ),
  );
  files.set(
    'survey_questions.csv',
    csvText(
      headerOf(surveyQuestionsFile),
      list.flatMap((survey) =>
        survey.questions.map((question, index) => ({
          sourcedId: `${survey.id}-q${index + 1}`,
          status: 'active',
          surveySourcedId: survey.id,
          position: index + 1,
          kind: question.kind,
          text_en: question.text[0],
          text_ar: question.text[1],
          choices_en: (question.choices ?? []).map((choice) => choice[0]).join('|'),
          choices_ar: (question.choices ?? []).map((choice) => choice[1]).join('|'),
          required: question.required === false ? 'false' : 'true',
        })),
      ),
    ),
  );
  return files;
}

/** After the import: the family answered the sports day survey for Omar, as a parent does. */
export async function seedDemoSurveyActivity(db: TDatabase, school: TDemoSchool): Promise<void> {
  if (school.schoolId !== 'mogra') return;
  const parent = school.parents[0];
  const omar = parent?.children.find((child) => child.gradeCode.replace(/^0+/, '') === '9');
  if (!parent || !omar) return;
  await respondToSurvey(db, { schoolId: school.schoolId, parentId: parent.parentId }, SPORTS_DAY.id, {
    enrollNumber: omar.enrollNumber,
    answers: [
      { questionId: `${SPORTS_DAY.id}-q1`, rating: 5 },
      { questionId: `${SPORTS_DAY.id}-q2`, choiceIds: ['c1'] },
    ],
  });
}
