import type { TAssessment } from '@portal/contracts/families/results';
import { schoolText } from '../../../components/module/school-text.tsx';
import type { TRecordSummary } from '../../../kits/records/record-list.tsx';
import { SubjectChip } from './subject-chip.tsx';

/**
 * What the record list shows of an assessment: its title in the page's language, subject and
 * category, and its day. The list shows only the title of one the school has not released.
 */
export function describeAssessment(item: TAssessment, lng: string): TRecordSummary {
  const title = schoolText(item.title, item.titleAr, lng);
  return {
    id: item.id,
    title: title.text,
    titleLang: title.lang,
    date: item.result?.scoredOn ?? item.dueOn ?? item.assignedOn,
    badges: (
      <>
        <SubjectChip en={item.subject} ar={item.subjectAr} />
        <SubjectChip en={item.category} ar={item.categoryAr} />
      </>
    ),
    released: item.released,
    expectedOn: null,
  };
}
