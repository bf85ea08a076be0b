import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPayment } from '@portal/contracts/fees';
import { apiPaths } from '../../../config/paths.ts';
import { formatDate, formatTime } from '../../../lib/dates.ts';
import { formatMoney, localName } from '../money-format.ts';
import { DataTable, type TColumn } from './data-table.tsx';
import { DownloadButton } from './download-button.tsx';
import { PaymentStatusBadge } from './status-badge.tsx';

/** The file name of a payment's receipt when the server gives none. */
export function receiptFileName(payment: Pick<TPayment, 'receiptNo' | 'docNo'>): string {
  return `receipt-${payment.receiptNo ?? payment.docNo}.pdf`;
}

/** The child's payments with what each paid, and each receipt to download. */
export function PaidHistory({ payments }: { payments: readonly TPayment[] }) {
  const { t, i18n } = useTranslation('fees');
  const lng = i18n.language;
  const columns = useMemo<TColumn<TPayment>[]>(
    () => [
      {
        id: 'receipt',
        header: t('history.receiptNo'),
        rowHeader: true,
        cell: (payment) => <bdi>{payment.receiptNo ?? '—'}</bdi>,
      },
      {
        id: 'date',
        header: t('history.date'),
        card: 'lead',
        cell: (payment) => {
          const at = payment.completedAt ?? payment.createdAt;
          return (
            <time dateTime={at} className="whitespace-nowrap">
              {formatDate(at, lng)} {formatTime(at, lng)}
            </time>
          );
        },
      },
      {
        id: 'items',
        header: t('history.paidFor'),
        card: 'wide',
        cell: (payment) => (
          <ul className="space-y-0.5">
            {payment.allocations.map((allocation, index) => (
              <li key={`${allocation.feeItemId ?? 'x'}-${index}`}>
                {localName(allocation, lng)}{' '}
                <span className="text-slate-500 tabular-nums dark:text-slate-400">
                  {formatMoney(allocation.amountMinor, payment.currency, lng)}
                </span>
              </li>
            ))}
          </ul>
        ),
      },
      {
        id: 'amount',
        header: t('history.amount'),
        numeric: true,
        card: 'lead',
        cell: (payment) => formatMoney(payment.amountMinor, payment.currency, lng),
      },
      {
        id: 'status',
        header: t('history.status'),
        card: 'corner',
        cell: (payment) => <PaymentStatusBadge status={payment.status} />,
      },
      {
        id: 'download',
        header: t('history.document'),
        cell: (payment) =>
          payment.status === 'succeeded' ? (
            <DownloadButton
              url={apiPaths.receiptPdf(payment.id)}
              fallbackName={receiptFileName(payment)}
              label={t('history.download')}
              hiddenLabel={t('history.downloadReceipt', { number: payment.receiptNo ?? payment.docNo })}
            />
          ) : null,
      },
    ],
    [t, lng],
  );
  if (payments.length === 0)
    return <p className="text-sm text-slate-600 dark:text-slate-300">{t('history.none')}</p>;
  return (
    <DataTable
      caption={t('history.caption')}
      columns={columns}
      data={payments}
      getRowId={(payment) => payment.id}
      initialPageSize={5}
    />
  );
}
