import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClipboardCheck, Medal } from 'lucide-react';
import {
  ChildModulePage,
  type TChildModulePageProps,
  type TPageChild,
} from '../../../components/module/child-module-page.tsx';
import { RecordList } from '../../../kits/records/record-list.tsx';
import { useGetAssessmentListQuery, type TAssessmentList } from '../api.ts';
import { describeAssessment } from '../components/describe-assessment.tsx';
import { ResultValue } from '../components/result-value.tsx';
import { ResultListSkeleton } from '../components/results-skeleton.tsx';
import { TermResults } from '../components/term-results.tsx';

export type TAssessmentListPageProps = Omit<TChildModulePageProps, 'children' | 'noChildMessage'>;

/** What a list shows while the term has nothing. */
const emptyIcons = { assessments: ClipboardCheck, coScholastic: Medal } as const;

/**
 * A term's list of the child's assessments or of its activity and skill grades: the two pages
 * (./assessment-marks-page.tsx, ./co-scholastic-page.tsx) read one answer and show it alike.
 */
export function AssessmentListPage({ list, ...props }: TAssessmentListPageProps & { list: TAssessmentList }) {
  const { t } = useTranslation('results');
  return (
    <ChildModulePage {...props} noChildMessage={t(`${list}.noChild`)}>
      {(child) => <AssessmentList list={list} child={child} />}
    </ChildModulePage>
  );
}

function AssessmentList({ list, child }: { list: TAssessmentList; child: TPageChild }) {
  const { t, i18n } = useTranslation('results');
  const [term, setTerm] = useState<string>();
  const query = useGetAssessmentListQuery({ list, enrollNumber: child.enrollNumber, term });
  const label = t(`${list}.list`, { child: child.name });
  return (
    <TermResults
      query={query}
      chosenTerm={term}
      onTermChange={setTerm}
      skeleton={<ResultListSkeleton label={label} />}
      isEmpty={(answer) => answer.items.length === 0}
      section={list}
      emptyIcon={emptyIcons[list]}
    >
      {(answer) => (
        <RecordList
          label={label}
          items={answer.items}
          describe={(item) => describeAssessment(item, i18n.language)}
          renderBody={(item) => <ResultValue result={item.result} />}
          emptyMessage={t(`${list}.emptyBody`)}
          headingLevel="h2"
        />
      )}
    </TermResults>
  );
}
