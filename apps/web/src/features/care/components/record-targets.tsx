import { useTranslation } from 'react-i18next';
import { Circle, CircleCheck, CircleDashed, type LucideIcon } from 'lucide-react';
import type { TCareRecord } from '@portal/contracts/families/care';
import { SchoolText } from '../../../components/module/school-text.tsx';
import { cx } from '../../../lib/class-names.ts';
import { formatDay } from '../../../lib/dates.ts';
import { formatNumber } from '../../../lib/numbers.ts';

type TTargetStatus = TCareRecord['targets'][number]['status'];

const statusLook: Record<TTargetStatus, { icon: LucideIcon; tone: string }> = {
  notStarted: { icon: Circle, tone: 'text-slate-600 dark:text-slate-300' },
  inProgress: { icon: CircleDashed, tone: 'text-sky-700 dark:text-sky-300' },
  met: { icon: CircleCheck, tone: 'text-emerald-700 dark:text-emerald-300' },
};

/** The targets of a goal or plan: each with how far along it is (icon and words) and when it is due. */
export function RecordTargets({ targets }: { targets: TCareRecord['targets'] }) {
  const { t, i18n } = useTranslation('care');
  if (targets.length === 0) return null;
  const met = targets.filter((target) => target.status === 'met').length;
  return (
    <section className="space-y-2">
      <h4 className="text-sm font-semibold text-slate-900 dark:text-white">
        {t('targets.title', {
          met: formatNumber(met, i18n.language),
          total: formatNumber(targets.length, i18n.language),
        })}
      </h4>
      {/* Narrower than 28rem, a target's title takes its own line, its due date and status below it. */}
      <ul className="@container divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {targets.map((target, index) => {
          const { icon: Icon, tone } = statusLook[target.status];
          return (
            <li key={index} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
              <span className="min-w-0 basis-full [overflow-wrap:anywhere] text-slate-800 @md:flex-1 @md:basis-0 dark:text-slate-100">
                <SchoolText en={target.title} ar={target.titleAr} />
              </span>
              {target.dueOn ? (
                <span className="text-xs whitespace-nowrap text-slate-600 dark:text-slate-400">
                  {t('targets.due', {
                    date: formatDay(target.dueOn, i18n.language, {
                      day: 'numeric',
                      month: 'short',
                      year: 'numeric',
                    }),
                  })}
                </span>
              ) : null}
              <span
                data-status={target.status}
                className={cx('inline-flex items-center gap-1 text-xs font-semibold whitespace-nowrap', tone)}
              >
                <Icon aria-hidden="true" className="size-4 shrink-0" />
                {t(`targets.status.${target.status}`)}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
