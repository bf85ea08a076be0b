import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClipboardCheck } from 'lucide-react';
import {
  ChildModulePage,
  type TChildModulePageProps,
  type TPageChild,
} from '../../../components/module/child-module-page.tsx';
import { RecordList } from '../../../kits/records/record-list.tsx';
import { useGetAssessmentsQuery } from '../api.ts';
import { describeAssessment } from '../components/describe-assessment.tsx';
import { ResultValue } from '../components/result-value.tsx';
import { ResultListSkeleton } from '../components/results-skeleton.tsx';
import { TermResults } from '../components/term-results.tsx';

type TAssessmentMarksPageProps = Omit<TChildModulePageProps, 'children' | 'noChildMessage'>;

/**
 * `/assessment-mark`: the term's assessments of the child. A released one shows its score out
 * of the maximum, percentage, grade and descriptor; one the school has not released says so and
 * shows no score. The legend of the school's scales stands beside (below on a phone).
 */
export function AssessmentMarksPage(props: TAssessmentMarksPageProps) {
  const { t } = useTranslation('results');
  return (
    <ChildModulePage {...props} noChildMessage={t('assessments.noChild')}>
      {(child) => <AssessmentMarks child={child} />}
    </ChildModulePage>
  );
}

function AssessmentMarks({ child }: { child: TPageChild }) {
  const { t, i18n } = useTranslation('results');
  const [term, setTerm] = useState<string>();
  const query = useGetAssessmentsQuery({ enrollNumber: child.enrollNumber, term });
  const label = t('assessments.list', { child: child.name });
  return (
    <TermResults
      query={query}
      chosenTerm={term}
      onTermChange={setTerm}
      skeleton={<ResultListSkeleton label={label} />}
      isEmpty={(answer) => answer.items.length === 0}
      emptyTitle={(title) => (title ? t('assessments.empty', { term: title }) : t('assessments.emptyNoTerm'))}
      emptyBody={t('emptyBody')}
      emptyIcon={ClipboardCheck}
    >
      {(answer) => (
        <RecordList
          label={label}
          items={answer.items}
          describe={(item) => describeAssessment(item, i18n.language)}
          renderBody={(item) => <ResultValue result={item.result} />}
          emptyMessage={t('emptyBody')}
        />
      )}
    </TermResults>
  );
}
