import { useTranslation } from 'react-i18next';
import { ChartNoAxesCombined } from 'lucide-react';
import {
  ChildModulePage,
  type TChildModulePageProps,
  type TPageChild,
} from '../../../components/module/child-module-page.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { useGetInsightsQuery } from '../insights-api.ts';
import { InsightsAttendanceChart } from '../components/insights-attendance-chart.tsx';
import { InsightsHighlights } from '../components/insights-highlights.tsx';
import { InsightsSkeleton } from '../components/insights-skeleton.tsx';
import { InsightsSubjectsChart } from '../components/insights-subjects-chart.tsx';

type TInsightsPageProps = Omit<TChildModulePageProps, 'children' | 'noChildMessage'>;

/**
 * `/mojo-insights`: the child's trends over the school year, from released results and
 * attendance only: highlights in words, then a chart of each trend with its table. The charts
 * are the portal's own SVG (docs/decisions/039-own-trend-charts.md).
 */
export function InsightsPage(props: TInsightsPageProps) {
  const { t } = useTranslation('insights');
  return (
    <ChildModulePage {...props} noChildMessage={t('noChild')}>
      {(child) => <Insights child={child} />}
    </ChildModulePage>
  );
}

function Insights({ child }: { child: TPageChild }) {
  const { t } = useTranslation('insights');
  const query = useGetInsightsQuery(child.enrollNumber);
  const answer = query.currentData;

  if (query.isError && !answer) {
    return <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!answer) return <InsightsSkeleton />;

  const hasResults = answer.subjects.length > 0 || answer.overall.length > 0;
  if (!hasResults && answer.attendance.length === 0) {
    return (
      <div className="rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center dark:border-slate-700 dark:bg-slate-900">
        <ChartNoAxesCombined aria-hidden="true" className="mx-auto size-8 text-slate-400" />
        <p className="mt-3 font-semibold text-slate-900 dark:text-white">{t('empty.title')}</p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('empty.body')}</p>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <InsightsHighlights highlights={answer.highlights} attendanceRate={answer.attendanceRate} />
      {hasResults ? (
        <InsightsSubjectsChart subjects={answer.subjects} overall={answer.overall} />
      ) : (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200">
          {t('empty.title')}
        </p>
      )}
      {answer.attendance.length > 0 ? <InsightsAttendanceChart attendance={answer.attendance} /> : null}
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('releasedOnly')}</p>
    </div>
  );
}
