import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BookOpenCheck } from 'lucide-react';
import { ChildModulePage, type TPageChild } from '../../../components/module/child-module-page.tsx';
import { EmptyState } from '../../../components/module/empty-state.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { schoolText } from '../../../components/module/school-text.tsx';
import { focusRing } from '../../../components/ui/button.tsx';
import { cx } from '../../../lib/class-names.ts';
import { useGetExamMaterialsQuery } from '../api.ts';
import { ExamMaterialList, ExamMaterialSkeleton, type TGrouping } from '../components/exam-material-list.tsx';
import { Segmented } from '../components/segmented.tsx';
import type { TPublicationPageProps } from './page-props.ts';

/**
 * `/exam-material-view`: the syllabi, revision packs and past papers of the child's grade, by
 * term, grouped by kind or by subject, each PDF downloaded for that child.
 */
export function ExamMaterialPage({ search: _search, family: _family, ...props }: TPublicationPageProps) {
  const { t } = useTranslation('circulars');
  return (
    <ChildModulePage {...props} noChildMessage={t('exam.noChild')}>
      {(child) => <ExamMaterials child={child} />}
    </ChildModulePage>
  );
}

const select = cx(
  'min-h-11 min-w-40 rounded-xl border border-slate-300 bg-white px-3 text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-white',
  focusRing,
);

function ExamMaterials({ child }: { child: TPageChild }) {
  const { t, i18n } = useTranslation('circulars');
  const termId = useId();
  const [term, setTerm] = useState<string | undefined>(undefined);
  const [grouping, setGrouping] = useState<TGrouping>('kind');
  const query = useGetExamMaterialsQuery({
    enrollNumber: child.enrollNumber,
    ...(term === undefined ? {} : { term }),
  });
  const answer = query.currentData;
  const terms = query.data?.terms ?? [];

  const body = () => {
    if (query.isError && !answer) {
      return <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />;
    }
    if (!answer) return <ExamMaterialSkeleton />;
    if (answer.items.length === 0) {
      return (
        <EmptyState icon={BookOpenCheck}>
          {term === undefined ? t('exam.empty', { name: child.name }) : t('exam.emptyTerm')}
        </EmptyState>
      );
    }
    return (
      <ExamMaterialList
        items={answer.items}
        grouping={grouping}
        terms={answer.terms}
        showTerm={term === undefined}
        enrollNumber={child.enrollNumber}
      />
    );
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <div className="flex items-center gap-2">
          <label htmlFor={termId} className="font-medium text-slate-800 dark:text-slate-100">
            {t('exam.term')}
          </label>
          <select
            id={termId}
            value={term ?? ''}
            onChange={(event) => setTerm(event.target.value === '' ? undefined : event.target.value)}
            className={select}
          >
            <option value="">{t('exam.allTerms')}</option>
            {terms.map((one) => {
              const name = schoolText(one.name, one.nameAr, i18n.language);
              return (
                <option key={one.id} value={one.id} lang={name.lang}>
                  {name.text}
                </option>
              );
            })}
          </select>
        </div>
        <Segmented
          legend={t('exam.groupBy')}
          options={[
            { value: 'kind', label: t('exam.byKind') },
            { value: 'subject', label: t('exam.bySubject') },
          ]}
          value={grouping}
          onChange={setGrouping}
        />
      </div>
      {body()}
    </div>
  );
}
