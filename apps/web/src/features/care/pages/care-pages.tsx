import { CareRecordsPage, type TCarePageProps } from './care-records-page.tsx';

/** The nine care and conduct pages, one configurable page each (./care-views.tsx). */
export const MeritDemeritPage = (props: TCarePageProps) => (
  <CareRecordsPage module="meritDemerit" {...props} />
);
export const IncidentsPage = (props: TCarePageProps) => <CareRecordsPage module="incidents" {...props} />;
export const MedicalPage = (props: TCarePageProps) => <CareRecordsPage module="medical" {...props} />;
export const CounsellingPage = (props: TCarePageProps) => <CareRecordsPage module="counselling" {...props} />;
export const WellbeingPage = (props: TCarePageProps) => <CareRecordsPage module="wellbeing" {...props} />;
export const GoalSettingPage = (props: TCarePageProps) => <CareRecordsPage module="goalSetting" {...props} />;
export const ImprovementPage = (props: TCarePageProps) => <CareRecordsPage module="improvement" {...props} />;
export const PortfolioPage = (props: TCarePageProps) => <CareRecordsPage module="portfolio" {...props} />;
export const GntPortfolioPage = (props: TCarePageProps) => (
  <CareRecordsPage module="gntPortfolio" {...props} />
);
