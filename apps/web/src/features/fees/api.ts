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
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { apiPaths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { checkAnswer } from '../../lib/check-answer.ts';
import { saveFile } from './save-file.ts';

/** The fee contracts load with the first fee answer, not with the first page. */
const contracts = () => import('@portal/contracts/fees');
const contract = <K extends keyof Awaited<ReturnType<typeof contracts>>>(name: K) =>
  contracts().then((module) => module[name]);

export type TInvoiceKind = TInvoice['kind'];

/** A document to save: its API path, its `?lng=` and the file name if the answer gives none. */
export interface TDocumentRequest {
  url: string;
  lng: string;
  fallbackName: string;
}

/** The file name an answer's `content-disposition` gives, if any. */
export function fileNameOf(disposition: string | null | undefined): string | null {
  const match = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1]?.trim() || null;
}

const feesBase = api.enhanceEndpoints({ addTagTypes: ['Fees', 'Wallet', 'PaymentLinks'] });

export const feesApi = feesBase.injectEndpoints({
  endpoints: (build) => ({
    /** The current academic year's fee lines of one child, with the summary and the school's rules. */
    getFeeDetails: build.query<TFeeDetails, string>({
      async queryFn(enrollNumber, _api, _extra, baseQuery) {
        const answer = await baseQuery({ url: apiPaths.feeDetails, params: { enrollNumber } });
        if (answer.error) return { error: answer.error };
        return checkAnswer(answer.data, contract('ZFeeDetails'));
      },
      providesTags: (_result, _error, enrollNumber) => [{ type: 'Fees', id: enrollNumber }],
    }),
    /** Earlier academic years' lines the child still owes. */
    getPreviousFees: build.query<TPreviousFees, string>({
      async queryFn(enrollNumber, _api, _extra, baseQuery) {
        const answer = await baseQuery({ url: apiPaths.previousFee, params: { enrollNumber } });
        if (answer.error) return { error: answer.error };
        return checkAnswer(answer.data, contract('ZPreviousFees'));
      },
      providesTags: (_result, _error, enrollNumber) => [{ type: 'Fees', id: enrollNumber }],
    }),
    /** The child's successful payments, newest first. */
    getPaidDetails: build.query<TPaidDetails, string>({
      async queryFn(enrollNumber, _api, _extra, baseQuery) {
        const answer = await baseQuery({ url: apiPaths.paidDetails, params: { enrollNumber } });
        if (answer.error) return { error: answer.error };
        return checkAnswer(answer.data, contract('ZPaidDetails'));
      },
      providesTags: (_result, _error, enrollNumber) => [{ type: 'Fees', id: enrollNumber }],
    }),
    /** Tax invoices or proforma invoices of one child. */
    getInvoices: build.query<TInvoice[], { enrollNumber: string; kind: TInvoiceKind }>({
      async queryFn({ enrollNumber, kind }, _api, _extra, baseQuery) {
        const url = kind === 'tax' ? apiPaths.taxInvoices : apiPaths.proformaInvoices;
        const answer = await baseQuery({ url, params: { enrollNumber } });
        if (answer.error) return { error: answer.error };
        const checked = await checkAnswer(answer.data, contract('ZInvoices'));
        return 'error' in checked ? checked : { data: checked.data.invoices };
      },
      providesTags: (_result, _error, { enrollNumber }) => [{ type: 'Fees', id: enrollNumber }],
    }),
    /** The parent's payment links, for every child. */
    getPaymentLinks: build.query<TPaymentLink[], void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const answer = await baseQuery({ url: apiPaths.paymentLinks });
        if (answer.error) return { error: answer.error };
        const checked = await checkAnswer(answer.data, contract('ZPaymentLinks'));
        return 'error' in checked ? checked : { data: checked.data.links };
      },
      providesTags: ['PaymentLinks'],
    }),
    /** One payment link, e.g. the one a school's message points at. */
    getPaymentLink: build.query<TPaymentLink, string>({
      async queryFn(linkId, _api, _extra, baseQuery) {
        const answer = await baseQuery({ url: apiPaths.paymentLink(linkId) });
        if (answer.error) return { error: answer.error };
        const checked = await checkAnswer(answer.data, contract('ZPaymentLinkAnswer'));
        return 'error' in checked ? checked : { data: checked.data.link };
      },
      providesTags: ['PaymentLinks'],
    }),
    /** The child's store and canteen balance and its history. */
    getWallet: build.query<TWallet, string>({
      async queryFn(enrollNumber, _api, _extra, baseQuery) {
        const answer = await baseQuery({ url: apiPaths.wallet, params: { enrollNumber } });
        if (answer.error) return { error: answer.error };
        return checkAnswer(answer.data, contract('ZWallet'));
      },
      providesTags: (_result, _error, enrollNumber) => [{ type: 'Wallet', id: enrollNumber }],
    }),
    /** The child's store invoices. */
    getStoreInvoices: build.query<TStoreInvoice[], string>({
      async queryFn(enrollNumber, _api, _extra, baseQuery) {
        const answer = await baseQuery({ url: apiPaths.storeInvoices, params: { enrollNumber } });
        if (answer.error) return { error: answer.error };
        const checked = await checkAnswer(answer.data, contract('ZStoreInvoices'));
        return 'error' in checked ? checked : { data: checked.data.invoices };
      },
      providesTags: (_result, _error, enrollNumber) => [{ type: 'Wallet', id: enrollNumber }],
    }),
    /** One of the parent's payments, as the server knows it now. */
    getPayment: build.query<TPayment, string>({
      async queryFn(paymentId, _api, _extra, baseQuery) {
        const answer = await baseQuery({ url: apiPaths.payment(paymentId) });
        if (answer.error) return { error: answer.error };
        const checked = await checkAnswer(answer.data, contract('ZPaymentAnswer'));
        return 'error' in checked ? checked : { data: checked.data.payment };
      },
    }),
    /**
     * Starts a payment. The idempotency key in the body makes a repeat of the same pay action
     * answer the same payment instead of making a second one.
     */
    createPayment: build.mutation<TPaymentAnswer, TCreatePaymentRequest>({
      async queryFn(body, _api, _extra, baseQuery) {
        const answer = await baseQuery({ url: apiPaths.payments, method: 'POST', body });
        if (answer.error) return { error: answer.error };
        return checkAnswer(answer.data, contract('ZPaymentAnswer'));
      },
    }),
    /**
     * Fetches a PDF with the session's headers (a plain link could not carry the bearer token)
     * and saves it under the name the server gives.
     */
    downloadDocument: build.mutation<null, TDocumentRequest>({
      async queryFn({ url, lng, fallbackName }, _api, _extra, baseQuery) {
        const answer = await baseQuery({
          url,
          params: { lng },
          responseHandler: (response) =>
            response.ok ? response.blob() : response.json().catch(() => undefined),
        });
        if (answer.error) return { error: answer.error };
        if (!(answer.data instanceof Blob)) {
          return { error: { status: 'CUSTOM_ERROR', error: 'The answer is not a file', data: undefined } };
        }
        const meta = answer.meta as FetchBaseQueryMeta | undefined;
        const name = fileNameOf(meta?.response?.headers.get('content-disposition')) ?? fallbackName;
        saveFile(answer.data, name);
        return { data: null };
      },
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
  useDownloadDocumentMutation,
} = feesApi;
