import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFeeItem } from '@portal/contracts/fees';
import type { appConfig } from '../../../config/app-config.ts';
import { formatDate } from '../../../lib/dates.ts';
import { formatNumber } from '../../../lib/numbers.ts';
import { currencyLabel, formatAmount, localName } from '../../../lib/money-format.ts';
import { DataTable, type TColumn } from '../../../components/module/data-table.tsx';
import { FeeStatusBadge } from './status-badge.tsx';

interface TFeeLinesTableProps {
  caption: string;
  items: readonly TFeeItem[];
  currency: string;
  /** The lines chosen for payment, by id. */
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  initialPageSize?: (typeof appConfig.pageSizes)[number];
}

/** 24 px: the WCAG 2.2 minimum target size (2.5.8). */
const checkbox =
  'size-6 shrink-0 cursor-pointer disabled:cursor-not-allowed rounded border-slate-400 accent-purple-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-purple-600 disabled:opacity-40 dark:border-slate-500 dark:accent-purple-400';

/** The VAT rate of a line (basis points) as a percentage. */
export function vatRateText(vatRateBp: number, lng: string): string {
  return formatNumber(vatRateBp / 10_000, lng, { style: 'percent', maximumFractionDigits: 2 });
}

/**
 * A child's fee lines: every part of each line's charge (amount, discount, VAT, total), what is
 * paid and what is still owed, its state, and a box to choose it for payment.
 */
export function FeeLinesTable({
  caption,
  items,
  currency,
  selected,
  onToggle,
  initialPageSize,
}: TFeeLinesTableProps) {
  const { t, i18n } = useTranslation('fees');
  const lng = i18n.language;
  const columns = useMemo<TColumn<TFeeItem>[]>(() => {
    const amount = (minor: number) => formatAmount(minor, currency, lng);
    const unit = currencyLabel(currency, lng);
    const heading = (key: string) => t('lines.inCurrency', { label: t(key), currency: unit });
    return [
      {
        id: 'name',
        header: t('lines.fee'),
        rowHeader: true,
        cell: (item) => (
          <span className="flex items-center gap-3">
            <input
              type="checkbox"
              className={checkbox}
              checked={selected.has(item.id)}
              disabled={item.outstandingMinor === 0}
              onChange={() => onToggle(item.id)}
              aria-label={t('lines.selectLine', {
                name: localName(item, lng),
                term: formatNumber(item.term, lng),
              })}
            />
            <span className="flex flex-col">
              <span>{localName(item, lng)}</span>
              <span className="text-xs font-normal whitespace-nowrap text-slate-600 dark:text-slate-400">
                {t('lines.term', { term: formatNumber(item.term, lng) })} · {item.academicYear}
              </span>
            </span>
          </span>
        ),
      },
      {
        id: 'dueOn',
        header: t('lines.dueOn'),
        card: 'lead',
        cell: (item) => (
          <time dateTime={item.dueOn} className="whitespace-nowrap">
            {formatDate(item.dueOn, lng)}
          </time>
        ),
      },
      {
        id: 'amount',
        header: heading('lines.amount'),
        numeric: true,
        cell: (item) => amount(item.amountMinor),
      },
      {
        id: 'discount',
        header: t('lines.discount'),
        numeric: true,
        cell: (item) => amount(-item.discountMinor),
      },
      {
        id: 'vat',
        header: t('lines.vat'),
        numeric: true,
        cell: (item) => (
          <span className="flex flex-col items-end @max-3xl:flex-row @max-3xl:items-baseline @max-3xl:gap-1.5">
            <span>{amount(item.vatMinor)}</span>
            <span className="text-xs text-slate-600 dark:text-slate-400">
              {vatRateText(item.vatRateBp, lng)}
            </span>
          </span>
        ),
      },
      { id: 'total', header: t('lines.total'), numeric: true, cell: (item) => amount(item.totalMinor) },
      { id: 'paid', header: t('lines.paid'), numeric: true, cell: (item) => amount(item.paidMinor) },
      {
        id: 'outstanding',
        header: t('lines.outstanding'),
        numeric: true,
        card: 'lead',
        cell: (item) => <span className="font-semibold">{amount(item.outstandingMinor)}</span>,
      },
      {
        id: 'status',
        header: t('lines.status'),
        card: 'corner',
        cell: (item) => <FeeStatusBadge status={item.status} />,
      },
    ];
  }, [t, lng, currency, selected, onToggle]);

  if (items.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-300">{t('lines.none')}</p>;
  }
  return (
    <DataTable
      caption={caption}
      columns={columns}
      data={items}
      getRowId={(item) => item.id}
      initialPageSize={initialPageSize}
      rowClassName={(item) => (selected.has(item.id) ? 'bg-purple-50 dark:bg-purple-950' : undefined)}
    />
  );
}
