import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import {
  MAX_SURVEY_TEXT_LENGTH,
  SURVEY_RATING,
  type TSurveyAnswer,
  type TSurveyDetail,
  type TSurveyListItem,
  type TSurveyQuestion,
  type TSurveyQuestionKind,
  type TSurveyResponseBody,
  type TSurveySummary,
} from '@portal/contracts/families/surveys';
import { MessageId } from '@portal/contracts/messages';
import { ApiError, notYourChild } from '../../api-error.ts';
import { schoolToday, schoolWide } from '../../access/school.ts';
import type { TDatabase } from '../../db/client.ts';
import {
  surveyQuestions,
  surveyResponses,
  surveys,
  surveySubmissions,
  type TStoredAnswer,
} from '../../db/schema/index.ts';
import { familyAudienceChildren, reachesChild, type TAudienceChild } from '../../kits/audience.ts';

// A family's surveys (docs/modules.md F5, module `survey`): the published surveys that reach one of
// the parent's children and have opened. A survey about a child (`perChild`) is answered once
// for each child it reaches, by either parent; any other once by each parent, for the family.
// An anonymous survey's answers are kept apart from who answered (db/schema/surveys-trips.ts):
// the submission says who and when, the response holds the answers, and nothing joins them.

type TSession = { schoolId: string; parentId: string };
type TSurveyRow = typeof surveys.$inferSelect;
type TSubmissionRow = typeof surveySubmissions.$inferSelect;

/** One who answers a survey: a child of the family, or the parent for the family (child null). */
type TRespondent = { key: string; child: TAudienceChild | null; via: TAudienceChild };

const notFound = () => new ApiError(404, MessageId.notFound, 'No such survey');
const invalid = (message: string) => new ApiError(400, MessageId.invalidRequest, message);

/** Who answers the survey in this family: nobody when it reaches none of the children. */
function respondentsOf(
  survey: TSurveyRow,
  children: readonly TAudienceChild[],
  parentId: string,
): TRespondent[] {
  const reached = children.filter((child) => reachesChild(survey.audience, child));
  if (reached.length === 0) return [];
  const [first] = reached;
  if (!first) return [];
  return survey.perChild
    ? reached.map((child) => ({ key: `child:${child.enrollNumber}`, child, via: child }))
    : [{ key: `parent:${parentId}`, child: null, via: first }];
}

/** The school's published surveys that have opened (not removed), the nearest closing first. */
async function visibleSurveys(db: TDatabase, schoolId: string, today: string, surveyId?: string) {
  return db
    .select()
    .from(surveys)
    .where(
      and(
        eq(surveys.schoolId, schoolId),
        isNull(surveys.removedAt),
        lte(surveys.publishedAt, new Date()),
        lte(surveys.opensOn, today),
        surveyId === undefined ? undefined : eq(surveys.surveyId, surveyId),
      ),
    )
    .orderBy(asc(surveys.closesOn), asc(surveys.surveyId))
    .limit(500);
}

async function questionsOf(db: TDatabase, schoolId: string, surveyIds: readonly string[]) {
  if (surveyIds.length === 0) return [];
  return db
    .select()
    .from(surveyQuestions)
    .where(
      and(
        eq(surveyQuestions.schoolId, schoolId),
        inArray(surveyQuestions.surveyId, [...surveyIds]),
        isNull(surveyQuestions.removedAt),
      ),
    )
    .orderBy(asc(surveyQuestions.position), asc(surveyQuestions.questionId));
}

async function submissionsOf(
  db: TDatabase,
  schoolId: string,
  surveyIds: readonly string[],
  keys: readonly string[],
): Promise<TSubmissionRow[]> {
  if (surveyIds.length === 0 || keys.length === 0) return [];
  return db
    .select()
    .from(surveySubmissions)
    .where(
      and(
        eq(surveySubmissions.schoolId, schoolId),
        inArray(surveySubmissions.surveyId, [...surveyIds]),
        inArray(surveySubmissions.respondent, [...keys]),
      ),
    );
}

function summaryOf(survey: TSurveyRow, questionCount: number): TSurveySummary {
  return {
    id: survey.surveyId,
    title: survey.titleEn,
    titleAr: survey.titleAr,
    description: survey.descriptionEn,
    descriptionAr: survey.descriptionAr,
    opensOn: survey.opensOn,
    closesOn: survey.closesOn,
    anonymous: survey.anonymous,
    perChild: survey.perChild,
    questionCount,
  };
}

async function todayOf(db: TDatabase, schoolId: string): Promise<string> {
  const wide = await schoolWide(db, schoolId);
  return schoolToday(wide?.timeZone);
}

/** The family's open surveys (nearest closing first), then the answered ones (latest first). */
export async function listSurveys(db: TDatabase, session: TSession): Promise<TSurveyListItem[]> {
  const today = await todayOf(db, session.schoolId);
  const [rows, children] = await Promise.all([
    visibleSurveys(db, session.schoolId, today),
    familyAudienceChildren(db, session),
  ]);
  const reached = rows
    .map((survey) => ({ survey, respondents: respondentsOf(survey, children, session.parentId) }))
    .filter((entry) => entry.respondents.length > 0);
  const ids = reached.map((entry) => entry.survey.surveyId);
  const [questions, submissions] = await Promise.all([
    questionsOf(db, session.schoolId, ids),
    submissionsOf(
      db,
      session.schoolId,
      ids,
      reached.flatMap((entry) => entry.respondents.map((respondent) => respondent.key)),
    ),
  ]);
  const counts = new Map<string, number>();
  for (const question of questions) counts.set(question.surveyId, (counts.get(question.surveyId) ?? 0) + 1);
  const answered = new Map(submissions.map((row) => [`${row.surveyId}\n${row.respondent}`, row]));
  const open: TSurveyListItem[] = [];
  const done: TSurveyListItem[] = [];
  for (const { survey, respondents } of reached) {
    for (const respondent of respondents) {
      const submission = answered.get(`${survey.surveyId}\n${respondent.key}`);
      if (!submission && survey.closesOn < today) continue;
      const item: TSurveyListItem = {
        ...summaryOf(survey, counts.get(survey.surveyId) ?? 0),
        enrollNumber: respondent.child?.enrollNumber ?? null,
        childName: respondent.child?.childName ?? null,
        state: submission ? 'answered' : 'open',
        answeredAt: submission?.submittedAt.toISOString() ?? null,
      };
      (submission ? done : open).push(item);
    }
  }
  done.sort((a, b) => (b.answeredAt ?? '').localeCompare(a.answeredAt ?? ''));
  return [...open, ...done];
}

function questionOf(row: typeof surveyQuestions.$inferSelect): TSurveyQuestion {
  return {
    id: row.questionId,
    kind: row.kind as TSurveyQuestionKind,
    text: row.textEn,
    textAr: row.textAr,
    required: row.required,
    choices: row.choices.map((choice) => ({ id: choice.id, label: choice.en, labelAr: choice.ar })),
  };
}

/** A survey the family may see (published, opened, reaching a child), with who answers it. */
async function findFamilySurvey(db: TDatabase, session: TSession, surveyId: string) {
  const today = await todayOf(db, session.schoolId);
  const [[survey], children] = await Promise.all([
    visibleSurveys(db, session.schoolId, today, surveyId),
    familyAudienceChildren(db, session),
  ]);
  if (!survey) throw notFound();
  const respondents = respondentsOf(survey, children, session.parentId);
  if (respondents.length === 0) throw notFound();
  return { survey, respondents, today, children };
}

/** A survey with its questions, and for each respondent of the family whether (and what) they answered. */
export async function surveyDetail(
  db: TDatabase,
  session: TSession,
  surveyId: string,
): Promise<Omit<TSurveyDetail, 'success' | 'messageId'>> {
  const { survey, respondents, today } = await findFamilySurvey(db, session, surveyId);
  const [questions, submissions] = await Promise.all([
    questionsOf(db, session.schoolId, [survey.surveyId]),
    submissionsOf(
      db,
      session.schoolId,
      [survey.surveyId],
      respondents.map((respondent) => respondent.key),
    ),
  ]);
  const responseIds = submissions.flatMap((row) => (row.responseId ? [row.responseId] : []));
  const responses =
    survey.anonymous || responseIds.length === 0
      ? []
      : await db
          .select({ responseId: surveyResponses.responseId, answers: surveyResponses.answers })
          .from(surveyResponses)
          .where(
            and(
              eq(surveyResponses.schoolId, session.schoolId),
              eq(surveyResponses.surveyId, survey.surveyId),
              inArray(surveyResponses.responseId, responseIds),
            ),
          );
  const answersOf = new Map(responses.map((row) => [row.responseId, row.answers]));
  const byKey = new Map(submissions.map((row) => [row.respondent, row]));
  return {
    survey: {
      ...summaryOf(survey, questions.length),
      questions: questions.map(questionOf),
      closed: survey.closesOn < today,
    },
    respondents: respondents.map((respondent) => {
      const submission = byKey.get(respondent.key);
      return {
        enrollNumber: respondent.child?.enrollNumber ?? null,
        childName: respondent.child?.childName ?? null,
        askedVia: respondent.via.enrollNumber,
        answeredAt: submission?.submittedAt.toISOString() ?? null,
        answers:
          submission?.responseId && !survey.anonymous ? (answersOf.get(submission.responseId) ?? null) : null,
      };
    }),
  };
}

/**
 * The answers checked against the questions: each answer names a question of the survey once,
 * in the shape of its kind; every required question is answered. Answers them as stored, in
 * the questions' order. Anything else is 400 `V001`.
 */
function checkAnswers(
  questions: readonly TSurveyQuestion[],
  answers: readonly TSurveyAnswer[],
): TStoredAnswer[] {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const given = new Map<string, TStoredAnswer>();
  for (const answer of answers) {
    const question = byId.get(answer.questionId);
    if (!question) throw invalid(`"${answer.questionId}" is not a question of this survey`);
    if (given.has(question.id)) throw invalid(`question "${question.id}" is answered twice`);
    given.set(question.id, storedAnswer(question, answer));
  }
  for (const question of questions)
    if (question.required && !given.has(question.id)) throw invalid(`question "${question.id}" is required`);
  return questions.flatMap((question) => {
    const answer = given.get(question.id);
    return answer ? [answer] : [];
  });
}

function storedAnswer(question: TSurveyQuestion, answer: TSurveyAnswer): TStoredAnswer {
  const { choiceIds, rating, text } = answer;
  const shape = (ok: boolean, what: string) => {
    if (!ok) throw invalid(`question "${question.id}" takes ${what}`);
  };
  switch (question.kind) {
    case 'single':
    case 'multiple': {
      const ids = choiceIds ?? [];
      const single = question.kind === 'single';
      shape(
        rating === undefined && text === undefined && ids.length >= 1 && (!single || ids.length === 1),
        single ? 'one choice' : 'one or more choices',
      );
      if (new Set(ids).size !== ids.length)
        throw invalid(`question "${question.id}": a choice is named twice`);
      const known = new Set(question.choices.map((choice) => choice.id));
      for (const id of ids)
        if (!known.has(id)) throw invalid(`"${id}" is not a choice of question "${question.id}"`);
      // In the order the question offers them.
      return {
        questionId: question.id,
        choiceIds: question.choices.map((c) => c.id).filter((id) => ids.includes(id)),
      };
    }
    case 'rating':
      shape(
        choiceIds === undefined &&
          text === undefined &&
          rating !== undefined &&
          rating >= SURVEY_RATING.min &&
          rating <= SURVEY_RATING.max,
        `a rating from ${SURVEY_RATING.min} to ${SURVEY_RATING.max}`,
      );
      return { questionId: question.id, rating: rating as number };
    case 'text': {
      const value = (text ?? '').trim();
      shape(
        choiceIds === undefined &&
          rating === undefined &&
          value.length > 0 &&
          value.length <= MAX_SURVEY_TEXT_LENGTH,
        'a text',
      );
      return { questionId: question.id, text: value };
    }
  }
}

/**
 * Answers a survey for the family or one child: 403 `A002` for another parent's child, 404
 * `N404` for a survey the family does not see or that does not reach the child, 409 `R005` once
 * it is closed, 409 `R004` when the respondent answered it already, 400 `V001` for answers that
 * do not fit its questions.
 */
export async function respondToSurvey(
  db: TDatabase,
  session: TSession,
  surveyId: string,
  body: TSurveyResponseBody,
): Promise<{ answeredAt: string }> {
  // The child first: another's is refused alike, whatever survey the request names.
  const own = await familyAudienceChildren(db, session);
  const child = own.find((entry) => entry.enrollNumber === body.enrollNumber);
  if (!child) throw notYourChild();
  const { survey, respondents, today } = await findFamilySurvey(db, session, surveyId);
  // A survey about a child: the child's own answer; for the family: the child must be reached.
  const respondent = reachesChild(survey.audience, child)
    ? survey.perChild
      ? respondents.find((entry) => entry.child?.enrollNumber === child.enrollNumber)
      : respondents[0]
    : undefined;
  if (!respondent) throw notFound();
  if (survey.closesOn < today) throw new ApiError(409, MessageId.deadlinePassed, 'The survey is closed');
  const [existing] = await submissionsOf(db, session.schoolId, [survey.surveyId], [respondent.key]);
  if (existing) throw alreadyAnswered();
  const questions = (await questionsOf(db, session.schoolId, [survey.surveyId])).map(questionOf);
  const answers = checkAnswers(questions, body.answers);
  const submittedAt = await db.transaction(async (tx) => {
    const [response] = await tx
      .insert(surveyResponses)
      .values({ schoolId: session.schoolId, surveyId: survey.surveyId, answers })
      .returning({ responseId: surveyResponses.responseId });
    const [submission] = await tx
      .insert(surveySubmissions)
      .values({
        schoolId: session.schoolId,
        surveyId: survey.surveyId,
        respondent: respondent.key,
        parentId: session.parentId,
        enrollNumber: respondent.child?.enrollNumber ?? null,
        // An anonymous survey's submission does not say which answers are its own.
        responseId: survey.anonymous ? null : (response?.responseId ?? null),
      })
      .onConflictDoNothing()
      .returning({ submittedAt: surveySubmissions.submittedAt });
    // Answered meanwhile (two presses at once): the answers just written go back with the transaction.
    if (!submission) throw alreadyAnswered();
    return submission.submittedAt;
  });
  return { answeredAt: submittedAt.toISOString() };
}

const alreadyAnswered = () => new ApiError(409, MessageId.alreadyAnswered, 'The survey is already answered');
