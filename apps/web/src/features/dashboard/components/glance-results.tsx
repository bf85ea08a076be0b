import { useTranslation } from 'react-i18next';
import type { TAssessment } from '@portal/contracts/families/results';
import { SchoolText } from '../../../components/module/school-text.tsx';
import { chip } from '../../../components/module/styles.ts';
import { cx } from '../../../lib/class-names.ts';
import { formatScore } from '../../../lib/numbers.ts';
import { GlanceEmpty } from './glance-part.tsx';

/** A result in a few characters: the score out of the maximum, or the grade the school wrote. */
function scoreText(
  result: NonNullable<TAssessment['result']>,
  lng: string,
  outOf: (score: string, max: string) => string,
) {
  if (result.score === null) return result.textScore;
  if (result.max === null) return formatScore(result.score, lng);
  return outOf(formatScore(result.score, lng), formatScore(result.max, lng));
}

/** The latest released results: subject and title, the score and the band's grade. */
export function GlanceResults({ results }: { results: readonly TAssessment[] }) {
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.language;
  if (results.length === 0) return <GlanceEmpty>{t('glance.results.empty')}</GlanceEmpty>;
  const outOf = (score: string, max: string) => t('glance.results.score', { score, max });
  return (
    <ul className="space-y-1.5">
      {results.map((item) => (
        <li key={item.id} className="flex items-center gap-3 text-sm">
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium text-slate-900 dark:text-white">
              <SchoolText en={item.subject} ar={item.subjectAr} />
            </span>
            <span className="block truncate text-xs text-slate-600 dark:text-slate-300">
              <SchoolText en={item.title} ar={item.titleAr} />
            </span>
          </span>
          {item.result ? (
            <span className="flex shrink-0 items-center gap-1.5">
              <bdi className="font-semibold text-slate-900 tabular-nums dark:text-white">
                {scoreText(item.result, lng, outOf)}
              </bdi>
              {item.result.grade !== null && item.result.grade !== item.result.textScore ? (
                <span
                  className={cx(
                    chip,
                    'bg-violet-50 text-violet-900 ring-1 ring-violet-200 ring-inset dark:bg-violet-950/50 dark:text-violet-100 dark:ring-violet-800',
                  )}
                >
                  <span className="sr-only">{t('glance.results.grade')} </span>
                  <bdi>{item.result.grade}</bdi>
                </span>
              ) : null}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
