import { useTranslation } from 'react-i18next';
import { TriangleAlert } from 'lucide-react';
import type { TFeeItem } from '@portal/contracts/fees';
import { formatMoney } from '../../../lib/money-format.ts';
import { FeeLinesTable } from './fee-lines-table.tsx';

interface TPreviousFeesProps {
  outstandingMinor: number;
  items: readonly TFeeItem[];
  currency: string;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onSelectAll: () => void;
}

/** Earlier years' fees still owed: shown first and plainly, and payable like this year's. */
export function PreviousFees({
  outstandingMinor,
  items,
  currency,
  selected,
  onToggle,
  onSelectAll,
}: TPreviousFeesProps) {
  const { t, i18n } = useTranslation('fees');
  if (outstandingMinor === 0) return null;
  return (
    <section
      aria-labelledby="previous-fees-title"
      className="space-y-4 rounded-3xl border-2 border-amber-300 bg-amber-50 p-5 dark:border-amber-700 dark:bg-amber-950/40"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TriangleAlert
          aria-hidden="true"
          className="hidden size-6 shrink-0 text-amber-700 sm:mt-0.5 sm:block dark:text-amber-300"
        />
        <div className="min-w-0 flex-1">
          <h2
            id="previous-fees-title"
            className="flex items-center gap-2 text-lg font-semibold text-amber-950 dark:text-amber-100"
          >
            <TriangleAlert
              aria-hidden="true"
              className="size-5 shrink-0 text-amber-700 sm:hidden dark:text-amber-300"
            />
            {t('previous.title')}
          </h2>
          <p className="mt-1 text-amber-900 dark:text-amber-100">
            {t('previous.body', { amount: formatMoney(outstandingMinor, currency, i18n.language) })}
          </p>
        </div>
        <button
          type="button"
          onClick={onSelectAll}
          className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-xl bg-amber-700 px-4 text-sm font-semibold text-white hover:bg-amber-800 focus-visible:ring-2 focus-visible:ring-amber-700 focus-visible:ring-offset-2 focus-visible:outline-none dark:bg-amber-400 dark:text-amber-950 dark:hover:bg-amber-300 dark:focus-visible:ring-amber-400 dark:focus-visible:ring-offset-slate-900"
        >
          {t('previous.choose')}
        </button>
      </div>
      <FeeLinesTable
        caption={t('previous.caption')}
        items={items}
        currency={currency}
        selected={selected}
        onToggle={onToggle}
        initialPageSize={5}
      />
    </section>
  );
}
