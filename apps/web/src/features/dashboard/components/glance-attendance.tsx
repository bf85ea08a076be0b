import { useTranslation } from 'react-i18next';
import type { THomeGlanceAttendance } from '@portal/contracts/home';
import { cx } from '../../../lib/class-names.ts';
import { formatNumber, formatPercent } from '../../../lib/numbers.ts';
import { GlanceEmpty } from './glance-part.tsx';

/** The counts shown, in the bar's order, each with its colour; excused days only when there are some. */
const STATUSES = [
  { status: 'present', color: 'bg-emerald-500 dark:bg-emerald-400' },
  { status: 'late', color: 'bg-amber-400 dark:bg-amber-300' },
  { status: 'absent', color: 'bg-red-500 dark:bg-red-400' },
  { status: 'excused', color: 'bg-sky-400 dark:bg-sky-300' },
] as const;

/** The month's attendance: the share attended, a bar of the days by status, and their counts. */
export function GlanceAttendance({ attendance }: { attendance: THomeGlanceAttendance }) {
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.language;
  const { summary } = attendance;
  const recorded = summary.present + summary.late + summary.absent + summary.excused;
  if (recorded === 0) return <GlanceEmpty>{t('glance.attendance.empty')}</GlanceEmpty>;
  const shown = STATUSES.filter(({ status }) => status !== 'excused' || summary.excused > 0);
  return (
    <div className="space-y-2">
      {summary.rate !== null ? (
        <p className="text-sm text-slate-700 dark:text-slate-200">
          {t('glance.attendance.rate', { rate: formatPercent(summary.rate, lng) })}
        </p>
      ) : null}
      {/* The counts below say what the bar shows. */}
      <div
        aria-hidden="true"
        className="flex h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
      >
        {shown.map(({ status, color }) =>
          summary[status] > 0 ? (
            <span
              key={status}
              className={cx('h-full', color)}
              style={{ width: `${(summary[status] / recorded) * 100}%` }}
            />
          ) : null,
        )}
      </div>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {shown.map(({ status, color }) => (
          <div key={status} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={cx('size-2.5 rounded-full', color)} />
            <dt className="text-slate-600 dark:text-slate-300">{t(`glance.attendance.${status}`)}</dt>
            <dd className="font-semibold text-slate-900 tabular-nums dark:text-white">
              {formatNumber(summary[status], lng)}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
