import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetFeeDetailsQuery, useGetPaidDetailsQuery, useGetPreviousFeesQuery } from '../api.ts';
import { FeeLinesTable } from '../components/fee-lines-table.tsx';
import { FeeSummary } from '../components/fee-summary.tsx';
import { FeeChildPage, type TFeeChildPageProps } from '../components/fee-child-page.tsx';
import { PaidHistory } from '../components/paid-history.tsx';
import { PayPanel } from '../components/pay-panel.tsx';
import { PreviousFees } from '../components/previous-fees.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { payableLines } from '../pay-choice.ts';

type TFeePaymentPageProps = Omit<TFeeChildPageProps, 'children'>;

/** `/feepayment`: the selected child's fees, earlier years' arrears, paying, and the history. */
export function FeePaymentPage(props: TFeePaymentPageProps) {
  return <FeeChildPage {...props}>{(child) => <ChildFees enrollNumber={child.enrollNumber} />}</FeeChildPage>;
}

function ChildFees({ enrollNumber }: { enrollNumber: string }) {
  const { t } = useTranslation('fees');
  const options = { refetchOnMountOrArgChange: true } as const;
  const details = useGetFeeDetailsQuery(enrollNumber, options);
  const previous = useGetPreviousFeesQuery(enrollNumber, options);
  const paid = useGetPaidDetailsQuery(enrollNumber, options);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const previousItems = previous.data?.items;
  const currentItems = details.data?.items;
  const payable = useMemo(
    () => payableLines([...(previousItems ?? []), ...(currentItems ?? [])]),
    [previousItems, currentItems],
  );
  const toggle = useCallback((id: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const selectAll = useCallback(() => setSelected(new Set(payable.map((line) => line.id))), [payable]);
  const payAll = useCallback(() => {
    selectAll();
    // Focusing the pay step's heading brings it into view and reads it out.
    document.getElementById('pay-title')?.focus();
  }, [selectAll]);
  const selectPrevious = useCallback(
    () =>
      setSelected(
        (current) => new Set([...current, ...payableLines(previousItems ?? []).map((line) => line.id)]),
      ),
    [previousItems],
  );

  if (!details.data) {
    return (
      <QueryState
        isLoading={details.isLoading || details.isFetching}
        error={details.error}
        onRetry={() => void details.refetch()}
      />
    );
  }
  const { currency, summary, items, allowsPartialPayment, minimumPartialMinor } = details.data;
  return (
    <>
      <FeeSummary summary={summary} currency={currency} onPayAll={payable.length > 0 ? payAll : undefined} />
      {previous.error ? (
        <QueryState isLoading={false} error={previous.error} onRetry={() => void previous.refetch()} />
      ) : previous.data ? (
        <PreviousFees
          outstandingMinor={previous.data.outstandingMinor}
          items={previous.data.items}
          currency={previous.data.currency}
          selected={selected}
          onToggle={toggle}
          onSelectAll={selectPrevious}
        />
      ) : null}
      <section aria-labelledby="fee-lines-title" className="space-y-3">
        <h2 id="fee-lines-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('lines.title')}
        </h2>
        <FeeLinesTable
          caption={t('lines.caption')}
          items={items}
          currency={currency}
          selected={selected}
          onToggle={toggle}
        />
      </section>
      <PayPanel
        lines={payable}
        selected={selected}
        onSelectAll={selectAll}
        onClear={() => setSelected(new Set())}
        policy={{ allowsPartialPayment, minimumPartialMinor }}
        currency={currency}
      />
      <section aria-labelledby="history-title" className="space-y-3">
        <h2 id="history-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('history.title')}
        </h2>
        {paid.data ? (
          <PaidHistory payments={paid.data.payments} students={paid.data.students} />
        ) : (
          <QueryState
            isLoading={paid.isLoading || paid.isFetching}
            error={paid.error}
            onRetry={() => void paid.refetch()}
          />
        )}
      </section>
    </>
  );
}
