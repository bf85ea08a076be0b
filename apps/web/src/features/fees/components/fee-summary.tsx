import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarClock, CircleAlert, CircleCheck, Clock } from 'lucide-react';
import type { TFeeSummary } from '@portal/contracts/fees';
import { appConfig } from '../../../config/app-config.ts';
import { cx } from '../../../lib/class-names.ts';
import { formatDate } from '../../../lib/dates.ts';
import { formatMoney } from '../../../lib/money-format.ts';

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

/**
 * What the child's family still owes in all (this year's lines and earlier years'), said
 * first and large, with a way to choose all of it for payment; or that everything is paid.
 */
function TotalOwed({
  totalMinor,
  earlierMinor,
  currency,
  onPayAll,
}: {
  totalMinor: number;
  earlierMinor: number;
  currency: string;
  onPayAll?: () => void;
}) {
  const { t, i18n } = useTranslation('fees');
  const money = (minor: number) => formatMoney(minor, currency, i18n.language);
  if (totalMinor === 0) {
    return (
      <p className="flex items-center gap-3 rounded-3xl border border-emerald-200 bg-emerald-50 p-5 font-semibold text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100">
        <CircleCheck aria-hidden="true" className="size-6 shrink-0" />
        {t('summary.allPaid')}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4 rounded-3xl bg-purple-700 p-5 text-white shadow-sm sm:flex-row sm:items-center sm:justify-between dark:bg-purple-950 dark:ring-1 dark:ring-purple-800">
      <div>
        <p className="text-sm font-medium text-purple-100">{t('summary.totalOwed')}</p>
        <p className="mt-1 text-3xl font-bold tabular-nums">{money(totalMinor)}</p>
        {earlierMinor > 0 ? (
          <p className="mt-1 text-sm text-purple-100">
            {t('summary.includesEarlier', { amount: money(earlierMinor) })}
          </p>
        ) : null}
      </div>
      {onPayAll ? (
        <button
          type="button"
          onClick={onPayAll}
          className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-xl bg-white px-5 text-sm font-semibold text-purple-800 shadow-sm hover:bg-purple-50 focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-purple-700 focus-visible:outline-none dark:bg-purple-200 dark:text-purple-950 dark:hover:bg-purple-100 dark:focus-visible:ring-offset-purple-950"
        >
          {t('summary.payAll')}
        </button>
      ) : null}
    </div>
  );
}

interface TFeeSummaryProps {
  summary: TFeeSummary;
  currency: string;
  /** Chooses every line still owed and moves to the pay step. */
  onPayAll?: () => void;
}

/**
 * A child's fees at a glance: the total still owed (earlier years' arrears included), then
 * what of it is overdue and due, what was paid this year, and the next due date with its
 * amount. The server's summary counts every line listed, so "Overdue" is the sum of the lines
 * marked overdue, arrears included.
 */
export function FeeSummary({ summary, currency, onPayAll }: TFeeSummaryProps) {
  const { t, i18n } = useTranslation('fees');
  const lng = i18n.language;
  const money = (minor: number) => formatMoney(minor, currency, lng);
  return (
    <section aria-labelledby="fee-summary-title" className="space-y-3">
      <h2 id="fee-summary-title" className="sr-only">
        {t('summary.title')}
      </h2>
      <TotalOwed
        totalMinor={summary.overdueMinor + summary.dueMinor}
        earlierMinor={summary.earlierMinor}
        currency={currency}
        onPayAll={onPayAll}
      />
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
