import { useTranslation } from 'react-i18next';
import type { TInsights } from '@portal/contracts/families/results';
import { SchoolText } from '../../../components/module/school-text.tsx';
import { InsightsChartFrame, TrendTable } from './insights-chart-frame.tsx';
import { formatShare, longMonth, monthsOf, valueIn } from './insights-format.ts';
import { TrendChart, type TTrendSeries } from './trend-chart.tsx';
import type { TMarker } from './trend-geometry.ts';

/**
 * Each subject's line: a colour that reads on the light and the dark page alike (3:1 at least
 * against both) and a marker of its own, so no line is told apart by its colour alone. After
 * the sixth subject the looks repeat with a dashed line.
 */
const LOOKS: readonly { colour: string; marker: TMarker }[] = [
  { colour: '#3b82f6', marker: 'circle' },
  { colour: '#ea580c', marker: 'square' },
  { colour: '#059669', marker: 'triangle' },
  { colour: '#c026d3', marker: 'diamond' },
  { colour: '#b45309', marker: 'star' },
  { colour: '#0e7490', marker: 'cross' },
];

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
  const title = t('subjects.title');
  const description = t('subjects.description');
  const share = (value: number | null) => (value === null ? null : formatShare(value, lng));
  const valuesOf = (points: TSubject['points']) => months.map((month) => valueIn(points, month));

  const series: TTrendSeries[] = [
    ...subjects.map((subject, index) => {
      const look = LOOKS[index % LOOKS.length]!;
      return {
        key: `s${index}`,
        name: <SchoolText en={subject.name} ar={subject.nameAr} />,
        colour: look.colour,
        marker: look.marker,
        values: valuesOf(subject.points),
        ...(index >= LOOKS.length ? { dash: '6 3' } : {}),
      };
    }),
    {
      key: 'overall',
      name: t('subjects.overall'),
      colour: 'currentColor',
      marker: 'wye',
      values: valuesOf(overall),
      lineWidth: 3,
      dash: '8 4',
    },
  ];

  const table = (
    <TrendTable
      caption={title}
      columns={series.map((line) => line.name)}
      rows={months.map((month, rowIndex) => ({
        month,
        label: longMonth(month, lng),
        cells: series.map((line) => share(line.values[rowIndex] ?? null)),
      }))}
    />
  );

  return (
    <InsightsChartFrame
      title={title}
      description={description}
      chart={
        <TrendChart title={title} description={description} months={months} kind="lines" series={series} />
      }
      table={table}
    />
  );
}
