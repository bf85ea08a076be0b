import { useTranslation } from 'react-i18next';
import type { TooltipContentProps } from 'recharts';
import { formatShare, longMonth } from './insights-format.ts';

/** A chart's tooltip: the month, then each series' figure of that month, in light and dark themes. */
export function InsightsTooltip({ active, payload, label }: TooltipContentProps) {
  const { i18n } = useTranslation();
  if (!active || !payload || payload.length === 0) return null;
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-900 shadow-md dark:border-slate-700 dark:bg-slate-900 dark:text-white">
      <p className="font-semibold">{longMonth(String(label), i18n.language)}</p>
      <ul className="mt-1 space-y-0.5">
        {payload.map((entry) => (
          <li key={String(entry.dataKey)} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="size-2.5 rounded-full"
              style={{ backgroundColor: entry.color }}
            />
            <span>{entry.name}</span>
            <span className="ms-auto ps-3 font-medium tabular-nums">
              {typeof entry.value === 'number' ? formatShare(entry.value, i18n.language) : ''}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
