import { useTranslation } from 'react-i18next';
import { Legend, Line, LineChart, Tooltip } from 'recharts';
import type { TInsights } from '@portal/contracts/families/results';
import { SchoolText, schoolText } from '../../../components/module/school-text.tsx';
import { InsightsChartFrame, TrendTable } from './insights-chart-frame.tsx';
import { formatShare, longMonth, monthsOf, valueIn } from './insights-format.ts';
import { InsightsTooltip } from './insights-tooltip.tsx';
import { TrendAxes } from './insights-trend-axes.tsx';

/**
 * Each subject's line: a colour that reads on the light and the dark page alike (3:1 at least
 * against both) and a marker of its own, so no line is told apart by its colour alone. After
 * the sixth subject the looks repeat with a dashed line.
 */
const LOOKS = [
  { colour: '#3b82f6', symbol: 'circle' },
  { colour: '#ea580c', symbol: 'square' },
  { colour: '#059669', symbol: 'triangle' },
  { colour: '#c026d3', symbol: 'diamond' },
  { colour: '#b45309', symbol: 'star' },
  { colour: '#0e7490', symbol: 'cross' },
] as const;

type TSubject = TInsights['subjects'][number];

/** A line per subject, and one of every result together, over the months; or their table. */
export function InsightsSubjectsChart({
  subjects,
  overall,
}: {
  subjects: TSubject[];
  overall: TInsights['overall'];
}) {
  const { t, i18n } = useTranslation('insights');
  const lng = i18n.language;
  const months = monthsOf([overall, ...subjects.map((subject) => subject.points)]);
  const names = subjects.map((subject) => schoolText(subject.name, subject.nameAr, lng).text);
  // The subjects' ids are the school's: the chart's data keys are their places instead.
  const rows = months.map((month) => ({
    month,
    overall: valueIn(overall, month),
    ...Object.fromEntries(subjects.map((subject, index) => [`s${index}`, valueIn(subject.points, month)])),
  }));
  const title = t('subjects.title');
  const description = t('subjects.description');
  const share = (value: number | null) => (value === null ? null : formatShare(value, lng));

  const chart = (
    <LineChart
      responsive
      data={rows}
      title={title}
      desc={description}
      style={{ width: '100%', height: '100%' }}
      margin={{ top: 8, right: 12, bottom: 4, left: 12 }}
    >
      <TrendAxes />
      <Tooltip content={InsightsTooltip} cursor={{ stroke: 'currentColor', strokeOpacity: 0.3 }} />
      <Legend
        itemSorter={null}
        formatter={(name: string) => <span className="text-slate-800 dark:text-slate-100">{name}</span>}
      />
      {subjects.map((subject, index) => {
        const look = LOOKS[index % LOOKS.length]!;
        return (
          <Line
            key={subject.id}
            dataKey={`s${index}`}
            name={names[index]}
            stroke={look.colour}
            strokeWidth={2}
            strokeDasharray={index >= LOOKS.length ? '6 3' : undefined}
            dot={{ symbol: look.symbol, r: 5, fill: look.colour, stroke: look.colour }}
            activeDot={{ symbol: look.symbol, r: 7, fill: look.colour }}
            legendType={look.symbol}
            connectNulls
            isAnimationActive={false}
          />
        );
      })}
      <Line
        dataKey="overall"
        name={t('subjects.overall')}
        stroke="currentColor"
        strokeWidth={3}
        strokeDasharray="8 4"
        dot={{ symbol: 'wye', r: 5, fill: 'currentColor', stroke: 'currentColor' }}
        legendType="wye"
        connectNulls
        isAnimationActive={false}
      />
    </LineChart>
  );

  const table = (
    <TrendTable
      caption={title}
      columns={[
        ...subjects.map((subject) => <SchoolText key={subject.id} en={subject.name} ar={subject.nameAr} />),
        t('subjects.overall'),
      ]}
      rows={rows.map((row, rowIndex) => ({
        month: row.month,
        label: longMonth(row.month, lng),
        cells: [
          ...subjects.map((subject) => share(valueIn(subject.points, months[rowIndex]!))),
          share(row.overall),
        ],
      }))}
    />
  );

  return <InsightsChartFrame title={title} description={description} chart={chart} table={table} />;
}
