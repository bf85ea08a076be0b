import { useTranslation } from 'react-i18next';
import type { TResultValue } from '@portal/contracts/families/results';
import { formatPercent, formatScore } from '../../../lib/numbers.ts';
import { ResultGrade } from './result-grade.tsx';

/** The states of a result worth saying beside it (graded or submitted ones say nothing more). */
const notableStatus: Record<string, string> = {
  exempt: 'exempt',
  'not submitted': 'notSubmitted',
  'partially graded': 'partiallyGraded',
};

/**
 * A released result: its score out of the maximum and percentage (or the grade the school gave
 * as text), the band's grade and descriptor, and the teacher's comment. No grade is invented
 * when the school has no scale. `null`: released, but the child has no result yet.
 */
export function ResultValue({ result }: { result: TResultValue | null }) {
  const { t, i18n } = useTranslation('results');
  const lng = i18n.language;
  if (!result) return <p className="text-slate-600 dark:text-slate-300">{t('result.notGraded')}</p>;
  const status = notableStatus[result.status];
  const score =
    result.score === null
      ? null
      : result.max === null
        ? formatScore(result.score, lng)
        : t('result.score', { score: formatScore(result.score, lng), max: formatScore(result.max, lng) });
  const textScore = result.textScore !== '' && result.textScore !== result.grade ? result.textScore : null;
  if (score === null && textScore === null && result.grade === null && !status && !result.comment) {
    return <p className="text-slate-600 dark:text-slate-300">{t('result.notGraded')}</p>;
  }

  return (
    <div className="space-y-1.5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        {score !== null ? (
          <span
            data-testid="score"
            className="text-base font-semibold text-slate-900 tabular-nums dark:text-white"
          >
            {score}
          </span>
        ) : textScore ? (
          <bdi dir="auto" className="text-base font-semibold text-slate-900 dark:text-white">
            {textScore}
          </bdi>
        ) : null}
        {result.percent !== null ? (
          <span className="text-slate-600 tabular-nums dark:text-slate-300">
            {formatPercent(result.percent, lng)}
          </span>
        ) : null}
        {result.grade !== null ? (
          <ResultGrade
            grade={result.grade}
            descriptor={result.descriptor}
            descriptorAr={result.descriptorAr}
          />
        ) : null}
        {status ? (
          <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-200 ring-inset dark:bg-amber-950/50 dark:text-amber-200 dark:ring-amber-800">
            {t(`result.status.${status}`)}
          </span>
        ) : null}
      </div>
      {result.comment ? (
        <p className="text-sm text-slate-700 dark:text-slate-200">
          <span className="font-medium">{t('result.comment')}</span> <bdi dir="auto">{result.comment}</bdi>
        </p>
      ) : null}
    </div>
  );
}
