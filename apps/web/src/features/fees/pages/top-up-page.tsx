import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Lock, Wallet } from 'lucide-react';
import { TOPUP_LIMITS, type TWallet } from '@portal/contracts/fees';
import { StatusNotice } from '../../../components/ui/alert.tsx';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cx } from '../../../lib/class-names.ts';
import { formatDateTime, useTimeZone } from '../../../lib/dates.ts';
import { useGetWalletQuery } from '../api.ts';
import { DataTable, type TColumn } from '../../../components/module/data-table.tsx';
import { FailureAlert } from '../../../components/module/failure-alert.tsx';
import { FeeChildPage, type TFeeChildPageProps } from '../components/fee-child-page.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import {
  currencyLabel,
  formatMoney,
  formatMoneyShort,
  localDescription,
  minorDigitsOf,
  parseMajor,
} from '../../../lib/money-format.ts';
import { useStartPayment } from '../use-start-payment.ts';

type TTransaction = TWallet['transactions'][number];

/** The amounts offered with one press, in major units; those outside the limits are left out. */
const PRESETS_MAJOR = [50, 100, 200, 500] as const;

/** The preset top-ups in minor units for a currency, within the allowed range. */
export function topUpPresets(currency: string): number[] {
  const unit = 10 ** minorDigitsOf(currency);
  return PRESETS_MAJOR.map((major) => major * unit).filter(
    (minor) => minor >= TOPUP_LIMITS.minimumMinor && minor <= TOPUP_LIMITS.maximumMinor,
  );
}

/** Whether an amount may be topped up. */
export function isTopUpAllowed(amountMinor: number | null): amountMinor is number {
  return (
    amountMinor !== null &&
    amountMinor >= TOPUP_LIMITS.minimumMinor &&
    amountMinor <= TOPUP_LIMITS.maximumMinor
  );
}

type TTopUpPageProps = Omit<TFeeChildPageProps, 'children'>;

/** `/topup`: the selected child's store and canteen balance, its history, and topping it up. */
export function TopUpPage(props: TTopUpPageProps) {
  return (
    <FeeChildPage {...props}>{(child) => <ChildWallet enrollNumber={child.enrollNumber} />}</FeeChildPage>
  );
}

function ChildWallet({ enrollNumber }: { enrollNumber: string }) {
  const { t, i18n } = useTranslation('fees');
  const lng = i18n.language;
  const timeZone = useTimeZone();
  const query = useGetWalletQuery(enrollNumber, { refetchOnMountOrArgChange: true });
  const currency = query.data?.currency ?? 'AED';
  const columns = useMemo<TColumn<TTransaction>[]>(
    () => [
      {
        id: 'at',
        header: t('wallet.date'),
        cell: (entry) => (
          <time dateTime={entry.at} className="whitespace-nowrap">
            {formatDateTime(entry.at, lng, timeZone)}
          </time>
        ),
      },
      {
        id: 'description',
        header: t('wallet.description'),
        rowHeader: true,
        cell: (entry) => localDescription(entry, lng),
      },
      {
        id: 'amount',
        header: t('wallet.amount'),
        numeric: true,
        card: 'corner',
        cell: (entry) =>
          entry.amountMinor < 0 ? (
            <span className="text-red-700 dark:text-red-300">
              {formatMoney(entry.amountMinor, currency, lng)}
            </span>
          ) : (
            <span className="text-emerald-700 dark:text-emerald-300">
              {formatMoney(entry.amountMinor, currency, lng, 'always')}
            </span>
          ),
      },
      {
        id: 'balance',
        header: t('wallet.balanceAfter'),
        numeric: true,
        cell: (entry) => formatMoney(entry.balanceAfterMinor, currency, lng),
      },
    ],
    [t, lng, currency, timeZone],
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
  return (
    <>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <section
          aria-labelledby="balance-title"
          className="flex items-center gap-4 self-start rounded-3xl border border-lime-200 bg-lime-50 p-6 dark:border-lime-900 dark:bg-lime-950/30"
        >
          <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-2xl bg-lime-100 text-lime-800 dark:bg-lime-900/60 dark:text-lime-200">
            <Wallet aria-hidden="true" className="size-7" />
          </span>
          <div>
            <h2 id="balance-title" className="text-sm font-medium text-slate-700 dark:text-slate-200">
              {t('wallet.balance')}
            </h2>
            <p className="text-3xl font-bold text-slate-900 tabular-nums dark:text-white">
              {formatMoney(query.data.balanceMinor, currency, lng)}
            </p>
          </div>
        </section>
        <TopUpForm enrollNumber={enrollNumber} currency={currency} />
      </div>
      <section aria-labelledby="wallet-history-title" className="space-y-3">
        <h2 id="wallet-history-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('wallet.history')}
        </h2>
        {query.data.transactions.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-300">{t('wallet.none')}</p>
        ) : (
          <DataTable
            caption={t('wallet.historyCaption')}
            columns={columns}
            data={query.data.transactions}
            getRowId={(entry) => entry.id}
          />
        )}
      </section>
    </>
  );
}

function TopUpForm({ enrollNumber, currency }: { enrollNumber: string; currency: string }) {
  const { t, i18n } = useTranslation('fees');
  const lng = i18n.language;
  const money = (minor: number) => formatMoney(minor, currency, lng);
  const presets = topUpPresets(currency);
  const [choice, setChoice] = useState<number | 'custom'>(presets[0] ?? 'custom');
  const [customText, setCustomText] = useState('');
  const { start, state, failure } = useStartPayment();
  const customId = useId();
  const hintId = useId();
  const errorId = useId();
  const busy = state !== 'idle';

  const amountMinor = choice === 'custom' ? parseMajor(customText, currency) : choice;
  const allowed = isTopUpAllowed(amountMinor);
  const showProblem = choice === 'custom' && customText.trim() !== '' && !allowed;
  const range = t('topUp.range', {
    minimum: money(TOPUP_LIMITS.minimumMinor),
    maximum: money(TOPUP_LIMITS.maximumMinor),
  });

  return (
    <section
      aria-labelledby="top-up-title"
      className="space-y-4 rounded-3xl border border-purple-200 bg-white p-5 shadow-sm dark:border-purple-900 dark:bg-slate-900"
    >
      <h2 id="top-up-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('topUp.title')}
      </h2>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-100">
          {t('topUp.choose')}
        </legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {[...presets, 'custom' as const].map((value) => {
            const checked = choice === value;
            return (
              <label
                key={value}
                className={cx(
                  'flex min-h-11 cursor-pointer items-center justify-center rounded-xl border px-3 text-sm font-semibold tabular-nums has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-purple-600 has-[:focus-visible]:ring-offset-2 dark:has-[:focus-visible]:ring-purple-400 dark:has-[:focus-visible]:ring-offset-slate-900',
                  checked
                    ? 'border-purple-600 bg-purple-600 text-white dark:border-purple-300 dark:bg-purple-600'
                    : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700',
                )}
              >
                <input
                  type="radio"
                  name="top-up-amount"
                  className="sr-only"
                  checked={checked}
                  onChange={() => setChoice(value)}
                />
                {value === 'custom' ? t('topUp.other') : formatMoneyShort(value, currency, lng)}
              </label>
            );
          })}
        </div>
      </fieldset>
      {choice === 'custom' ? (
        <div className="space-y-1">
          <label htmlFor={customId} className="block text-sm font-medium text-slate-800 dark:text-slate-100">
            {t('topUp.customLabel', { currency: currencyLabel(currency, lng) })}
          </label>
          <input
            id={customId}
            inputMode="decimal"
            autoComplete="off"
            value={customText}
            onChange={(event) => setCustomText(event.target.value)}
            aria-describedby={showProblem ? `${hintId} ${errorId}` : hintId}
            aria-invalid={showProblem ? true : undefined}
            className={cx(
              'min-h-11 w-full max-w-xs rounded-xl border border-slate-300 bg-white px-3 text-slate-900 tabular-nums dark:border-slate-600 dark:bg-slate-800 dark:text-white',
              focusRing,
            )}
          />
          <p id={hintId} className="text-sm text-slate-600 dark:text-slate-300">
            {range}
          </p>
          {showProblem ? (
            <p id={errorId} role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
              {t('topUp.outOfRange', { range })}
            </p>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">{range}</p>
      )}
      {allowed ? (
        <dl className="space-y-1 rounded-2xl bg-slate-50 p-4 text-sm dark:bg-slate-800/60">
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600 dark:text-slate-300">{t('topUp.toWallet')}</dt>
            <dd className="tabular-nums">{money(amountMinor)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600 dark:text-slate-300">{t('pay.serviceCharge')}</dt>
            <dd className="tabular-nums">{money(0)}</dd>
          </div>
          <div className="mt-2 flex justify-between gap-4 border-t border-slate-200 pt-2 text-base font-bold dark:border-slate-700">
            <dt>{t('pay.totalNow')}</dt>
            <dd className="tabular-nums">{money(amountMinor)}</dd>
          </div>
        </dl>
      ) : null}
      {failure ? <FailureAlert failure={failure} /> : null}
      {state === 'leaving' ? <StatusNotice>{t('pay.leaving')}</StatusNotice> : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-300">
          <Lock aria-hidden="true" className="size-4 shrink-0" />
          {t('pay.secure')}
        </p>
        <Button
          className="shrink-0 whitespace-nowrap"
          disabled={!allowed || busy}
          aria-busy={busy}
          onClick={() => {
            if (allowed) void start({ kind: 'topup', enrollNumber, amountMinor });
          }}
        >
          {busy ? <Spinner /> : null}
          {allowed ? t('topUp.pay', { amount: money(amountMinor) }) : t('topUp.payIdle')}
        </Button>
      </div>
    </section>
  );
}
