import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPayment } from '@portal/contracts/fees';
import { apiPaths } from '../../../config/paths.ts';
import { formatDateTime, useTimeZone } from '../../../lib/dates.ts';
import { formatMoney, localName } from '../../../lib/money-format.ts';
import { DataTable, type TColumn } from '../../../components/module/data-table.tsx';
import { DownloadButton } from '../../../components/module/download-button.tsx';
import { PaymentStatusBadge } from './status-badge.tsx';

/** The file name of a payment's receipt when the server gives none. */
export function receiptFileName(payment: Pick<TPayment, 'receiptNo' | 'docNo'>): string {
  return `receipt-${payment.receiptNo ?? payment.docNo}.pdf`;
}

type TAllocation = TPayment['allocations'][number];

/** A payment's items by child, in the order the payment lists them. */
function byChild(allocations: readonly TAllocation[]): { enrollNumber: string; items: TAllocation[] }[] {
  const groups = new Map<string, TAllocation[]>();
  for (const allocation of allocations)
    groups.set(allocation.enrollNumber, [...(groups.get(allocation.enrollNumber) ?? []), allocation]);
  return [...groups].map(([enrollNumber, items]) => ({ enrollNumber, items }));
}

/**
 * What a payment paid: each item with its amount and, when it paid for several children (as a
 * receipt of brothers' and sisters' fees does), under each child's name.
 */
function PaidFor({ payment, names }: { payment: TPayment; names: ReadonlyMap<string, string> }) {
  const { i18n } = useTranslation('fees');
  const lng = i18n.language;
  const groups = byChild(payment.allocations);
  return (
    <ul className="space-y-2">
      {groups.map((group) => (
        <li key={group.enrollNumber}>
          {groups.length > 1 ? (
            <p className="font-semibold text-slate-900 dark:text-white">
              <bdi>{names.get(group.enrollNumber) ?? group.enrollNumber}</bdi>
            </p>
          ) : null}
          <ul className="space-y-0.5">
            {group.items.map((allocation, index) => (
              <li key={`${allocation.feeItemId ?? 'x'}-${index}`}>
                {localName(allocation, lng)}{' '}
                <span className="text-slate-600 tabular-nums dark:text-slate-300">
                  {formatMoney(allocation.amountMinor, payment.currency, lng)}
                </span>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

/**
 * The child's payments with every item each paid (a brother's or sister's too, named), the
 * date and time in the school's time zone, and each receipt to download.
 */
export function PaidHistory({
  payments,
  students,
}: {
  payments: readonly TPayment[];
  /** The names of the children the payments paid for. */
  students: readonly { enrollNumber: string; name: string }[];
}) {
  const { t, i18n } = useTranslation('fees');
  const lng = i18n.language;
  const timeZone = useTimeZone();
  const names = useMemo(
    () => new Map(students.map((student) => [student.enrollNumber, student.name])),
    [students],
  );
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
              {formatDateTime(at, lng, timeZone)}
            </time>
          );
        },
      },
      {
        id: 'items',
        header: t('history.paidFor'),
        card: 'wide',
        cell: (payment) => <PaidFor payment={payment} names={names} />,
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
    [t, lng, timeZone, names],
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
