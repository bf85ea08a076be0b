import type {
  TCreatePaymentRequest,
  TFeeDetails,
  TInvoice,
  TPaidDetails,
  TPayment,
  TPaymentAnswer,
  TPaymentLink,
  TPreviousFees,
  TStoreInvoice,
  TWallet,
} from '@portal/contracts/fees';
import { api, keptOffline } from '../../lib/api.ts';
import { endpointQueryFn } from '../../lib/endpoint-query.ts';

/** The fee entries load with the first fee answer, not with the first page. */
const entries = () => import('@portal/contracts/fees').then((module) => module.feeEndpoints);
type TFeeEndpoints = Awaited<ReturnType<typeof entries>>;
const entry =
  <K extends keyof TFeeEndpoints>(name: K) =>
  () =>
    entries().then((endpoints) => endpoints[name]);
const ofChild = (enrollNumber: string) => ({ query: { enrollNumber } });

export type TInvoiceKind = TInvoice['kind'];
type TInvoicesArgs = { enrollNumber: string; kind: TInvoiceKind };

const feesBase = api.enhanceEndpoints({ addTagTypes: ['Fees', 'Wallet', 'PaymentLinks'] });

export const feesApi = feesBase.injectEndpoints({
  endpoints: (build) => ({
    /** The current academic year's fee lines of one child, with the summary and the school's rules. */
    getFeeDetails: build.query<TFeeDetails, string>({
      queryFn: endpointQueryFn(entry('feeDetails'), ofChild),
      providesTags: (_result, _error, enrollNumber) => [{ type: 'Fees', id: enrollNumber }],
      extraOptions: keptOffline,
    }),
    /** Earlier academic years' lines the child still owes. */
    getPreviousFees: build.query<TPreviousFees, string>({
      queryFn: endpointQueryFn(entry('previousFees'), ofChild),
      providesTags: (_result, _error, enrollNumber) => [{ type: 'Fees', id: enrollNumber }],
    }),
    /** The child's successful payments, newest first. */
    getPaidDetails: build.query<TPaidDetails, string>({
      queryFn: endpointQueryFn(entry('paidDetails'), ofChild),
      providesTags: (_result, _error, enrollNumber) => [{ type: 'Fees', id: enrollNumber }],
    }),
    /** Tax invoices or proforma invoices of one child. */
    getInvoices: build.query<TInvoice[], TInvoicesArgs>({
      queryFn: endpointQueryFn(
        ({ kind }: TInvoicesArgs) => entry(kind === 'tax' ? 'taxInvoices' : 'proformaInvoices')(),
        ({ enrollNumber }: TInvoicesArgs) => ofChild(enrollNumber),
        (answer: { invoices: TInvoice[] }) => answer.invoices,
      ),
      providesTags: (_result, _error, { enrollNumber }) => [{ type: 'Fees', id: enrollNumber }],
    }),
    /** The parent's payment links, for every child. */
    getPaymentLinks: build.query<TPaymentLink[], void>({
      queryFn: endpointQueryFn(
        entry('paymentLinks'),
        () => ({}),
        (answer) => answer.links,
      ),
      providesTags: ['PaymentLinks'],
    }),
    /** One payment link, e.g. the one a school's message points at. */
    getPaymentLink: build.query<TPaymentLink, string>({
      queryFn: endpointQueryFn(
        entry('paymentLink'),
        (id: string) => ({ params: { id } }),
        (answer) => answer.link,
      ),
      providesTags: ['PaymentLinks'],
    }),
    /** The child's store and canteen balance and its history. */
    getWallet: build.query<TWallet, string>({
      queryFn: endpointQueryFn(entry('wallet'), ofChild),
      providesTags: (_result, _error, enrollNumber) => [{ type: 'Wallet', id: enrollNumber }],
    }),
    /** The child's store invoices. */
    getStoreInvoices: build.query<TStoreInvoice[], string>({
      queryFn: endpointQueryFn(entry('storeInvoices'), ofChild, (answer) => answer.invoices),
      providesTags: (_result, _error, enrollNumber) => [{ type: 'Wallet', id: enrollNumber }],
    }),
    /** One of the parent's payments, as the server knows it now. */
    getPayment: build.query<TPayment, string>({
      queryFn: endpointQueryFn(
        entry('payment'),
        (id: string) => ({ params: { id } }),
        (answer) => answer.payment,
      ),
    }),
    /**
     * Starts a payment. The idempotency key in the body makes a repeat of the same pay action
     * answer the same payment instead of making a second one.
     */
    createPayment: build.mutation<TPaymentAnswer, TCreatePaymentRequest>({
      queryFn: endpointQueryFn(entry('createPayment'), (body: TCreatePaymentRequest) => ({ body })),
    }),
  }),
});

/** Everything a finished payment may have changed: fee lines, wallets and links. */
export const paymentSettledTags = ['Fees', 'Wallet', 'PaymentLinks'] as const;

export const {
  useGetFeeDetailsQuery,
  useGetPreviousFeesQuery,
  useGetPaidDetailsQuery,
  useGetInvoicesQuery,
  useGetPaymentLinksQuery,
  useGetPaymentLinkQuery,
  useGetWalletQuery,
  useGetStoreInvoicesQuery,
  useGetPaymentQuery,
  useCreatePaymentMutation,
} = feesApi;
