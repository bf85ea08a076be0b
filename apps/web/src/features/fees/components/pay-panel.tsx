import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Lock } from 'lucide-react';
import type { TFeeItem } from '@portal/contracts/fees';
import type { TPartialPolicy } from '@portal/contracts/money';
import { StatusNotice } from '../../../components/ui/alert.tsx';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cx } from '../../../lib/class-names.ts';
import { formatNumber } from '../../../lib/numbers.ts';
import {
  currencyLabel,
  formatDeduction,
  formatMoney,
  localName,
  parseMajor,
} from '../../../lib/money-format.ts';
import { minimumPartOf, payChoice, type TPayMode } from '../pay-choice.ts';
import { useStartPayment } from '../use-start-payment.ts';
import { FailureAlert } from '../../../components/module/failure-alert.tsx';
import { PayBar } from './pay-bar.tsx';

interface TPayPanelProps {
  /** Every line that can be chosen (this year's and earlier years'). */
  lines: readonly TFeeItem[];
  selected: ReadonlySet<string>;
  onSelectAll: () => void;
  onClear: () => void;
  policy: TPartialPolicy;
  currency: string;
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div
      className={cx(
        'flex items-baseline justify-between gap-4',
        strong && 'mt-2 border-t border-slate-200 pt-2 text-base font-bold dark:border-slate-700',
      )}
    >
      <dt className={strong ? 'text-slate-900 dark:text-white' : 'text-slate-600 dark:text-slate-300'}>
        {label}
      </dt>
      <dd className="text-slate-900 tabular-nums dark:text-white">{value}</dd>
    </div>
  );
}

/**
 * The pay step: the chosen lines, a part amount where the school allows it (its minimum shown),
 * every charge and the total before anything is sent, then the provider's page.
 */
export function PayPanel({ lines, selected, onSelectAll, onClear, policy, currency }: TPayPanelProps) {
  const { t, i18n } = useTranslation(['fees', 'messages']);
  const lng = i18n.language;
  const money = (minor: number) => formatMoney(minor, currency, lng);
  const [mode, setMode] = useState<TPayMode>('full');
  const [partText, setPartText] = useState('');
  const { start, state, failure } = useStartPayment();
  const partId = useId();
  const hintId = useId();
  const errorId = useId();
  const nothingId = useId();

  const partMinor = parseMajor(partText, currency);
  const choice = payChoice(lines, selected, mode, partMinor, policy);
  const minimum = minimumPartOf(choice.lines, policy);
  const busy = state !== 'idle';

  let problem: string | null = null;
  if (choice.lines.length > 0 && choice.refusal) {
    if (mode === 'part' && partText.trim() === '') problem = null;
    else if (mode === 'part' && partMinor === null) problem = t('pay.partInvalid');
    else if (choice.refusal === 'below-minimum' && choice.shortLine) {
      // A line owing less than the school's minimum can only be paid whole.
      const { line, amountMinor, minimumMinor } = choice.shortLine;
      problem = t(
        minimumMinor < policy.minimumPartialMinor ? 'pay.belowMinimumWholeLine' : 'pay.belowMinimumLine',
        {
          line: `${localName(line, lng)} (${t('lines.term', { term: formatNumber(line.term, lng) })})`,
          amount: money(amountMinor),
          owed: money(line.outstandingMinor),
          minimum: money(policy.minimumPartialMinor),
        },
      );
    } else if (choice.refusal === 'more-than-outstanding')
      problem = t('pay.moreThanOwed', { owed: money(choice.owedMinor) });
    else if (choice.refusal === 'partial-not-allowed') problem = t('messages:F002');
    else problem = t('pay.partInvalid');
  }

  const pay = () => {
    if (choice.refusal) return;
    void start({ kind: 'fees', items: choice.items });
  };

  return (
    <section
      aria-labelledby="pay-title"
      className="space-y-4 rounded-3xl border border-purple-200 bg-white p-5 shadow-sm dark:border-purple-900 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id="pay-title"
          tabIndex={-1}
          className="scroll-mt-24 text-lg font-semibold text-slate-900 outline-none dark:text-white"
        >
          {t('pay.title')}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={onSelectAll} disabled={busy}>
            {t('pay.selectAll')}
          </Button>
          {/* aria-disabled: pressing it empties the choice, and focus must stay on it. */}
          <Button variant="ghost" onClick={onClear} aria-disabled={busy || selected.size === 0}>
            {t('pay.clear')}
          </Button>
        </div>
      </div>

      {choice.lines.length === 0 ? (
        <p id={nothingId} className="text-sm text-slate-600 dark:text-slate-300">
          {t('pay.nothingChosen')}
        </p>
      ) : (
        <>
          {policy.allowsPartialPayment ? (
            <fieldset className="space-y-3">
              <legend className="text-sm font-semibold text-slate-900 dark:text-white">
                {t('pay.howMuch')}
              </legend>
              <div className="flex flex-wrap gap-x-6 gap-y-2">
                {(['full', 'part'] as const).map((value) => (
                  <label
                    key={value}
                    className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800 dark:text-slate-100"
                  >
                    <input
                      type="radio"
                      name="pay-mode"
                      value={value}
                      checked={mode === value}
                      onChange={() => setMode(value)}
                      className="size-5 accent-purple-600 dark:accent-purple-400"
                    />
                    {value === 'full' ? t('pay.full', { amount: money(choice.owedMinor) }) : t('pay.part')}
                  </label>
                ))}
              </div>
              {mode === 'part' ? (
                <div className="space-y-1">
                  <label
                    htmlFor={partId}
                    className="block text-sm font-medium text-slate-800 dark:text-slate-100"
                  >
                    {t('pay.partAmount', { currency: currencyLabel(currency, lng) })}
                  </label>
                  <input
                    id={partId}
                    inputMode="decimal"
                    autoComplete="off"
                    value={partText}
                    onChange={(event) => setPartText(event.target.value)}
                    aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
                    aria-invalid={problem ? true : undefined}
                    className={cx(
                      'min-h-11 w-full max-w-xs rounded-xl border border-slate-300 bg-white px-3 text-slate-900 tabular-nums dark:border-slate-600 dark:bg-slate-800 dark:text-white',
                      focusRing,
                    )}
                  />
                  <p id={hintId} className="text-sm text-slate-600 dark:text-slate-300">
                    {t(policy.minimumPartialMinor > 0 ? 'pay.minimumPerLine' : 'pay.minimum', {
                      minimum: money(minimum),
                      owed: money(choice.owedMinor),
                      lineMinimum: money(policy.minimumPartialMinor),
                    })}
                  </p>
                </div>
              ) : null}
            </fieldset>
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-300">{t('pay.wholeLinesOnly')}</p>
          )}

          <div className="rounded-2xl bg-slate-50 p-4 dark:bg-slate-800/60">
            <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{t('pay.chosen')}</h3>
            <ul className="mt-2 space-y-1 text-sm">
              {choice.lines.map((line) => {
                const paying = choice.items.find((item) => item.feeItemId === line.id)?.amountMinor ?? 0;
                return (
                  <li key={line.id} className="flex items-baseline justify-between gap-4">
                    <span className="text-slate-700 dark:text-slate-200">
                      {localName(line, lng)}{' '}
                      <span className="text-slate-500 dark:text-slate-400">
                        {t('lines.term', { term: formatNumber(line.term, lng) })} · {line.academicYear}
                      </span>
                    </span>
                    <span className="text-slate-900 tabular-nums dark:text-white">{money(paying)}</span>
                  </li>
                );
              })}
            </ul>
            <dl className="mt-4 space-y-1 border-t border-slate-200 pt-3 text-sm dark:border-slate-700">
              <Row label={t('pay.beforeDiscount')} value={money(choice.breakdown.amountMinor)} />
              <Row
                label={t('pay.discounts')}
                value={formatDeduction(choice.breakdown.discountMinor, currency, lng)}
              />
              <Row label={t('pay.vat')} value={money(choice.breakdown.vatMinor)} />
              <Row label={t('pay.linesTotal')} value={money(choice.breakdown.totalMinor)} />
              {choice.breakdown.paidMinor > 0 ? (
                <Row
                  label={t('pay.alreadyPaid')}
                  value={formatDeduction(choice.breakdown.paidMinor, currency, lng)}
                />
              ) : null}
              <Row label={t('pay.serviceCharge')} value={money(0)} />
              <Row label={t('pay.totalNow')} value={money(choice.totalMinor)} strong />
              {choice.remainingMinor > 0 && !choice.refusal ? (
                <Row label={t('pay.remaining')} value={money(choice.remainingMinor)} />
              ) : null}
            </dl>
          </div>

          {problem ? (
            <p id={errorId} role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
              {problem}
            </p>
          ) : null}
        </>
      )}

      {failure ? <FailureAlert failure={failure} /> : null}
      {state === 'leaving' ? <StatusNotice>{t('pay.leaving')}</StatusNotice> : null}

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-300">
          <Lock aria-hidden="true" className="size-4 shrink-0" />
          {t('pay.secure')}
        </p>
        <PayBar>
          <p className="min-w-0 sm:hidden">
            <span className="block text-xs text-slate-600 dark:text-slate-300">{t('pay.totalNow')}</span>
            <span className="block font-bold text-slate-900 tabular-nums dark:text-white">
              {money(choice.refusal ? 0 : choice.totalMinor)}
            </span>
          </p>
          {/* Unusable while nothing valid is chosen; while leaving for the provider it keeps focus. */}
          <Button
            onClick={pay}
            disabled={!busy && choice.refusal !== null}
            aria-disabled={busy || undefined}
            aria-busy={busy}
            aria-describedby={choice.lines.length === 0 ? nothingId : problem ? errorId : undefined}
            className="shrink-0 whitespace-nowrap sm:min-w-56"
          >
            {busy ? <Spinner /> : null}
            {choice.lines.length === 0 || choice.refusal
              ? t('pay.payButtonIdle')
              : t('pay.payButton', { amount: money(choice.totalMinor) })}
          </Button>
        </PayBar>
      </div>
    </section>
  );
}
