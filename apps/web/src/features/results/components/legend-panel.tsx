import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BookKey } from 'lucide-react';
import type { TLegendScale } from '@portal/contracts/families/results';
import { SchoolText } from '../../../components/module/school-text.tsx';

/**
 * The school's grading scales as the page's legend: for each band, the scores it covers, its
 * grade and what it means, so no grade on the page stands without its meaning.
 */
export function LegendPanel({ scales }: { scales: readonly TLegendScale[] }) {
  const { t } = useTranslation('results');
  const headingId = useId();
  return (
    <aside
      aria-labelledby={headingId}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div>
        <h2 id={headingId} className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
          <BookKey aria-hidden="true" className="size-5 text-violet-700 dark:text-violet-300" />
          {t('legend.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('legend.intro')}</p>
      </div>
      {scales.map((scale) => (
        <LegendTable key={scale.id} scale={scale} />
      ))}
    </aside>
  );
}

/**
 * One scale's bands. A scale whose bands are named by their own grade (`A`, `B`...) has no
 * range of scores to show beside it.
 */
function LegendTable({ scale }: { scale: TLegendScale }) {
  const { t } = useTranslation('results');
  const showScores = scale.bands.some((band) => band.scores !== band.grade);
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="pb-2 text-start font-semibold text-slate-800 dark:text-slate-100">
        <SchoolText en={scale.title} ar={scale.titleAr} />
      </caption>
      <thead className="text-xs text-slate-600 dark:text-slate-400">
        <tr className="border-b border-slate-200 dark:border-slate-700">
          {showScores ? (
            <th scope="col" className="py-1.5 pe-3 text-start font-medium">
              {t('legend.scores')}
            </th>
          ) : null}
          <th scope="col" className="py-1.5 pe-3 text-start font-medium">
            {t('legend.grade')}
          </th>
          <th scope="col" className="py-1.5 text-start font-medium">
            {t('legend.descriptor')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
        {scale.bands.map((band) => (
          <tr key={`${band.grade}-${band.scores}`}>
            {showScores ? (
              <td className="py-1.5 pe-3 whitespace-nowrap text-slate-700 tabular-nums dark:text-slate-200">
                <bdi>{band.scores}</bdi>
              </td>
            ) : null}
            <th scope="row" className="py-1.5 pe-3 text-start font-semibold text-slate-900 dark:text-white">
              <bdi>{band.grade}</bdi>
            </th>
            <td className="py-1.5 text-slate-700 dark:text-slate-200">
              <SchoolText en={band.descriptor} ar={band.descriptorAr} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
