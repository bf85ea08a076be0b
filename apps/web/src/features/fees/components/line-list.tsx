import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/numbers.ts';
import { formatMoney, localName } from '../../../lib/money-format.ts';

interface TListedLine {
  nameEn: string;
  nameAr: string;
  totalMinor: number;
  quantity?: number;
  unitMinor?: number;
  vatMinor?: number;
}

/** The lines of an invoice behind a disclosure, so a table row stays one line high. */
export function LineList({
  lines,
  currency,
  label,
}: {
  lines: readonly TListedLine[];
  currency: string;
  label: string;
}) {
  const { t, i18n } = useTranslation('fees');
  const lng = i18n.language;
  const money = (minor: number) => formatMoney(minor, currency, lng);
  return (
    <details className="group min-w-48">
      <summary className="cursor-pointer rounded text-sm font-semibold text-purple-700 focus-visible:ring-2 focus-visible:ring-purple-600 focus-visible:outline-none dark:text-purple-300">
        {label}
      </summary>
      <ul className="mt-2 space-y-1 text-sm">
        {lines.map((line, index) => (
          <li key={index} className="flex items-baseline justify-between gap-4">
            <span>
              {localName(line, lng)}
              {line.quantity !== undefined && line.unitMinor !== undefined ? (
                <span className="text-slate-500 dark:text-slate-400">
                  {' '}
                  {t('invoices.quantity', {
                    quantity: formatNumber(line.quantity, lng),
                    unit: money(line.unitMinor),
                  })}
                </span>
              ) : null}
              {line.vatMinor ? (
                <span className="text-slate-500 dark:text-slate-400">
                  {' '}
                  {t('invoices.vatIncluded', { vat: money(line.vatMinor) })}
                </span>
              ) : null}
            </span>
            <span className="tabular-nums">{money(line.totalMinor)}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
