import { AssessmentListPage, type TAssessmentListPageProps } from './assessment-list-page.tsx';

/**
 * `/assessment-mark`: the term's assessments of the child. A released one shows its score out
 * of the maximum, percentage, grade and descriptor; one the school has not released says so and
 * shows no score. The legend of the school's scales stands beside (below on a phone).
 */
export const AssessmentMarksPage = (props: TAssessmentListPageProps) => (
  <AssessmentListPage list="assessments" {...props} />
);
