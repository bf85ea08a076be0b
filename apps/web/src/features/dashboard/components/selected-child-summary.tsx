import { useTranslation } from 'react-i18next';
import type { TChild } from '@portal/contracts/auth';
import { ChildAvatar } from './child-avatar.tsx';

/** The selected child's details: what the modules will show information for. */
export function SelectedChildSummary({ child }: { child: TChild }) {
  const { t } = useTranslation('dashboard');
  const name = child.sims_student_full_name;
  const rows: [string, string][] = [
    [t('summary.grade'), child.sims_grade_name_en],
    [t('summary.section'), child.sims_section_name_en],
    [t('summary.enrolment'), child.sims_student_enroll_number],
    [t('summary.status'), child.sims_student_academic_status],
  ];
  return (
    <section
      aria-labelledby="selected-child-title"
      className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="selected-child-title" className="text-sm font-semibold text-purple-700 dark:text-purple-300">
        {t('summary.title')}
      </h2>
      <div className="mt-4 flex items-center gap-4">
        <ChildAvatar src={child.sims_student_img} name={name} alt="" className="size-14" />
        <p className="min-w-0 text-lg font-bold text-slate-900 dark:text-white">{name}</p>
      </div>
      <dl className="mt-5 grid grid-cols-2 gap-x-4 gap-y-4 sm:grid-cols-4">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">
              {label}
            </dt>
            <dd className="mt-1 truncate text-sm font-semibold text-slate-900 tabular-nums dark:text-slate-100">
              {value || '—'}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
