import { useTranslation } from 'react-i18next';
import type { TInsights } from '@portal/contracts/families/results';
import { InsightsChartFrame, TrendTable } from './insights-chart-frame.tsx';
import { formatShare, longMonth } from './insights-format.ts';
import { TrendChart } from './trend-chart.tsx';

/** Green that reads on the light and the dark page alike (3:1 at least against both). */
const BAR_COLOUR = '#059669';
/** Below this share of days the school's attendance needs attention (the highlights' rule). */
const ATTENDANCE_LOW = 0.9;

/** A bar per month: the share of recorded school days attended; or their table. */
export function InsightsAttendanceChart({ attendance }: { attendance: TInsights['attendance'] }) {
  const { t, i18n } = useTranslation('insights');
  const lng = i18n.language;
  const title = t('attendance.title');
  const description = t('attendance.description');
  const seriesName = t('attendance.series');

  const chart = (
    <TrendChart
      title={title}
      description={description}
      months={attendance.map((point) => point.month)}
      kind="bars"
      series={[
        {
          key: 'attendance',
          name: seriesName,
          colour: BAR_COLOUR,
          marker: 'square',
          values: attendance.map((point) => point.value),
        },
      ]}
      level={ATTENDANCE_LOW}
    />
  );

  const table = (
    <TrendTable
      caption={title}
      columns={[seriesName]}
      rows={attendance.map((point) => ({
        month: point.month,
        label: longMonth(point.month, lng),
        cells: [formatShare(point.value, lng)],
      }))}
    />
  );

  return <InsightsChartFrame title={title} description={description} chart={chart} table={table} />;
}
