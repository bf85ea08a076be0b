import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Info } from 'lucide-react';
import type { TInvoice } from '@portal/contracts/fees';
import { apiPaths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/dates.ts';
import { formatNumber } from '../../../lib/numbers.ts';
import { useGetInvoicesQuery, type TInvoiceKind } from '../api.ts';
import { DataTable, type TColumn } from '../../../components/module/data-table.tsx';
import { DownloadButton } from '../../../components/module/download-button.tsx';
import { LineList } from '../components/line-list.tsx';
import { FeeChildPage, type TFeeChildPageProps } from '../components/fee-child-page.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { InvoiceStatusBadge } from '../components/status-badge.tsx';
import { currencyLabel, formatAmount } from '../../../lib/money-format.ts';

type TInvoicesPageProps = Omit<TFeeChildPageProps, 'children' | 'intro'> & {
  kind: TInvoiceKind;
};

/** `/view-fee-invoice`: the child's tax invoices. */
export function TaxInvoicesPage(props: Omit<TInvoicesPageProps, 'kind'>) {
  return <InvoicesPage kind="tax" {...props} />;
}

/** `/proformainvoice`: the child's proforma invoices, with what is already paid on each. */
export function ProformaInvoicesPage(props: Omit<TInvoicesPageProps, 'kind'>) {
  return <InvoicesPage kind="proforma" {...props} />;
}

/**
 * Tax and proforma invoices: the child's invoices, each with
 * what is paid and still owed on it, whether it is paid, partly paid or unpaid, and its PDF.
 */
function InvoicesPage({ kind, ...page }: TInvoicesPageProps) {
  const { t } = useTranslation('fees');
  const intro =
    kind === 'proforma' ? (
      <p className="flex items-start gap-2 rounded-2xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-100">
        <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {t('invoices.proformaNote')}
      </p>
    ) : null;
  return (
    <FeeChildPage {...page} intro={intro}>
      {(child) => <InvoiceList kind={kind} enrollNumber={child.enrollNumber} />}
    </FeeChildPage>
  );
}

function InvoiceList({ kind, enrollNumber }: { kind: TInvoiceKind; enrollNumber: string }) {
  const { t, i18n } = useTranslation('fees');
  const lng = i18n.language;
  const query = useGetInvoicesQuery({ enrollNumber, kind }, { refetchOnMountOrArgChange: true });
  const currency = query.data?.[0]?.currency ?? 'AED';
  const columns = useMemo<TColumn<TInvoice>[]>(() => {
    const money = (invoice: TInvoice, minor: number) => formatAmount(minor, invoice.currency, lng);
    return [
      {
        id: 'docNo',
        header: t('invoices.number'),
        rowHeader: true,
        cell: (invoice) => <bdi>{invoice.docNo}</bdi>,
      },
      {
        id: 'issuedOn',
        header: t('invoices.issuedOn'),
        cell: (invoice) => <time dateTime={invoice.issuedOn}>{formatDate(invoice.issuedOn, lng)}</time>,
      },
      {
        id: 'dueOn',
        header: t('invoices.dueOn'),
        cell: (invoice) =>
          invoice.dueOn ? <time dateTime={invoice.dueOn}>{formatDate(invoice.dueOn, lng)}</time> : '—',
      },
      {
        id: 'lines',
        header: t('invoices.lines'),
        card: 'wide',
        cell: (invoice) => (
          <LineList
            lines={invoice.lines}
            currency={invoice.currency}
            label={t('invoices.showLines', { number: formatNumber(invoice.lines.length, lng) })}
          />
        ),
      },
      {
        id: 'vat',
        header: t('invoices.vat'),
        numeric: true,
        cell: (invoice) => money(invoice, invoice.vatMinor),
      },
      {
        id: 'total',
        header: t('lines.inCurrency', { label: t('invoices.total'), currency: currencyLabel(currency, lng) }),
        numeric: true,
        cell: (invoice) => <span className="font-semibold">{money(invoice, invoice.totalMinor)}</span>,
      },
      {
        id: 'paid',
        header: t('invoices.paid'),
        numeric: true,
        cell: (invoice) => money(invoice, invoice.paidMinor),
      },
      {
        id: 'balance',
        header: t('invoices.balance'),
        numeric: true,
        cell: (invoice) => <span className="font-semibold">{money(invoice, invoice.balanceMinor)}</span>,
      },
      {
        id: 'status',
        header: t('invoices.status'),
        card: 'corner',
        cell: (invoice) => <InvoiceStatusBadge status={invoice.paymentStatus} />,
      },
      {
        id: 'pdf',
        header: t('invoices.document'),
        cell: (invoice) => (
          <DownloadButton
            url={kind === 'tax' ? apiPaths.invoicePdf(invoice.id) : apiPaths.proformaInvoicePdf(invoice.id)}
            fallbackName={`${kind === 'tax' ? 'invoice' : 'proforma'}-${invoice.docNo}.pdf`}
            label={t('invoices.download')}
            hiddenLabel={t('invoices.downloadNamed', { number: invoice.docNo })}
          />
        ),
      },
    ];
  }, [t, lng, kind, currency]);

  if (!query.data) {
    return (
      <QueryState
        isLoading={query.isLoading || query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.length === 0) {
    return (
      <p className="text-slate-600 dark:text-slate-300">
        {t(kind === 'tax' ? 'invoices.noneTax' : 'invoices.noneProforma')}
      </p>
    );
  }
  return (
    <DataTable
      caption={t(kind === 'tax' ? 'invoices.captionTax' : 'invoices.captionProforma')}
      columns={columns}
      data={query.data}
      getRowId={(invoice) => invoice.id}
    />
  );
}
