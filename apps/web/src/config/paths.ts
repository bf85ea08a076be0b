import {
  AUTHENTICATED_ENTRY_PATH,
  FORGOT_PASSWORD_PATH,
  PAYMENT_RETURN_PATH,
  UNAUTHENTICATED_ENTRY_PATH,
} from '@portal/contracts/constants';

/** Every route of the web app. */
export const paths = {
  root: '/',
  signIn: UNAUTHENTICATED_ENTRY_PATH,
  dashboard: AUTHENTICATED_ENTRY_PATH,
  register: '/register',
  forgotPassword: FORGOT_PASSWORD_PATH,
  /** The parent's account settings (password, contact, language and theme, sign-ins). */
  settings: '/settings',
  /** Where the payment provider sends the browser back: `?payment=<paymentId>`. */
  paymentReturn: PAYMENT_RETURN_PATH,
} as const;

const segment = (value: string) => encodeURIComponent(value);

/** API paths not yet given by an endpoint entry (`@portal/contracts/endpoint`), relative to the API prefix. */
export const apiPaths = {
  publicInfo: '/v1/oa/public/info',
  schoolDetails: '/v1/oa/public/school-details',
  schoolDirectory: '/v1/oa/public/school-directory',
  login: '/v1/ppn/auth/login',
  sendSignInCode: '/v1/ppn/auth/auth-otp',
  resendSignInCode: '/v1/ppn/auth/resend-auth-otp',
  verifySignInCode: '/v1/ppn/auth/verify-auth-otp',
  register: '/v1/ppn/auth/register',
  verifyRegistration: '/v1/ppn/auth/verify-otp',
  forgetPassword: '/v1/ppn/auth/forget-password',
  resetPassword: '/v1/ppn/auth/reset-password',
  googleLogin: '/v1/ppn/auth/google-login',
  facebookLogin: '/v1/ppn/auth/facebook-login',
  signOut: '/v1/ppn/auth/sign-out',
  signOutAll: '/v1/ppn/auth/sign-out-all',
  profile: '/v1/ppn/parent/profile',
  dashboardLayout: '/v1/ppn/parent/dashboard-layout',
  childPhoto: (enrollNumber: string) => `/v1/ppn/parent/children/${segment(enrollNumber)}/photo`,
  invoicePdf: (invoiceId: string) => `/v1/ppn/fees/invoices/${segment(invoiceId)}/pdf`,
  proformaInvoicePdf: (invoiceId: string) => `/v1/ppn/fees/proforma-invoices/${segment(invoiceId)}/pdf`,
  receiptPdf: (paymentId: string) => `/v1/ppn/payments/${segment(paymentId)}/receipt`,
  storeInvoicePdf: (invoiceId: string) => `/v1/ppn/wallet/store-invoices/${segment(invoiceId)}/pdf`,
} as const;

/** The query parameter that carries where to go after signing in. */
export const REDIRECT_PARAM = 'redirectUrl';

/** The identity providers' client scripts, loaded by the sign-in page only (the CSP allows them). */
export const providerScripts = {
  google: 'https://accounts.google.com/gsi/client',
  facebook: 'https://connect.facebook.net/en_US/sdk.js',
} as const;
