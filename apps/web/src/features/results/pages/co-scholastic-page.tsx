import { AssessmentListPage, type TAssessmentListPageProps } from './assessment-list-page.tsx';

/**
 * `/coScholastic-marks`: the child's activity and skill grades of the term (grades, no marks),
 * each with what it means, and the legend of the school's scales.
 */
export const CoScholasticPage = (props: TAssessmentListPageProps) => (
  <AssessmentListPage list="coScholastic" {...props} />
);
