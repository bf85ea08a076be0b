import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartLine, Table2 } from 'lucide-react';
import { focusRing } from '../../../components/ui/button.tsx';
import { cx } from '../../../lib/class-names.ts';

type TView = 'chart' | 'table';

interface TInsightsChartFrameProps {
  title: string;
  description: string;
  /** The chart, drawn while the chart view is chosen. */
  chart: ReactNode;
  /** The same figures as a table: the alternative to the chart. */
  table: ReactNode;
}

/**
 * A trend's panel: its heading, what it shows, and a choice between the chart and a table of
 * the same figures (for screen readers, exact values, and printing).
 */
export function InsightsChartFrame({ title, description, chart, table }: TInsightsChartFrameProps) {
  const { t } = useTranslation('insights');
  const [view, setView] = useState<TView>('chart');
  const id = useId();
  const choices: { view: TView; label: string; Icon: typeof ChartLine }[] = [
    { view: 'chart', label: t('view.chart'), Icon: ChartLine },
    { view: 'table', label: t('view.table'), Icon: Table2 },
  ];
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 id={`${id}-title`} className="font-semibold text-slate-900 dark:text-white">
            {title}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">{description}</p>
        </div>
        <div
          role="group"
          aria-label={t('view.label', { title })}
          className="flex shrink-0 gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-800"
        >
          {choices.map(({ view: choice, label, Icon }) => (
            <button
              key={choice}
              type="button"
              aria-pressed={view === choice}
              onClick={() => setView(choice)}
              className={cx(
                'flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-medium',
                focusRing,
                view === choice
                  ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white'
                  : 'text-slate-700 hover:bg-white/60 dark:text-slate-200 dark:hover:bg-slate-700',
              )}
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </button>
          ))}
        </div>
      </div>
      {view === 'chart' ? (
        <div className="h-72 w-full text-slate-600 dark:text-slate-300">{chart}</div>
      ) : (
        <div className="overflow-x-auto">{table}</div>
      )}
    </section>
  );
}

/**
 * A table of a trend: a row per month, a column per series, the month's name heading each row;
 * a month without a figure says so.
 */
export function TrendTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: ReactNode[];
  rows: { month: string; label: string; cells: (string | null)[] }[];
}) {
  const { t } = useTranslation('insights');
  const cell = 'px-3 py-2 text-start';
  return (
    <table className="w-full text-sm text-slate-800 dark:text-slate-100">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-300">
          <th scope="col" className={cx(cell, 'font-medium')}>
            {t('table.month')}
          </th>
          {columns.map((column, index) => (
            <th key={index} scope="col" className={cx(cell, 'font-medium')}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.month} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
            <th scope="row" className={cx(cell, 'font-medium')}>
              <time dateTime={row.month}>{row.label}</time>
            </th>
            {row.cells.map((value, index) => (
              <td key={index} className={cx(cell, 'tabular-nums')}>
                {value ?? (
                  <>
                    <span aria-hidden="true">–</span>
                    <span className="sr-only">{t('table.none')}</span>
                  </>
                )}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
