import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TStoreInvoice } from '@portal/contracts/fees';
import { apiPaths } from '../../../config/paths.ts';
import { formatDateTime, useTimeZone } from '../../../lib/dates.ts';
import { formatNumber } from '../../../lib/numbers.ts';
import { useGetStoreInvoicesQuery } from '../api.ts';
import { DataTable, type TColumn } from '../../../components/module/data-table.tsx';
import { DownloadButton } from '../../../components/module/download-button.tsx';
import { LineList } from '../components/line-list.tsx';
import { FeeChildPage, type TFeeChildPageProps } from '../components/fee-child-page.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { formatMoney } from '../../../lib/money-format.ts';

type TStoreInvoicesPageProps = Omit<TFeeChildPageProps, 'children'>;

/** `/storeInvoice`: what the child bought at the school store, each invoice as a PDF. */
export function StoreInvoicesPage(props: TStoreInvoicesPageProps) {
  return (
    <FeeChildPage {...props}>
      {(child) => <StoreInvoiceList enrollNumber={child.enrollNumber} />}
    </FeeChildPage>
  );
}

function StoreInvoiceList({ enrollNumber }: { enrollNumber: string }) {
  const { t, i18n } = useTranslation('fees');
  const lng = i18n.language;
  const timeZone = useTimeZone();
  const query = useGetStoreInvoicesQuery(enrollNumber, { refetchOnMountOrArgChange: true });
  const columns = useMemo<TColumn<TStoreInvoice>[]>(
    () => [
      {
        id: 'docNo',
        header: t('invoices.number'),
        rowHeader: true,
        cell: (invoice) => <bdi>{invoice.docNo}</bdi>,
      },
      {
        id: 'issuedAt',
        header: t('invoices.issuedOn'),
        cell: (invoice) => (
          <time dateTime={invoice.issuedAt} className="whitespace-nowrap">
            {formatDateTime(invoice.issuedAt, lng, timeZone)}
          </time>
        ),
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
        id: 'total',
        header: t('invoices.total'),
        numeric: true,
        card: 'lead',
        cell: (invoice) => (
          <span className="font-semibold">{formatMoney(invoice.totalMinor, invoice.currency, lng)}</span>
        ),
      },
      {
        id: 'pdf',
        header: t('invoices.document'),
        card: 'corner',
        cell: (invoice) => (
          <DownloadButton
            url={apiPaths.storeInvoicePdf(invoice.id)}
            fallbackName={`store-invoice-${invoice.docNo}.pdf`}
            label={t('invoices.download')}
            hiddenLabel={t('invoices.downloadNamed', { number: invoice.docNo })}
          />
        ),
      },
    ],
    [t, lng, timeZone],
  );
  if (!query.data) {
    return (
      <QueryState
        isLoading={query.isLoading || query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.length === 0)
    return <p className="text-slate-600 dark:text-slate-300">{t('invoices.noneStore')}</p>;
  return (
    <DataTable
      caption={t('invoices.captionStore')}
      columns={columns}
      data={query.data}
      getRowId={(invoice) => invoice.id}
    />
  );
}
