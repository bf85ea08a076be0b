import { useTranslation } from 'react-i18next';
import {
  CircleCheck,
  CircleDashed,
  CircleX,
  Clock,
  Coffee,
  FileCheck,
  TreePalm,
  type LucideIcon,
} from 'lucide-react';
import { DAY_STATUSES, type TDayStatus } from '@portal/contracts/families/schedule';
import { cx } from '../../../lib/class-names.ts';

/** How a day's attendance shows: an icon and a colour, always with its word beside or for screen readers. */
export const dayStatusLook: Record<TDayStatus, { icon: LucideIcon; cell: string; mark: string }> = {
  present: {
    icon: CircleCheck,
    cell: 'bg-emerald-50 dark:bg-emerald-950/40',
    mark: 'text-emerald-700 dark:text-emerald-300',
  },
  absent: {
    icon: CircleX,
    cell: 'bg-red-50 dark:bg-red-950/40',
    mark: 'text-red-700 dark:text-red-300',
  },
  late: {
    icon: Clock,
    cell: 'bg-amber-50 dark:bg-amber-950/40',
    mark: 'text-amber-800 dark:text-amber-300',
  },
  excused: {
    icon: FileCheck,
    cell: 'bg-sky-50 dark:bg-sky-950/40',
    mark: 'text-sky-700 dark:text-sky-300',
  },
  holiday: {
    icon: TreePalm,
    cell: 'bg-violet-50 dark:bg-violet-950/40',
    mark: 'text-violet-700 dark:text-violet-300',
  },
  weekend: {
    icon: Coffee,
    cell: 'bg-slate-100 dark:bg-slate-800/70',
    mark: 'text-slate-600 dark:text-slate-400',
  },
  none: { icon: CircleDashed, cell: '', mark: 'text-slate-500 dark:text-slate-400' },
};

/** A day's attendance mark: its icon in its colour. */
export function DayStatusIcon({ status, className }: { status: TDayStatus; className?: string }) {
  const { icon: Icon, mark } = dayStatusLook[status];
  return <Icon aria-hidden="true" className={cx('shrink-0', mark, className ?? 'size-4')} />;
}

/** What each mark of the month means: icon, colour and word. */
export function AttendanceLegend() {
  const { t } = useTranslation('schedule');
  return (
    <div>
      <h3 className="sr-only">{t('attendance.legend')}</h3>
      <ul className="flex flex-wrap gap-x-4 gap-y-2 text-xs text-slate-700 dark:text-slate-200">
        {DAY_STATUSES.map((status) => (
          <li key={status} className="flex items-center gap-1.5">
            <span
              className={cx(
                'inline-flex size-6 items-center justify-center rounded-md ring-1 ring-slate-200 ring-inset dark:ring-slate-700',
                dayStatusLook[status].cell,
              )}
            >
              <DayStatusIcon status={status} />
            </span>
            {t(`status.${status}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
