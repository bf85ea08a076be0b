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
};

/** The translation namespaces a module's page speaks from, beside the shared `module` one. */
export const modulePageNamespaces: Partial<Record<string, readonly string[]>> = {
  attendance: ['schedule'],
  timetable: ['schedule'],
  academicCalendar: ['schedule'],
  agenda: ['schedule'],
  teachers: ['schedule'],
};

/** True when the module has its own page, not yet the "coming soon" module page. */
export const hasOwnPage = (entry: TMenuEntry): boolean => entry.key in modulePages;
