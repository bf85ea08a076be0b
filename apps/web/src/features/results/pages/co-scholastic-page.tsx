import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Medal } from 'lucide-react';
import {
  ChildModulePage,
  type TChildModulePageProps,
  type TPageChild,
} from '../../../components/module/child-module-page.tsx';
import { RecordList } from '../../../kits/records/record-list.tsx';
import { useGetCoScholasticQuery } from '../api.ts';
import { describeAssessment } from '../components/describe-assessment.tsx';
import { ResultValue } from '../components/result-value.tsx';
import { ResultListSkeleton } from '../components/results-skeleton.tsx';
import { TermResults } from '../components/term-results.tsx';

type TCoScholasticPageProps = Omit<TChildModulePageProps, 'children' | 'noChildMessage'>;

/**
 * `/coScholastic-marks`: the child's activity and skill grades of the term (grades, no marks),
 * each with what it means, and the legend of the school's scales.
 */
export function CoScholasticPage(props: TCoScholasticPageProps) {
  const { t } = useTranslation('results');
  return (
    <ChildModulePage {...props} noChildMessage={t('coScholastic.noChild')}>
      {(child) => <CoScholasticGrades child={child} />}
    </ChildModulePage>
  );
}

function CoScholasticGrades({ child }: { child: TPageChild }) {
  const { t, i18n } = useTranslation('results');
  const [term, setTerm] = useState<string>();
  const query = useGetCoScholasticQuery({ enrollNumber: child.enrollNumber, term });
  const label = t('coScholastic.list', { child: child.name });
  return (
    <TermResults
      query={query}
      chosenTerm={term}
      onTermChange={setTerm}
      skeleton={<ResultListSkeleton label={label} />}
      isEmpty={(answer) => answer.items.length === 0}
      emptyTitle={(title) =>
        title ? t('coScholastic.empty', { term: title }) : t('coScholastic.emptyNoTerm')
      }
      emptyBody={t('coScholastic.emptyBody')}
      emptyIcon={Medal}
    >
      {(answer) => (
        <RecordList
          label={label}
          items={answer.items}
          describe={(item) => describeAssessment(item, i18n.language)}
          renderBody={(item) => <ResultValue result={item.result} />}
          emptyMessage={t('coScholastic.emptyBody')}
        />
      )}
    </TermResults>
  );
}
