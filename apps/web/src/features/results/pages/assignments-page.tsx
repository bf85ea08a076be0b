import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BookOpenCheck } from 'lucide-react';
import type { TAssignment } from '@portal/contracts/families/results';
import {
  ChildModulePage,
  type TChildModulePageProps,
  type TPageChild,
} from '../../../components/module/child-module-page.tsx';
import { schoolText } from '../../../components/module/school-text.tsx';
import { RecordList, type TRecordSummary } from '../../../kits/records/record-list.tsx';
import { useGetAssignmentsQuery } from '../api.ts';
import { AssignmentStateChip } from '../components/assignment-state.tsx';
import { NotReleased } from '../components/result-grade.tsx';
import { ResultValue } from '../components/result-value.tsx';
import { ResultListSkeleton } from '../components/results-skeleton.tsx';
import { SubjectChip } from '../components/subject-chip.tsx';
import { TermResults } from '../components/term-results.tsx';

type TAssignmentsPageProps = Omit<TChildModulePageProps, 'children' | 'noChildMessage'>;

/**
 * `/assignment`: the term's assignments of the child by due date, each with its state (due,
 * late, handed in, graded) and its grade once the school releases it.
 */
export function AssignmentsPage(props: TAssignmentsPageProps) {
  const { t } = useTranslation('results');
  return (
    <ChildModulePage {...props} noChildMessage={t('assignments.noChild')}>
      {(child) => <Assignments child={child} />}
    </ChildModulePage>
  );
}

/** Soonest due first; those without a due day last. */
const byDueDay = (a: TAssignment, b: TAssignment) =>
  (a.dueOn ?? '9999-12-31').localeCompare(b.dueOn ?? '9999-12-31');

/**
 * What the record list shows of an assignment. Its state shows whether or not the grade is
 * released (the state is no result), so the list's own gate is not used: the body says
 * "Not released yet" instead of the grade.
 */
function describeAssignment(item: TAssignment, lng: string): TRecordSummary {
  const title = schoolText(item.title, item.titleAr, lng);
  return {
    id: item.id,
    title: title.text,
    titleLang: title.lang,
    date: item.dueOn,
    badges: (
      <>
        <AssignmentStateChip state={item.state} />
        <SubjectChip en={item.subject} ar={item.subjectAr} />
      </>
    ),
  };
}

function AssignmentBody({ item }: { item: TAssignment }) {
  const { t } = useTranslation('results');
  return (
    <div className="flex flex-wrap items-start gap-x-2 gap-y-1">
      <span className="pt-0.5 text-xs font-medium text-slate-600 dark:text-slate-400">
        {t('assignments.grade')}
      </span>
      {item.released ? <ResultValue result={item.result} /> : <NotReleased />}
    </div>
  );
}

function Assignments({ child }: { child: TPageChild }) {
  const { t, i18n } = useTranslation('results');
  const [term, setTerm] = useState<string>();
  const query = useGetAssignmentsQuery({ enrollNumber: child.enrollNumber, term });
  const items = query.currentData?.items;
  const sorted = useMemo(() => (items ? [...items].sort(byDueDay) : []), [items]);
  const label = t('assignments.list', { child: child.name });
  return (
    <TermResults
      query={query}
      chosenTerm={term}
      onTermChange={setTerm}
      skeleton={<ResultListSkeleton label={label} />}
      isEmpty={(answer) => answer.items.length === 0}
      section="assignments"
      emptyIcon={BookOpenCheck}
    >
      {() => (
        <RecordList
          label={label}
          items={sorted}
          describe={(item) => describeAssignment(item, i18n.language)}
          renderBody={(item) => <AssignmentBody item={item} />}
          emptyMessage={t('assignments.emptyBody')}
          headingLevel="h2"
        />
      )}
    </TermResults>
  );
}
