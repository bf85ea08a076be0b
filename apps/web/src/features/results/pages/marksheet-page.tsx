import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet } from 'lucide-react';
import {
  ChildModulePage,
  type TChildModulePageProps,
  type TPageChild,
} from '../../../components/module/child-module-page.tsx';
import { schoolText } from '../../../components/module/school-text.tsx';
import { useGetMarksheetQuery } from '../api.ts';
import { MarksheetTable, MarksheetTotal } from '../components/marksheet-table.tsx';
import { MarksheetSkeleton } from '../components/results-skeleton.tsx';
import { TermResults } from '../components/term-results.tsx';

type TMarksheetPageProps = Omit<TChildModulePageProps, 'children' | 'noChildMessage'>;

/**
 * `/assessment-marksheet`: the child's results of the term by subject (each subject with its
 * own assessments, its total and grade), the overall total over released results, and the legend.
 */
export function MarksheetPage(props: TMarksheetPageProps) {
  const { t } = useTranslation('results');
  return (
    <ChildModulePage {...props} noChildMessage={t('marksheet.noChild')}>
      {(child) => <Marksheet child={child} />}
    </ChildModulePage>
  );
}

function Marksheet({ child }: { child: TPageChild }) {
  const { t, i18n } = useTranslation('results');
  const [term, setTerm] = useState<string>();
  const query = useGetMarksheetQuery({ enrollNumber: child.enrollNumber, term });
  return (
    <TermResults
      query={query}
      chosenTerm={term}
      onTermChange={setTerm}
      skeleton={<MarksheetSkeleton />}
      isEmpty={(answer) => answer.subjects.length === 0}
      section="marksheet"
      emptyIcon={Sheet}
      legendPlacement="below"
    >
      {(answer) => {
        const termTitle = answer.term
          ? schoolText(answer.term.title, answer.term.titleAr, i18n.language).text
          : '';
        return (
          <div className="space-y-4">
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-violet-200 bg-violet-50 px-4 py-3 text-slate-900 dark:border-violet-900 dark:bg-violet-950/40 dark:text-white">
              <h2 className="font-semibold">{t('marksheet.overall')}</h2>
              <MarksheetTotal total={answer.total} />
              <p className="basis-full text-sm text-slate-600 dark:text-slate-300">
                {t('marksheet.releasedOnly')}
              </p>
            </div>
            <MarksheetTable
              caption={t('marksheet.caption', { child: child.name, term: termTitle })}
              subjects={answer.subjects}
            />
          </div>
        );
      }}
    </TermResults>
  );
}
