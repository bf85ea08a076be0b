import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, ArrowRight, CheckCircle2, ListChecks, ShieldCheck } from 'lucide-react';
import type {
  TSurveyAnswer,
  TSurveyDetail,
  TSurveyListItem,
  TSurveyQuestion,
} from '@portal/contracts/families/surveys';
import { EmptyState } from '../../../components/module/empty-state.tsx';
import { FailureAlert } from '../../../components/module/failure-alert.tsx';
import { PageHeader } from '../../../components/module/page-header.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { SchoolText, schoolText } from '../../../components/module/school-text.tsx';
import { cardBox, chip, chipTone } from '../../../components/module/styles.ts';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';
import { toApiFailure } from '../../../lib/api-error.ts';
import { cx } from '../../../lib/class-names.ts';
import { formatDay, todayIn, useTimeZone } from '../../../lib/dates.ts';
import { formatNumber } from '../../../lib/numbers.ts';
import { useGetSurveyQuery, useGetSurveysQuery, useRespondToSurveyMutation } from '../api.ts';

const long: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };

type TActive = { id: string; enrollNumber: string | null };
type TPageProps = { title: string; icon?: ReactNode };

/** Days in the page's language ("12 March 2026"), of a day or of an instant on the school's clock. */
function useDays() {
  const { i18n } = useTranslation();
  const timeZone = useTimeZone();
  return {
    day: (day: string) => formatDay(day, i18n.language, long),
    dayOf: (instant: string) => formatDay(todayIn(timeZone, new Date(instant)), i18n.language, long),
  };
}

/**
 * `/survey`: the surveys the school asks the family (docs/modules.md F5): the open ones first, each
 * answered a question at a time (a question per phone screen, with progress, back and next),
 * then the answered ones, read-only with the day they were answered.
 */
export function SurveyPage({ title, icon }: TPageProps) {
  const [active, setActive] = useState<TActive | null>(null);
  return (
    <div className="space-y-6">
      <PageHeader title={title} icon={icon} />
      {active ? (
        <SurveyView active={active} onClose={() => setActive(null)} />
      ) : (
        <SurveyList onOpen={setActive} />
      )}
    </div>
  );
}

function ListSkeleton() {
  return (
    <Skeleton className="space-y-4">
      {[0, 1].map((index) => (
        <div key={index} data-testid="survey-skeleton" className={cx(cardBox, 'space-y-3')}>
          <Bone className="h-5 w-2/3" />
          <div className="flex gap-2">
            <Bone className="h-4 w-28" />
            <Bone className="h-4 w-20 rounded-full" />
          </div>
          <Bone className="h-4 w-5/6" />
          <Bone className="h-11 w-32 rounded-xl" />
        </div>
      ))}
    </Skeleton>
  );
}

function SurveyList({ onOpen }: { onOpen: (active: TActive) => void }) {
  const { t } = useTranslation('surveys');
  const query = useGetSurveysQuery();
  const answer = query.currentData;
  if (query.isError && !answer)
    return <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />;
  if (!answer) return <ListSkeleton />;
  if (answer.items.length === 0) return <EmptyState icon={ListChecks}>{t('empty')}</EmptyState>;
  const open = answer.items.filter((item) => item.state === 'open');
  const answered = answer.items.filter((item) => item.state === 'answered');
  return (
    <div className="space-y-8">
      {open.length > 0 ? (
        <SurveySection heading={t('openHeading')} items={open} onOpen={onOpen} />
      ) : (
        <p className="rounded-2xl bg-emerald-50 p-4 text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100">
          {t('allAnswered')}
        </p>
      )}
      {answered.length > 0 ? (
        <SurveySection heading={t('answeredHeading')} items={answered} onOpen={onOpen} />
      ) : null}
    </div>
  );
}

function SurveySection({
  heading,
  items,
  onOpen,
}: {
  heading: string;
  items: TSurveyListItem[];
  onOpen: (active: TActive) => void;
}) {
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-50">{heading}</h2>
      <ul className="space-y-4">
        {items.map((item) => (
          <li key={`${item.id}-${item.enrollNumber ?? 'family'}`}>
            <SurveyCard item={item} onOpen={onOpen} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function SurveyCard({ item, onOpen }: { item: TSurveyListItem; onOpen: (active: TActive) => void }) {
  const { t, i18n } = useTranslation('surveys');
  const { day, dayOf } = useDays();
  const titleId = `survey-${item.id}-${item.enrollNumber ?? 'family'}`;
  const name = schoolText(item.title, item.titleAr, i18n.language).text;
  return (
    <article aria-labelledby={titleId} className={cx(cardBox, 'space-y-3')}>
      <h3 id={titleId} className="text-base font-semibold text-slate-900 dark:text-slate-50">
        <SchoolText en={item.title} ar={item.titleAr} />
      </h3>
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
        <span className={cx(chip, item.childName ? chipTone.child : chipTone.neutral)}>
          {item.childName ?? t('forFamily')}
        </span>
        {item.anonymous ? (
          <span className={cx(chip, chipTone.neutral)}>
            <ShieldCheck aria-hidden="true" className="size-3.5" />
            {t('anonymous')}
          </span>
        ) : null}
        <span>
          {t('questions', {
            count: item.questionCount,
            number: formatNumber(item.questionCount, i18n.language),
          })}
        </span>
      </div>
      {item.description || item.descriptionAr ? (
        <p className="text-sm text-slate-700 dark:text-slate-200">
          <SchoolText en={item.description} ar={item.descriptionAr} />
        </p>
      ) : null}
      {item.state === 'open' ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm font-medium text-amber-800 dark:text-amber-200">
            {t('closesOn', { day: day(item.closesOn) })}
          </p>
          <Button
            aria-label={t('startFor', { title: name })}
            onClick={() => onOpen({ id: item.id, enrollNumber: item.enrollNumber })}
          >
            {t('start')}
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="inline-flex items-center gap-1.5 text-sm font-medium text-emerald-800 dark:text-emerald-200">
            <CheckCircle2 aria-hidden="true" className="size-4" />
            {t('answeredOn', { day: dayOf(item.answeredAt ?? '') })}
          </p>
          {item.anonymous ? null : (
            <Button
              variant="secondary"
              aria-label={t('viewFor', { title: name })}
              onClick={() => onOpen({ id: item.id, enrollNumber: item.enrollNumber })}
            >
              {t('view')}
            </Button>
          )}
        </div>
      )}
    </article>
  );
}

function SurveyView({ active, onClose }: { active: TActive; onClose: () => void }) {
  const { t } = useTranslation('surveys');
  const query = useGetSurveyQuery(active.id);
  const detail = query.currentData;
  const back = (
    <Button variant="ghost" onClick={onClose}>
      <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      {t('backToList')}
    </Button>
  );
  if (query.isError && !detail)
    return (
      <div className="space-y-4">
        {back}
        <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  if (!detail) return <ListSkeleton />;
  const respondent = detail.respondents.find((entry) => entry.enrollNumber === active.enrollNumber);
  return (
    <div className="space-y-4">
      {back}
      {respondent?.answeredAt ? (
        <AnsweredSurvey detail={detail} answeredAt={respondent.answeredAt} answers={respondent.answers} />
      ) : detail.survey.closed || !respondent ? (
        <p className={cardBox}>{t('closed')}</p>
      ) : (
        <SurveyRunner detail={detail} askedVia={respondent.askedVia} childName={respondent.childName} />
      )}
    </div>
  );
}

/** A survey answered: the day, and the answers given (an anonymous survey's are never shown). */
function AnsweredSurvey({
  detail,
  answeredAt,
  answers,
}: {
  detail: TSurveyDetail;
  answeredAt: string;
  answers: TSurveyAnswer[] | null;
}) {
  const { t, i18n } = useTranslation('surveys');
  const { dayOf } = useDays();
  const byQuestion = new Map((answers ?? []).map((answer) => [answer.questionId, answer]));
  const text = (en: string, ar: string) => schoolText(en, ar, i18n.language).text;
  return (
    <article aria-labelledby="survey-answered-title" className={cx(cardBox, 'space-y-4')}>
      <h2 id="survey-answered-title" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
        <SchoolText en={detail.survey.title} ar={detail.survey.titleAr} />
      </h2>
      <p className="inline-flex items-center gap-1.5 text-sm font-medium text-emerald-800 dark:text-emerald-200">
        <CheckCircle2 aria-hidden="true" className="size-4" />
        {t('answeredOn', { day: dayOf(answeredAt) })}
      </p>
      {answers === null ? (
        <p className="text-sm text-slate-700 dark:text-slate-200">{t('anonymousAnswered')}</p>
      ) : (
        <dl className="space-y-3">
          {detail.survey.questions.map((question) => {
            const answer = byQuestion.get(question.id);
            let shown = t('noAnswer');
            if (answer?.rating !== undefined)
              shown = t('ratingValue', { value: formatNumber(answer.rating, i18n.language) });
            else if (answer?.text !== undefined) shown = answer.text;
            else if (answer?.choiceIds)
              shown = question.choices
                .filter((choice) => answer.choiceIds?.includes(choice.id))
                .map((choice) => text(choice.label, choice.labelAr))
                .join(t('listSeparator'));
            return (
              <div key={question.id} className="rounded-2xl bg-slate-50 p-3 dark:bg-slate-800/60">
                <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">
                  <SchoolText en={question.text} ar={question.textAr} />
                </dt>
                <dd dir="auto" className="mt-1 text-slate-900 dark:text-slate-50">
                  {shown}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </article>
  );
}

type TDraft = Record<string, TSurveyAnswer>;

/** Whether a question's draft answer is given. */
function isAnswered(question: TSurveyQuestion, answer: TSurveyAnswer | undefined): boolean {
  if (!answer) return false;
  if (question.kind === 'rating') return answer.rating !== undefined;
  if (question.kind === 'text') return (answer.text ?? '').trim() !== '';
  return (answer.choiceIds ?? []).length > 0;
}

/** The survey answered a question at a time: progress, back and next, then sending the answers. */
function SurveyRunner({
  detail,
  askedVia,
  childName,
}: {
  detail: TSurveyDetail;
  /** The child the answer names: theirs, or for the family one the survey reaches. */
  askedVia: string;
  childName: string | null;
}) {
  const { t, i18n } = useTranslation('surveys');
  const { survey } = detail;
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<TDraft>({});
  const [missing, setMissing] = useState(false);
  const [respond, sending] = useRespondToSurveyMutation();
  const total = survey.questions.length;
  const question = survey.questions[step];
  if (!question) return null;
  const answer = draft[question.id];
  const last = step === total - 1;
  const set = (next: TSurveyAnswer) => {
    setMissing(false);
    setDraft({ ...draft, [question.id]: next });
  };
  const forward = () => {
    if (question.required && !isAnswered(question, answer)) {
      setMissing(true);
      return;
    }
    if (!last) {
      setStep(step + 1);
      return;
    }
    const answers = survey.questions.flatMap((item) => {
      const given = draft[item.id];
      if (!given || !isAnswered(item, given)) return [];
      return [item.kind === 'text' ? { ...given, text: (given.text ?? '').trim() } : given];
    });
    void respond({ id: survey.id, enrollNumber: askedVia, answers });
  };
  const text = (en: string, ar: string) => schoolText(en, ar, i18n.language).text;
  const questionId = `question-${question.id}`;
  const percent = Math.round(((step + 1) / total) * 100);
  return (
    <section aria-labelledby="survey-run-title" className={cx(cardBox, 'space-y-5')}>
      <div className="space-y-2">
        <h2 id="survey-run-title" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
          <SchoolText en={survey.title} ar={survey.titleAr} />
        </h2>
        <div className="flex flex-wrap gap-2">
          <span className={cx(chip, childName ? chipTone.child : chipTone.neutral)}>
            {childName ?? t('forFamily')}
          </span>
          {survey.anonymous ? (
            <span className={cx(chip, chipTone.neutral)}>
              <ShieldCheck aria-hidden="true" className="size-3.5" />
              {t('anonymousNote')}
            </span>
          ) : null}
        </div>
      </div>
      <div className="space-y-1.5">
        <p className="text-sm font-medium text-slate-600 dark:text-slate-300">
          {t('progress', {
            current: formatNumber(step + 1, i18n.language),
            total: formatNumber(total, i18n.language),
          })}
        </p>
        <div
          role="progressbar"
          aria-label={t('progressLabel')}
          aria-valuemin={1}
          aria-valuemax={total}
          aria-valuenow={step + 1}
          className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
        >
          <div
            className="h-full rounded-full bg-purple-600 dark:bg-purple-400"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
      <fieldset className="space-y-3" aria-describedby={missing ? `${questionId}-missing` : undefined}>
        <legend id={questionId} className="text-base font-semibold text-slate-900 dark:text-slate-50">
          {text(question.text, question.textAr)}
          {question.required ? null : (
            <span className="ms-2 text-sm font-normal text-slate-500 dark:text-slate-400">
              {t('optional')}
            </span>
          )}
        </legend>
        <QuestionInput question={question} answer={answer} onChange={set} />
        {missing ? (
          <p
            id={`${questionId}-missing`}
            role="alert"
            className="text-sm font-medium text-red-700 dark:text-red-300"
          >
            {t('required')}
          </p>
        ) : null}
      </fieldset>
      {sending.isError ? <FailureAlert failure={toApiFailure(sending.error)} /> : null}
      <div className="flex flex-wrap justify-between gap-3">
        <Button variant="secondary" aria-disabled={step === 0} onClick={() => setStep(Math.max(0, step - 1))}>
          <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          {t('back')}
        </Button>
        <Button aria-disabled={sending.isLoading} onClick={forward}>
          {last ? (sending.isLoading ? t('sending') : t('submit')) : t('next')}
          {last ? null : <ArrowRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />}
        </Button>
      </div>
    </section>
  );
}

const option = cx(
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-slate-300 px-3 py-2 text-slate-900 has-checked:border-purple-600 has-checked:bg-purple-50 dark:border-slate-600 dark:text-slate-50 dark:has-checked:border-purple-400 dark:has-checked:bg-purple-950/40',
  'has-focus-visible:ring-2 has-focus-visible:ring-purple-600 dark:has-focus-visible:ring-purple-400',
);

function QuestionInput({
  question,
  answer,
  onChange,
}: {
  question: TSurveyQuestion;
  answer: TSurveyAnswer | undefined;
  onChange: (answer: TSurveyAnswer) => void;
}) {
  const { t, i18n } = useTranslation('surveys');
  const text = (en: string, ar: string) => schoolText(en, ar, i18n.language).text;
  if (question.kind === 'text')
    return (
      <textarea
        dir="auto"
        aria-labelledby={`question-${question.id}`}
        maxLength={2000}
        rows={5}
        value={answer?.text ?? ''}
        onChange={(event) => onChange({ questionId: question.id, text: event.target.value })}
        className={cx(
          'w-full rounded-xl border border-slate-300 bg-white p-3 text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-50',
          focusRing,
        )}
      />
    );
  if (question.kind === 'rating')
    return (
      <div className="space-y-2">
        <div className="grid grid-cols-5 gap-2">
          {[1, 2, 3, 4, 5].map((value) => (
            <label key={value} className={cx(option, 'justify-center font-semibold')}>
              <input
                type="radio"
                className="sr-only"
                name={question.id}
                checked={answer?.rating === value}
                aria-label={t('ratingValue', { value: formatNumber(value, i18n.language) })}
                onChange={() => onChange({ questionId: question.id, rating: value })}
              />
              {formatNumber(value, i18n.language)}
            </label>
          ))}
        </div>
        <div className="flex justify-between text-xs text-slate-600 dark:text-slate-300">
          <span>{t('ratingLow')}</span>
          <span>{t('ratingHigh')}</span>
        </div>
      </div>
    );
  const multiple = question.kind === 'multiple';
  const chosen = answer?.choiceIds ?? [];
  return (
    <div className="space-y-2">
      {multiple ? <p className="text-sm text-slate-600 dark:text-slate-300">{t('chooseAll')}</p> : null}
      {question.choices.map((choice) => (
        <label key={choice.id} className={option}>
          <input
            type={multiple ? 'checkbox' : 'radio'}
            name={question.id}
            className="size-4 accent-purple-600"
            checked={chosen.includes(choice.id)}
            onChange={(event) => {
              const next = multiple
                ? event.target.checked
                  ? [...chosen, choice.id]
                  : chosen.filter((id) => id !== choice.id)
                : [choice.id];
              onChange({ questionId: question.id, choiceIds: next });
            }}
          />
          <span>{text(choice.label, choice.labelAr)}</span>
        </label>
      ))}
    </div>
  );
}
