import { useTranslation } from 'react-i18next';
import type { TCareSummary } from '@portal/contracts/families/care';
import { Bone } from '../../../components/ui/skeleton.tsx';
import { cx } from '../../../lib/class-names.ts';
import { formatDay } from '../../../lib/dates.ts';
import { formatNumber } from '../../../lib/numbers.ts';

/** A count a care page sums up above its records. */
export type TSummaryTile = 'balance' | 'merits' | 'demerits' | 'toAcknowledge' | 'open' | 'total' | 'latest';

const strip = 'grid grid-cols-2 gap-3 sm:grid-cols-4';
const tileBox =
  'rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-sm dark:border-slate-800 dark:bg-slate-900';

/** The page's counts at a glance: merit balance, what waits for the parent, open plans, the latest day. */
export function CareSummary({ summary, tiles }: { summary: TCareSummary; tiles: readonly TSummaryTile[] }) {
  const { t, i18n } = useTranslation('care');
  const lng = i18n.language;
  const number = (value: number, signed = false) =>
    formatNumber(value, lng, signed ? { signDisplay: 'exceptZero' } : undefined);
  const valueOf = (tile: TSummaryTile): string => {
    switch (tile) {
      case 'balance':
        return number(summary.balance, true);
      case 'latest':
        return summary.latestOn
          ? formatDay(summary.latestOn, lng, { day: 'numeric', month: 'short', year: 'numeric' })
          : t('summary.none');
      default:
        return number(summary[tile]);
    }
  };
  const toneOf = (tile: TSummaryTile) => {
    if (tile === 'toAcknowledge' && summary.toAcknowledge > 0) {
      return 'border-amber-300 bg-amber-50 dark:border-amber-700 dark:bg-amber-950/40';
    }
    if (tile === 'balance') {
      return summary.balance < 0
        ? 'border-red-200 bg-red-50 dark:border-red-900 dark:bg-red-950/40'
        : 'border-emerald-200 bg-emerald-50 dark:border-emerald-900 dark:bg-emerald-950/40';
    }
    return undefined;
  };
  return (
    <dl aria-label={t('summary.label')} className={strip}>
      {tiles.map((tile) => (
        <div key={tile} data-tile={tile} className={cx(tileBox, toneOf(tile))}>
          <dt className="text-xs font-medium text-slate-600 dark:text-slate-300">{t(`summary.${tile}`)}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums dark:text-white">
            {tile !== 'latest' ? (
              <bdi dir="ltr">{valueOf(tile)}</bdi>
            ) : summary.latestOn ? (
              <time dateTime={summary.latestOn} className="text-lg">
                {valueOf(tile)}
              </time>
            ) : (
              <span className="text-lg">{valueOf(tile)}</span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The summary strip's shape while the counts load. */
export function CareSummarySkeleton({ tiles }: { tiles: number }) {
  return (
    <div aria-hidden="true" className={cx(strip, 'animate-pulse motion-reduce:animate-none')}>
      {Array.from({ length: tiles }, (_, index) => (
        <div key={index} className={cx(tileBox, 'space-y-2')}>
          <Bone className="h-3 w-20" />
          <Bone className="h-7 w-12" />
        </div>
      ))}
    </div>
  );
}
