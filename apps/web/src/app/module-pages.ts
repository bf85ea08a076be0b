import type { ComponentType } from 'react';
import type { TMenuEntry } from '@portal/contracts/menu';
import type { TViewModule } from './lazy-view.ts';
import type { TModulePageProps } from './module-route.tsx';

/** A module's route: the one module route and the module's page, each loaded when first opened. */
function moduleRoute(load: () => Promise<ComponentType<TModulePageProps>>): () => Promise<TViewModule> {
  return async () => {
    const [{ routeOfPage }, Page] = await Promise.all([import('./module-route.tsx'), load()]);
    return routeOfPage(Page);
  };
}

/** The modules that have their own pages, by menu key; each page is its own lazily loaded chunk. */
const modulePages: Partial<Record<string, () => Promise<TViewModule>>> = {
  feePayment: moduleRoute(() =>
    import('../features/fees/pages/fee-payment-page.tsx').then((m) => m.FeePaymentPage),
  ),
  feePaymentAbqis: moduleRoute(() =>
    import('../features/fees/pages/fee-payment-page.tsx').then((m) => m.FeePaymentPage),
  ),
  feeInvoices: moduleRoute(() =>
    import('../features/fees/pages/invoices-page.tsx').then((m) => m.TaxInvoicesPage),
  ),
  proformaInvoice: moduleRoute(() =>
    import('../features/fees/pages/invoices-page.tsx').then((m) => m.ProformaInvoicesPage),
  ),
  paymentLink: moduleRoute(() =>
    import('../features/fees/pages/payment-links-page.tsx').then((m) => m.PaymentLinksPage),
  ),
  topUp: moduleRoute(() => import('../features/fees/pages/top-up-page.tsx').then((m) => m.TopUpPage)),
  storeInvoice: moduleRoute(() =>
    import('../features/fees/pages/store-invoices-page.tsx').then((m) => m.StoreInvoicesPage),
  ),
  attendance: moduleRoute(() =>
    import('../features/schedule/pages/attendance-page.tsx').then((m) => m.AttendancePage),
  ),
  timetable: moduleRoute(() =>
    import('../features/schedule/pages/timetable-page.tsx').then((m) => m.TimetablePage),
  ),
  academicCalendar: moduleRoute(() =>
    import('../features/schedule/pages/academic-calendar-page.tsx').then((m) => m.AcademicCalendarPage),
  ),
  agenda: moduleRoute(() => import('../features/schedule/pages/agenda-page.tsx').then((m) => m.AgendaPage)),
  teachers: moduleRoute(() =>
    import('../features/schedule/pages/teachers-page.tsx').then((m) => m.TeachersPage),
  ),
  meritDemerit: moduleRoute(() =>
    import('../features/care/pages/care-pages.tsx').then((m) => m.MeritDemeritPage),
  ),
  incidents: moduleRoute(() => import('../features/care/pages/care-pages.tsx').then((m) => m.IncidentsPage)),
  medical: moduleRoute(() => import('../features/care/pages/care-pages.tsx').then((m) => m.MedicalPage)),
  counselling: moduleRoute(() =>
    import('../features/care/pages/care-pages.tsx').then((m) => m.CounsellingPage),
  ),
  wellbeing: moduleRoute(() => import('../features/care/pages/care-pages.tsx').then((m) => m.WellbeingPage)),
  goalSetting: moduleRoute(() =>
    import('../features/care/pages/care-pages.tsx').then((m) => m.GoalSettingPage),
  ),
  improvement: moduleRoute(() =>
    import('../features/care/pages/care-pages.tsx').then((m) => m.ImprovementPage),
  ),
  portfolio: moduleRoute(() => import('../features/care/pages/care-pages.tsx').then((m) => m.PortfolioPage)),
  gntPortfolio: moduleRoute(() =>
    import('../features/care/pages/care-pages.tsx').then((m) => m.GntPortfolioPage),
  ),
  assignments: moduleRoute(() =>
    import('../features/results/pages/assignments-page.tsx').then((m) => m.AssignmentsPage),
  ),
  assessmentMarks: moduleRoute(() =>
    import('../features/results/pages/assessment-marks-page.tsx').then((m) => m.AssessmentMarksPage),
  ),
  assessmentMarksheet: moduleRoute(() =>
    import('../features/results/pages/marksheet-page.tsx').then((m) => m.MarksheetPage),
  ),
  coScholasticMarks: moduleRoute(() =>
    import('../features/results/pages/co-scholastic-page.tsx').then((m) => m.CoScholasticPage),
  ),
  mojoInsights: moduleRoute(() =>
    import('../features/results/pages/insights-page.tsx').then((m) => m.InsightsPage),
  ),
  reportCard: moduleRoute(() =>
    import('../features/results/pages/report-cards-page.tsx').then((m) => m.ReportCardsPage),
  ),
  circulars: moduleRoute(() =>
    import('../features/publications/pages/circulars-page.tsx').then((m) => m.CircularsPage),
  ),
  circularRepository: moduleRoute(() =>
    import('../features/publications/pages/circular-library-page.tsx').then((m) => m.CircularLibraryPage),
  ),
  schoolPolicies: moduleRoute(() =>
    import('../features/publications/pages/policies-page.tsx').then((m) => m.PoliciesPage),
  ),
  examMaterial: moduleRoute(() =>
    import('../features/publications/pages/exam-material-page.tsx').then((m) => m.ExamMaterialPage),
  ),
  news: moduleRoute(() => import('../features/news/pages/news-page.tsx').then((m) => m.NewsPage)),
  gallery: moduleRoute(() => import('../features/news/pages/gallery-page.tsx').then((m) => m.GalleryPage)),
  ambassador: moduleRoute(() =>
    import('../features/news/pages/ambassador-page.tsx').then((m) => m.AmbassadorPage),
  ),
  communication: moduleRoute(() =>
    import('../features/communication/pages/messages-page.tsx').then((m) => m.MessagesPage),
  ),
  survey: moduleRoute(() => import('../features/surveys/pages/survey-page.tsx').then((m) => m.SurveyPage)),
  trips: moduleRoute(() => import('../features/trips/pages/trips-page.tsx').then((m) => m.TripsPage)),
  appointments: moduleRoute(() =>
    import('../features/appointments/pages/appointments-page.tsx').then((m) => m.AppointmentsPage),
  ),
  email: moduleRoute(() =>
    import('../features/communication/pages/email-archive-page.tsx').then((m) => m.EmailArchivePage),
  ),
  notifications: moduleRoute(() =>
    import('../features/inbox/pages/notifications-page.tsx').then((m) => m.NotificationsPage),
  ),
  exitSlips: moduleRoute(() =>
    import('../features/requests/pages/exit-slips-page.tsx').then((m) => m.ExitSlipsPage),
  ),
  studentLeave: moduleRoute(() =>
    import('../features/requests/pages/leave-page.tsx').then((m) => m.LeavePage),
  ),
  requisitions: moduleRoute(() =>
    import('./routes/requests/requisitions.tsx').then((m) => m.RequisitionsRoute),
  ),
  happyToHelp: moduleRoute(() =>
    import('../features/requests/pages/helpdesk-page.tsx').then((m) => m.HelpdeskPage),
  ),
  photocopyForm: moduleRoute(() =>
    import('../features/requests/pages/photocopy-page.tsx').then((m) => m.PhotocopyPage),
  ),
  uploads: moduleRoute(() =>
    import('../features/requests/pages/uploads-page.tsx').then((m) => m.UploadsPage),
  ),
  moodle: moduleRoute(() =>
    import('../features/links/pages/outside-link-page.tsx').then((m) => m.MoodlePage),
  ),
  digital: moduleRoute(() =>
    import('../features/links/pages/outside-link-page.tsx').then((m) => m.DigitalPage),
  ),
  facebook: moduleRoute(() =>
    import('../features/links/pages/outside-link-page.tsx').then((m) => m.FacebookPage),
  ),
  instagram: moduleRoute(() =>
    import('../features/links/pages/outside-link-page.tsx').then((m) => m.InstagramPage),
  ),
  transport: moduleRoute(() =>
    import('../features/identity/pages/transport-page.tsx').then((m) => m.TransportPage),
  ),
  studentId: moduleRoute(() =>
    import('../features/identity/pages/student-id-page.tsx').then((m) => m.StudentIdPage),
  ),
  parentProfile: moduleRoute(() =>
    import('../features/identity/pages/parent-profile-page.tsx').then((m) => m.ParentProfilePage),
  ),
  studentProfile: moduleRoute(() =>
    import('../features/identity/pages/student-profile-page.tsx').then((m) => m.StudentProfilePage),
  ),
  studentProfileAsian: moduleRoute(() =>
    import('../features/identity/pages/student-profile-page.tsx').then((m) => m.StudentProfileAsianPage),
  ),
  kyc: moduleRoute(() => import('../features/identity/pages/kyc-page.tsx').then((m) => m.KycPage)),
};

/** The translation namespaces a module's page speaks from, beside the shared `module` one. */
export const modulePageNamespaces: Partial<Record<string, readonly string[]>> = {
  attendance: ['schedule'],
  timetable: ['schedule'],
  academicCalendar: ['schedule'],
  agenda: ['schedule'],
  teachers: ['schedule'],
  meritDemerit: ['care', 'kits'],
  incidents: ['care', 'kits'],
  medical: ['care', 'kits'],
  counselling: ['care', 'kits'],
  wellbeing: ['care', 'kits'],
  goalSetting: ['care', 'kits'],
  improvement: ['care', 'kits'],
  portfolio: ['care', 'kits'],
  gntPortfolio: ['care', 'kits'],
  assignments: ['results', 'kits'],
  assessmentMarks: ['results', 'kits'],
  assessmentMarksheet: ['results'],
  coScholasticMarks: ['results', 'kits'],
  mojoInsights: ['insights'],
  reportCard: ['reportCards'],
  circulars: ['circulars', 'kits'],
  circularRepository: ['circulars', 'kits'],
  schoolPolicies: ['circulars', 'kits'],
  examMaterial: ['circulars', 'kits'],
  news: ['news'],
  gallery: ['news'],
  ambassador: ['news', 'kits'],
  communication: ['communication', 'kits'],
  survey: ['surveys'],
  trips: ['trips'],
  appointments: ['appointments'],
  email: ['communication', 'kits'],
  notifications: ['inbox'],
  exitSlips: ['exitSlips', 'kits'],
  studentLeave: ['leave', 'requisitions', 'kits'],
  requisitions: ['requisitions', 'photocopy', 'kits'],
  happyToHelp: ['helpdesk', 'requisitions', 'kits'],
  photocopyForm: ['photocopy', 'requisitions', 'kits'],
  uploads: ['uploads', 'requisitions', 'kits'],
  moodle: ['links'],
  digital: ['links'],
  facebook: ['links'],
  instagram: ['links'],
  transport: ['identity', 'kits'],
  studentId: ['identity'],
  parentProfile: ['profiles', 'kits'],
  studentProfile: ['profiles', 'kits'],
  studentProfileAsian: ['profiles', 'kits'],
  kyc: ['kyc', 'kits'],
};

/** A module's page; every menu entry but Home has one (a test holds it). */
export function modulePageOf(entry: TMenuEntry): () => Promise<TViewModule> {
  const page = modulePages[entry.key];
  if (!page) throw new Error(`The module "${entry.key}" has no page`);
  return page;
}
