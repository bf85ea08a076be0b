import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TChild } from '@portal/contracts/auth';
import { gradeName, sectionName } from '../../../lib/local-names.ts';
import { ChildAvatar } from './child-avatar.tsx';

/**
 * The selected child's details: what the modules will show information for. `action` is what
 * the parent can do about the child here (change the photo).
 */
export function SelectedChildSummary({ child, action }: { child: TChild; action?: ReactNode }) {
  const { t, i18n } = useTranslation('dashboard');
  const name = child.sims_student_full_name;
  // The school's status word, in the parent's language when it is one we know.
  const statusLabel = (status: string) =>
    status ? t(`summary.statuses.${status}`, { defaultValue: status }) : '';
  const rows: [string, string][] = [
    [t('summary.grade'), gradeName(child, i18n.language)],
    [t('summary.section'), sectionName(child, i18n.language)],
    [t('summary.enrolment'), child.sims_student_enroll_number],
    [t('summary.status'), statusLabel(child.sims_student_academic_status)],
  ];
  return (
    <div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <ChildAvatar
          src={child.sims_student_img}
          name={name}
          alt={t('children.photoAlt', { name })}
          className="size-20"
        />
        <p className="min-w-0 flex-1 basis-40 text-xl font-bold break-words text-slate-900 dark:text-white">
          {name}
        </p>
        {action ? <div className="w-full sm:w-auto">{action}</div> : null}
      </div>
      <dl className="mt-5 grid grid-cols-2 gap-x-4 gap-y-4 border-t border-slate-100 pt-5 sm:grid-cols-4 dark:border-slate-800">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
              {label}
            </dt>
            <dd className="mt-1 truncate text-sm font-semibold text-slate-900 tabular-nums dark:text-slate-100">
              {value || '—'}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
