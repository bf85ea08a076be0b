import { and, eq, getTableColumns } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/contracts/kits/dates';
import type { TSurveyDetail, TSurveys } from '@portal/contracts/families/surveys';
import { surveyResponses, surveySubmissions } from '../../../src/db/schema/index.ts';
import { headerOf } from '../../../src/kits/bundle-file.ts';
import { csvText } from '../../../src/modules/school-data/csv-text.ts';
import { surveyQuestionsFile, surveysFile } from '../../../src/modules/surveys/import.ts';
import { signIn } from '../../helper.ts';
import {
  answerOf,
  buildCircularsApp,
  importFiles,
  parentApi,
  type TCircularsApp,
  type TParentApi,
} from '../publications/circulars-data.ts';

// Surveys (docs/modules.md F5, module `survey`) on the demo data (db/seed/demo-surveys.ts): mogra's
// anonymous satisfaction survey for every family, open; the sports day survey about each child
// of grade 9, answered for Omar; a draft. More come in through surveys.csv, as a school sends them.
describe('surveys', () => {
  let t: TCircularsApp;
  let haddad: TParentApi; // family.haddad@mogra.demo: Nour, 4-A
  let bcad: TParentApi; // parent@bcad.demo: a school that does not grant surveys

  const SATISFACTION_ANSWERS = [
    { questionId: 'srv-mg-satisfaction-q1', rating: 4 },
    { questionId: 'srv-mg-satisfaction-q2', choiceIds: ['c2'] },
    { questionId: 'srv-mg-satisfaction-q3', choiceIds: ['c3', 'c1'] },
    { questionId: 'srv-mg-satisfaction-q4', text: 'More clubs, please' },
  ];
  const refusal = async (
    response: Promise<{ statusCode: number; json: () => unknown }>,
  ): Promise<{ status: number; messageId: string }> => {
    const answer = await response;
    return { status: answer.statusCode, messageId: (answer.json() as { messageId: string }).messageId };
  };

  beforeAll(async () => {
    t = await buildCircularsApp();
    haddad = parentApi(t, 'mogra', await signIn(t.app, 'mogra', 'family.haddad@mogra.demo'));
    bcad = parentApi(t, 'bcad', await signIn(t.app, 'bcad', 'parent@bcad.demo'));
  }, 180_000);
  afterAll(() => t.close());

  it('lists the open surveys first, then the answered ones with their day; never a draft', async () => {
    const { items } = await answerOf<TSurveys>(t.mogra.get('/surveys'));
    expect(items.map((item) => [item.id, item.enrollNumber, item.state])).toEqual([
      ['srv-mg-satisfaction', null, 'open'],
      ['srv-mg-sports-day', 'MG1001', 'answered'],
    ]);
    expect(items[0]).toMatchObject({ anonymous: true, perChild: false, questionCount: 4, answeredAt: null });
    expect(items[1]?.answeredAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(items[1]?.childName).toContain('Omar');
    // Nour is in grade 4: the survey about grade 9 children is not hers.
    const theirs = await answerOf<TSurveys>(haddad.get('/surveys'));
    expect(theirs.items.map((item) => item.id)).toEqual(['srv-mg-satisfaction']);
    expect((await t.mogra.get('/surveys/srv-mg-transport-draft')).statusCode).toBe(404);
  });

  it('shows a survey with its questions and, for a named survey, the answers given', async () => {
    const detail = await answerOf<TSurveyDetail>(t.mogra.get('/surveys/srv-mg-sports-day'));
    expect(detail.survey.questions.map((question) => question.kind)).toEqual(['rating', 'single']);
    expect(detail.survey.questions[1]?.choices.map((choice) => choice.labelAr)).toEqual(['نعم', 'لا']);
    expect(detail.respondents).toEqual([
      expect.objectContaining({
        enrollNumber: 'MG1001',
        answers: [
          { questionId: 'srv-mg-sports-day-q1', rating: 5 },
          { questionId: 'srv-mg-sports-day-q2', choiceIds: ['c1'] },
        ],
      }),
    ]);
  });

  it('takes an answer once: twice is 409 R004; each parent answers a family survey', async () => {
    const first = await t.mogra.post('/surveys/srv-mg-satisfaction/responses', {
      enrollNumber: 'MG1002',
      answers: SATISFACTION_ANSWERS,
    });
    expect(first.statusCode).toBe(201);
    expect(
      await refusal(
        t.mogra.post('/surveys/srv-mg-satisfaction/responses', {
          enrollNumber: 'MG1001',
          answers: SATISFACTION_ANSWERS,
        }),
      ),
    ).toEqual({ status: 409, messageId: 'R004' });
    const { items } = await answerOf<TSurveys>(t.mogra.get('/surveys'));
    expect(items.find((item) => item.id === 'srv-mg-satisfaction')?.state).toBe('answered');
    expect(
      (
        await haddad.post('/surveys/srv-mg-satisfaction/responses', {
          enrollNumber: 'MG2001',
          answers: SATISFACTION_ANSWERS.slice(0, 3),
        })
      ).statusCode,
    ).toBe(201);
  });

  it('keeps anonymous answers where nothing joins them to the parent', async () => {
    // The answers' table has no column naming a parent, a child or a time.
    expect(Object.keys(getTableColumns(surveyResponses)).sort()).toEqual([
      'answers',
      'responseId',
      'schoolId',
      'surveyId',
    ]);
    const submissions = await t.database.db
      .select()
      .from(surveySubmissions)
      .where(
        and(eq(surveySubmissions.schoolId, 'mogra'), eq(surveySubmissions.surveyId, 'srv-mg-satisfaction')),
      );
    expect(submissions.length).toBeGreaterThanOrEqual(1);
    expect(submissions.every((row) => row.responseId === null)).toBe(true);
    const responses = await t.database.db
      .select()
      .from(surveyResponses)
      .where(and(eq(surveyResponses.schoolId, 'mogra'), eq(surveyResponses.surveyId, 'srv-mg-satisfaction')));
    expect(responses.map((row) => row.answers[0])).toContainEqual({
      questionId: 'srv-mg-satisfaction-q1',
      rating: 4,
    });
    // The parent sees that they answered, never which answers were theirs.
    const detail = await answerOf<TSurveyDetail>(t.mogra.get('/surveys/srv-mg-satisfaction'));
    expect(detail.respondents).toEqual([
      expect.objectContaining({
        enrollNumber: null,
        askedVia: 'MG1001',
        answers: null,
        answeredAt: expect.any(String),
      }),
    ]);
  });

  it('refuses answers that do not fit the questions (400 V001)', async () => {
    const bad = [
      [
        { questionId: 'srv-mg-sports-day-q1', rating: 6 },
        { questionId: 'srv-mg-sports-day-q2', choiceIds: ['c1'] },
      ],
      [
        { questionId: 'srv-mg-sports-day-q1', rating: 3 },
        { questionId: 'srv-mg-sports-day-q2', choiceIds: ['c1', 'c2'] },
      ],
      [
        { questionId: 'srv-mg-sports-day-q1', rating: 3 },
        { questionId: 'srv-mg-sports-day-q2', choiceIds: ['c9'] },
      ],
      [{ questionId: 'srv-mg-sports-day-q1', rating: 3 }],
      [
        { questionId: 'srv-mg-sports-day-q1', text: 'great' },
        { questionId: 'srv-mg-sports-day-q2', choiceIds: ['c1'] },
      ],
      [{ questionId: 'nope', rating: 3 }],
    ];
    expect(await addSurvey({ id: 'srv-test-validate', opensIn: -1, closesIn: 5, perChild: true })).toEqual(
      [],
    );
    for (const answers of bad)
      expect(
        await refusal(
          t.mogra.post('/surveys/srv-test-validate/responses', {
            enrollNumber: 'MG1002',
            answers: answers.map((answer) => ({
              ...answer,
              questionId: answer.questionId.replace('srv-mg-sports-day', 'srv-test-validate'),
            })),
          }),
        ),
      ).toEqual({ status: 400, messageId: 'V001' });
  });

  it('answers a survey about a child for the own child it reaches only', async () => {
    const answers = [
      { questionId: 'srv-mg-sports-day-q1', rating: 3 },
      { questionId: 'srv-mg-sports-day-q2', choiceIds: ['c2'] },
    ];
    // Another parent's child: 403 A002; an own child outside its audience: 404; no child: 400.
    expect(
      await refusal(
        t.mogra.post('/surveys/srv-mg-sports-day/responses', { enrollNumber: 'MG2001', answers }),
      ),
    ).toEqual({ status: 403, messageId: 'A002' });
    expect(
      await refusal(
        t.mogra.post('/surveys/srv-mg-sports-day/responses', { enrollNumber: 'MG1002', answers }),
      ),
    ).toEqual({ status: 404, messageId: 'N404' });
    expect(await refusal(t.mogra.post('/surveys/srv-mg-sports-day/responses', { answers }))).toEqual({
      status: 400,
      messageId: 'V001',
    });
    expect(
      await refusal(
        t.mogra.post('/surveys/srv-mg-sports-day/responses', { enrollNumber: 'MG1001', answers }),
      ),
    ).toEqual({ status: 409, messageId: 'R004' });
  });

  it('refuses an answer once the survey is closed (409 R005) and hides a closed one not answered', async () => {
    expect(await addSurvey({ id: 'srv-test-closed', opensIn: -10, closesIn: -1 })).toEqual([]);
    expect(
      await refusal(
        t.mogra.post('/surveys/srv-test-closed/responses', {
          enrollNumber: 'MG1003',
          answers: [{ questionId: 'srv-test-closed-q1', rating: 4 }],
        }),
      ),
    ).toEqual({ status: 409, messageId: 'R005' });
    const { items } = await answerOf<TSurveys>(t.mogra.get('/surveys'));
    expect(items.map((item) => item.id)).not.toContain('srv-test-closed');
    const detail = await answerOf<TSurveyDetail>(t.mogra.get('/surveys/srv-test-closed'));
    expect(detail.survey.closed).toBe(true);
  });

  it('keeps each school to its own surveys, behind the grant', async () => {
    expect(await refusal(bcad.get('/surveys'))).toEqual({ status: 403, messageId: 'A001' });
    expect(await refusal(t.mogra.get('/surveys/srv-bc-satisfaction'))).toEqual({
      status: 404,
      messageId: 'N404',
    });
    expect(
      await refusal(
        t.mogra.post('/surveys/srv-bc-satisfaction/responses', {
          enrollNumber: 'MG1001',
          answers: [{ questionId: 'x', rating: 1 }],
        }),
      ),
    ).toEqual({ status: 404, messageId: 'N404' });
  });

  it('refuses a survey file whose rows do not make sense (I001)', async () => {
    const { problems } = await importFiles(
      t,
      'mogra',
      new Map([
        [
          'surveys.csv',
          csvText(headerOf(surveysFile), [
            {
              sourcedId: 'srv-bad',
              title_en: 'Bad',
              opensOn: t.today,
              closesOn: addDays(t.today, -1),
              publishedAt: '',
            },
          ]),
        ],
        [
          'survey_questions.csv',
          csvText(headerOf(surveyQuestionsFile), [
            {
              sourcedId: 'q-bad',
              surveySourcedId: 'srv-bad',
              position: '1',
              kind: 'single',
              text_en: 'One choice',
              choices_en: 'Only',
            },
          ]),
        ],
      ]),
    );
    expect(problems.map((problem) => [problem.file, problem.column])).toEqual(
      expect.arrayContaining([
        ['surveys.csv', 'closesOn'],
        ['survey_questions.csv', 'choices_en'],
      ]),
    );
  });

  /** Adds a survey of the whole school (one rating question; `perChild`: single choice too). */
  async function addSurvey(survey: { id: string; opensIn: number; closesIn: number; perChild?: boolean }) {
    const { problems } = await importFiles(
      t,
      'mogra',
      new Map([
        [
          'surveys.csv',
          csvText(headerOf(surveysFile), [
            {
              sourcedId: survey.id,
              status: 'active',
              title_en: 'Test survey',
              title_ar: 'استبيان تجريبي',
              opensOn: addDays(t.today, survey.opensIn),
              closesOn: addDays(t.today, survey.closesIn),
              perChild: survey.perChild ? 'true' : 'false',
              publishedAt: `${addDays(t.today, -1)}T08:00:00+04:00`,
            },
          ]),
        ],
        [
          'survey_questions.csv',
          csvText(headerOf(surveyQuestionsFile), [
            {
              sourcedId: `${survey.id}-q1`,
              status: 'active',
              surveySourcedId: survey.id,
              position: '1',
              kind: 'rating',
              text_en: 'Rate it',
            },
            {
              sourcedId: `${survey.id}-q2`,
              status: 'active',
              surveySourcedId: survey.id,
              position: '2',
              kind: 'single',
              text_en: 'Pick one',
              choices_en: 'Yes|No',
              choices_ar: 'نعم|لا',
              required: survey.perChild ? 'true' : 'false',
            },
          ]),
        ],
      ]),
    );
    return problems;
  }
});
