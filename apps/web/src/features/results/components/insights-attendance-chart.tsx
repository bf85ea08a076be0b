import { useTranslation } from 'react-i18next';
import { Bar, BarChart, LabelList, ReferenceLine, Tooltip } from 'recharts';
import type { TInsights } from '@portal/contracts/families/results';
import { InsightsChartFrame, TrendTable } from './insights-chart-frame.tsx';
import { formatShare, longMonth } from './insights-format.ts';
import { InsightsTooltip } from './insights-tooltip.tsx';
import { TrendAxes } from './insights-trend-axes.tsx';

/** Green that reads on the light and the dark page alike (3:1 at least against both). */
const BAR_COLOUR = '#059669';
/** Below this share of days the school's attendance needs attention (the highlights' rule). */
const ATTENDANCE_LOW = 0.9;

/** A bar per month: the share of recorded school days attended; or their table. */
export function InsightsAttendanceChart({ attendance }: { attendance: TInsights['attendance'] }) {
  const { t, i18n } = useTranslation('insights');
  const lng = i18n.language;
  const rtl = i18n.dir(lng) === 'rtl';
  const title = t('attendance.title');
  const description = t('attendance.description');
  const seriesName = t('attendance.series');

  const chart = (
    <BarChart
      responsive
      data={attendance}
      title={title}
      desc={description}
      style={{ width: '100%', height: '100%' }}
      margin={{ top: 24, right: 12, bottom: 4, left: 12 }}
    >
      <TrendAxes />
      <Tooltip content={InsightsTooltip} cursor={{ fill: 'currentColor', fillOpacity: 0.08 }} />
      <ReferenceLine
        y={ATTENDANCE_LOW}
        stroke="currentColor"
        strokeDasharray="4 4"
        strokeOpacity={0.6}
        label={{
          value: formatShare(ATTENDANCE_LOW, lng),
          position: rtl ? 'insideTopLeft' : 'insideTopRight',
          fill: 'currentColor',
          fontSize: 12,
        }}
      />
      <Bar
        dataKey="value"
        name={seriesName}
        fill={BAR_COLOUR}
        radius={[4, 4, 0, 0]}
        isAnimationActive={false}
      >
        <LabelList
          dataKey="value"
          position="top"
          fill="currentColor"
          fontSize={12}
          formatter={(value: unknown) => (typeof value === 'number' ? formatShare(value, lng) : '')}
        />
      </Bar>
    </BarChart>
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
