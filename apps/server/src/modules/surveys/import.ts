import { and, eq, isNull } from 'drizzle-orm';
import {
  MAX_SURVEY_CHOICES,
  SURVEY_QUESTION_KINDS,
  type TSurveyQuestionKind,
} from '@portal/contracts/families/surveys';
import { surveyQuestions, surveys, type TStoredChoice } from '../../db/schema/index.ts';
import { audienceOf, type TAudience } from '../../kits/audience.ts';
import {
  among,
  appliedCounts,
  byStatus,
  removeRows,
  reportProblem,
  sourcedIdsOf,
  upsertRows,
} from '../../kits/bundle-apply.ts';
import { rowReader } from '../../kits/bundle-fields.ts';
import type { TAnyBundleFileHandler, TBundleFileHandler } from '../../kits/bundle-file.ts';
import { publishedAtOf, titleOf, wholeNumberOf } from '../../kits/portal-columns.ts';

// surveys.csv and survey_questions.csv (docs/school-data.md, "surveys.csv"): the school's
// surveys, each open from one day to another for an audience (grades, sections, children; none:
// the whole school), perhaps anonymous, perhaps answered for each child; and their questions, in
// order: single or multiple choice (choices apart with `|`), a rating from 1 to 5, or free text.

/** The longest description of a survey and the longest question. */
const MAX_DESCRIPTION_LENGTH = 2_000;
const MAX_QUESTION_LENGTH = 500;
const MAX_CHOICE_LENGTH = 200;

type TSurveyRow = {
  sourcedId: string;
  titleEn: string;
  titleAr: string;
  descriptionEn: string;
  descriptionAr: string;
  opensOn: string;
  closesOn: string;
  anonymous: boolean;
  perChild: boolean;
  audience: TAudience;
  publishedAt: Date | null;
};

export const surveysFile: TBundleFileHandler<TSurveyRow> = {
  file: 'surveys.csv',
  columns: ['sourcedId', 'title_en', 'opensOn', 'closesOn', 'publishedAt'],
  optionalColumns: [
    'title_ar',
    'description_en',
    'description_ar',
    'anonymous',
    'perChild',
    'grades',
    'sections',
    'enrollNumbers',
  ],
  after: ['users.csv', 'classes.csv', 'enrollments.csv'],
  keyColumn: 'sourcedId',
  parseRow(record, row, status) {
    const read = rowReader(record, row);
    const active = status === 'active';
    const opensOn = read.day('opensOn', { required: active }) ?? '';
    const closesOn = read.day('closesOn', { required: active }) ?? '';
    if (active && opensOn && closesOn && closesOn < opensOn)
      read.problem('closesOn', 'the closing day is before the opening day');
    const value: TSurveyRow = {
      sourcedId: read.text('sourcedId', { required: true }),
      titleEn: titleOf(read, 'title_en', { required: active }),
      titleAr: titleOf(read, 'title_ar'),
      descriptionEn: titleOf(read, 'description_en', { max: MAX_DESCRIPTION_LENGTH }),
      descriptionAr: titleOf(read, 'description_ar', { max: MAX_DESCRIPTION_LENGTH }),
      opensOn,
      closesOn,
      anonymous: read.boolean('anonymous', false),
      perChild: read.boolean('perChild', false),
      audience: audienceOf(read),
      publishedAt: publishedAtOf(read),
    };
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const { schoolId } = context;
    const { active, deleted } = byStatus(rows);
    const written = await upsertRows(tx, surveys, {
      target: [surveys.schoolId, surveys.surveyId],
      update: [
        surveys.titleEn,
        surveys.titleAr,
        surveys.descriptionEn,
        surveys.descriptionAr,
        surveys.opensOn,
        surveys.closesOn,
        surveys.anonymous,
        surveys.perChild,
        surveys.audience,
        surveys.publishedAt,
        surveys.removedAt,
      ],
      rows: active.map(({ value }) => ({
        schoolId,
        surveyId: value.sourcedId,
        titleEn: value.titleEn,
        titleAr: value.titleAr,
        descriptionEn: value.descriptionEn,
        descriptionAr: value.descriptionAr,
        opensOn: value.opensOn,
        closesOn: value.closesOn,
        anonymous: value.anonymous,
        perChild: value.perChild,
        audience: value.audience,
        publishedAt: value.publishedAt,
        removedAt: null,
      })),
    });
    const removed = await removeRows(tx, context, surveys, {
      school: surveys.schoolId,
      id: surveys.surveyId,
      removedAt: surveys.removedAt,
      deleted: sourcedIdsOf(deleted),
      kept: sourcedIdsOf(active),
    });
    return appliedCounts(rows.length, written, removed);
  },
};

type TQuestionRow = {
  sourcedId: string;
  surveySourcedId: string;
  position: number;
  kind: TSurveyQuestionKind;
  textEn: string;
  textAr: string;
  choices: TStoredChoice[];
  required: boolean;
};

/** Choices apart with `|`, each trimmed, empty ones left out. */
const choiceList = (text: string) =>
  text
    .split('|')
    .map((choice) => choice.trim())
    .filter((choice) => choice !== '');

export const surveyQuestionsFile: TBundleFileHandler<TQuestionRow> = {
  file: 'survey_questions.csv',
  columns: ['sourcedId', 'surveySourcedId', 'position', 'kind', 'text_en'],
  optionalColumns: ['text_ar', 'choices_en', 'choices_ar', 'required'],
  after: ['surveys.csv'],
  keyColumn: 'sourcedId',
  parseRow(record, row, status) {
    const read = rowReader(record, row);
    const active = status === 'active';
    const kind = read.oneOf('kind', SURVEY_QUESTION_KINDS, { required: active }) ?? 'text';
    const en = choiceList(read.text('choices_en'));
    const ar = choiceList(read.text('choices_ar'));
    const withChoices = kind === 'single' || kind === 'multiple';
    if (active && withChoices && en.length < 2)
      read.problem('choices_en', 'a choice question needs at least 2 choices');
    if (active && !withChoices && en.length > 0)
      read.problem('choices_en', `a ${kind} question has no choices`);
    if (en.length > MAX_SURVEY_CHOICES) read.problem('choices_en', `at most ${MAX_SURVEY_CHOICES} choices`);
    if (ar.length > 0 && ar.length !== en.length)
      read.problem('choices_ar', 'names as many choices as choices_en, or none');
    if ([...en, ...ar].some((choice) => choice.length > MAX_CHOICE_LENGTH))
      read.problem('choices_en', `a choice is longer than ${MAX_CHOICE_LENGTH} characters`);
    const value: TQuestionRow = {
      sourcedId: read.text('sourcedId', { required: true }),
      surveySourcedId: read.text('surveySourcedId', { required: active }),
      position: wholeNumberOf(read, 'position', { min: 0, max: 10_000 }, { required: active }) ?? 0,
      kind,
      textEn: titleOf(read, 'text_en', { required: active, max: MAX_QUESTION_LENGTH }),
      textAr: titleOf(read, 'text_ar', { max: MAX_QUESTION_LENGTH }),
      choices: withChoices
        ? en.map((choice, index) => ({ id: `c${index + 1}`, en: choice, ar: ar[index] ?? '' }))
        : [],
      required: read.boolean('required', true),
    };
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const { schoolId } = context;
    const { active, deleted } = byStatus(rows);
    const named = [...new Set(active.map(({ value }) => value.surveySourcedId))];
    const known = new Set(
      named.length === 0
        ? []
        : (
            await tx
              .select({ id: surveys.surveyId })
              .from(surveys)
              .where(
                and(
                  eq(surveys.schoolId, schoolId),
                  isNull(surveys.removedAt),
                  among(surveys.surveyId, named),
                ),
              )
          ).map((row) => row.id),
    );
    const valid = active.filter(({ row, value }) => {
      if (known.has(value.surveySourcedId)) return true;
      reportProblem(
        context,
        row,
        'surveySourcedId',
        `no survey of the school has the id "${value.surveySourcedId}"`,
      );
      return false;
    });
    const written = await upsertRows(tx, surveyQuestions, {
      target: [surveyQuestions.schoolId, surveyQuestions.questionId],
      update: [
        surveyQuestions.surveyId,
        surveyQuestions.position,
        surveyQuestions.kind,
        surveyQuestions.textEn,
        surveyQuestions.textAr,
        surveyQuestions.choices,
        surveyQuestions.required,
        surveyQuestions.removedAt,
      ],
      rows: valid.map(({ value }) => ({
        schoolId,
        questionId: value.sourcedId,
        surveyId: value.surveySourcedId,
        position: value.position,
        kind: value.kind,
        textEn: value.textEn,
        textAr: value.textAr,
        choices: value.choices,
        required: value.required,
        removedAt: null,
      })),
    });
    const removed = await removeRows(tx, context, surveyQuestions, {
      school: surveyQuestions.schoolId,
      id: surveyQuestions.questionId,
      removedAt: surveyQuestions.removedAt,
      deleted: sourcedIdsOf(deleted),
      kept: sourcedIdsOf(active),
    });
    return appliedCounts(rows.length, written, removed);
  },
};

/** The survey family's files of a school-data bundle. */
export const surveyBundleFiles: TAnyBundleFileHandler[] = [surveysFile, surveyQuestionsFile];
