import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { TMenuEntry } from '@portal/contracts/menu';
import type { TModulePageProps } from './module-route.tsx';

/** A module's route: the one module route and the module's page, each loaded when first opened. */
function moduleRoute(load: () => Promise<ComponentType<TModulePageProps>>): NonNullable<RouteObject['lazy']> {
  return async () => {
    const [{ routeOfPage }, Page] = await Promise.all([import('./module-route.tsx'), load()]);
    return routeOfPage(Page);
  };
}

/** The modules that have their own pages, by menu key; each page is its own lazily loaded chunk. */
export const modulePages: Partial<Record<string, NonNullable<RouteObject['lazy']>>> = {
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
};

/** True when the module has its own page, not yet the "coming soon" module page. */
export const hasOwnPage = (entry: TMenuEntry): boolean => entry.key in modulePages;
