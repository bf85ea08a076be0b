import { CalendarRange } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TChild, TCurrentYear, TParent } from '@portal/contracts/auth';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ChildrenCards } from '../components/children-cards.tsx';
import { SelectedChildSummary } from '../components/selected-child-summary.tsx';

interface TDashboardPageProps {
  parent: TParent | null;
  childList: readonly TChild[];
  selectedChild: TChild | null;
  currentYear: TCurrentYear | null;
  onSelectChild: (enrollNumber: string) => void;
}

/** The home screen: a greeting, the academic year, one card per child and the selected child. */
export function DashboardPage({
  parent,
  childList,
  selectedChild,
  currentYear,
  onSelectChild,
}: TDashboardPageProps) {
  const { t } = useTranslation(['dashboard', 'common']);
  useDocumentTitle(t('title'), t('common:appName'));
  const firstName = parent?.parentName.trim().split(/\s+/)[0] ?? '';
  return (
    <div className="space-y-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            {firstName ? t('greeting', { name: firstName }) : t('greetingAnonymous')}
          </h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{t('intro')}</p>
        </div>
        {currentYear ? (
          <p className="inline-flex w-fit items-center gap-2 rounded-full bg-purple-100 px-4 py-2 text-sm font-semibold text-purple-800 dark:bg-purple-900/50 dark:text-purple-100">
            <CalendarRange aria-hidden="true" className="size-4" />
            <span>
              {t('academicYear', {
                year: currentYear.sims_academic_year_description || currentYear.sims_academic_year,
              })}
            </span>
          </p>
        ) : null}
      </div>

      <section aria-labelledby="children-title" className="space-y-4">
        <div>
          <h2 id="children-title" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t('children.title')}
          </h2>
          {childList.length > 1 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">{t('children.hint')}</p>
          ) : null}
        </div>
        <ChildrenCards
          childList={childList}
          selectedEnrollNumber={selectedChild?.sims_student_enroll_number ?? null}
          onSelect={onSelectChild}
          labelledBy="children-title"
        />
      </section>

      {selectedChild ? <SelectedChildSummary child={selectedChild} /> : null}
    </div>
  );
}
