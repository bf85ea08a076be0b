import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarClock, CircleAlert, CircleCheck, Clock } from 'lucide-react';
import type { TFeeSummary } from '@portal/contracts/fees';
import { appConfig } from '../../../config/app-config.ts';
import { cx } from '../../../lib/class-names.ts';
import { formatDate } from '../../../lib/dates.ts';
import { formatMoney } from '../money-format.ts';

function Figure({
  label,
  value,
  detail,
  icon,
  tone,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  icon: ReactNode;
  tone: 'bad' | 'warn' | 'good' | 'plain';
}) {
  return (
    <li
      className={cx(
        'flex flex-col items-start gap-2 rounded-2xl border p-3 sm:flex-row sm:gap-3 sm:p-4',
        tone === 'bad'
          ? 'border-red-200 bg-red-50 dark:border-red-900 dark:bg-red-950/40'
          : 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
      )}
    >
      <span
        className={cx(
          'inline-flex size-10 shrink-0 items-center justify-center rounded-xl',
          tone === 'bad' && 'bg-red-100 text-red-700 dark:bg-red-900/60 dark:text-red-200',
          tone === 'warn' && 'bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200',
          tone === 'good' && 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200',
          tone === 'plain' && 'bg-purple-100 text-purple-800 dark:bg-purple-900/50 dark:text-purple-200',
        )}
      >
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-sm text-slate-600 dark:text-slate-300">{label}</p>
        <p className="mt-0.5 text-base font-bold text-slate-900 tabular-nums sm:text-lg dark:text-white">
          {value}
        </p>
        {detail ? <p className="text-sm text-slate-600 dark:text-slate-300">{detail}</p> : null}
      </div>
    </li>
  );
}

/** A child's fees at a glance: overdue, due, paid, and the next due date with its amount. */
export function FeeSummary({ summary, currency }: { summary: TFeeSummary; currency: string }) {
  const { t, i18n } = useTranslation('fees');
  const lng = i18n.language;
  const money = (minor: number) => formatMoney(minor, currency, lng);
  return (
    <section aria-labelledby="fee-summary-title">
      <h2 id="fee-summary-title" className="sr-only">
        {t('summary.title')}
      </h2>
      <ul className="grid grid-cols-2 gap-3 xl:grid-cols-4">
        <Figure
          label={t('summary.overdue')}
          value={money(summary.overdueMinor)}
          tone={summary.overdueMinor > 0 ? 'bad' : 'good'}
          icon={<CircleAlert aria-hidden="true" className="size-5" />}
        />
        <Figure
          label={t('summary.due')}
          value={money(summary.dueMinor)}
          tone="warn"
          icon={<Clock aria-hidden="true" className="size-5" />}
        />
        <Figure
          label={t('summary.paid')}
          value={money(summary.paidMinor)}
          tone="good"
          icon={<CircleCheck aria-hidden="true" className="size-5" />}
        />
        <Figure
          label={t('summary.nextDue')}
          value={
            summary.nextDueOn ? (
              <time dateTime={summary.nextDueOn}>
                {formatDate(summary.nextDueOn, lng, appConfig.dateFormats.long)}
              </time>
            ) : (
              t('summary.nothingDue')
            )
          }
          detail={summary.nextDueOn ? money(summary.nextDueMinor) : undefined}
          tone="plain"
          icon={<CalendarClock aria-hidden="true" className="size-5" />}
        />
      </ul>
    </section>
  );
}
