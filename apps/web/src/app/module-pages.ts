import type { RouteObject } from 'react-router';
import type { TMenuEntry } from '@portal/contracts/menu';

/** The modules that have their own pages, by menu key; each is its own lazily loaded chunk. */
export const modulePages: Partial<Record<string, NonNullable<RouteObject['lazy']>>> = {
  feePayment: () => import('./routes/fees/fee-payment.tsx'),
  feePaymentAbqis: () => import('./routes/fees/fee-payment.tsx'),
  feeInvoices: () => import('./routes/fees/fee-invoices.tsx'),
  proformaInvoice: () => import('./routes/fees/proforma-invoices.tsx'),
  paymentLink: () => import('./routes/fees/payment-links.tsx'),
  topUp: () => import('./routes/fees/top-up.tsx'),
  storeInvoice: () => import('./routes/fees/store-invoices.tsx'),
};

/** True when the module has its own page, not yet the "coming soon" module page. */
export const hasOwnPage = (entry: TMenuEntry): boolean => entry.key in modulePages;
