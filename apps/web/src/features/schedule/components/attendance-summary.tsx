import { useTranslation } from 'react-i18next';
import type { TAttendanceMonth } from '@portal/contracts/families/schedule';
import { formatNumber } from '../../../lib/numbers.ts';
import { DayStatusIcon } from './day-status.tsx';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';

const COUNTS = ['present', 'absent', 'late', 'excused'] as const;

const tile = 'rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900';

/** The month's attendance rate and its counts; their shape while they load. */
export function AttendanceSummary({ summary }: { summary: TAttendanceMonth['summary'] | undefined }) {
  const { t, i18n } = useTranslation('schedule');
  const lng = i18n.language;
  if (!summary) {
    return (
      <Skeleton className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {[0, 1, 2, 3, 4].map((index) => (
          <div key={index} className={tile}>
            <Bone className="h-3 w-16" />
            <Bone className="mt-3 h-7 w-12" />
          </div>
        ))}
      </Skeleton>
    );
  }
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
      <div className={`${tile} col-span-2 sm:col-span-1`}>
        <dt className="text-sm text-slate-600 dark:text-slate-300">{t('attendance.rate')}</dt>
        <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums dark:text-white">
          {summary.rate === null
            ? t('attendance.noRate')
            : formatNumber(summary.rate, lng, { style: 'percent', maximumFractionDigits: 1 })}
        </dd>
      </div>
      {COUNTS.map((status) => (
        <div key={status} className={tile}>
          <dt className="flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-300">
            <DayStatusIcon status={status} />
            {t(`count.${status}`)}
          </dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums dark:text-white">
            {formatNumber(summary[status], lng)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
