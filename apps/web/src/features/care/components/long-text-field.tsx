import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../lib/class-names.ts';
import { formatNumber } from '../../../lib/numbers.ts';

interface TLongTextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The most characters the server takes; the counter turns red past it. */
  max: number;
  /** Why the text cannot be sent as it is; tied to the field. */
  error?: string | null;
  /** What the parent should know before writing, under the label. */
  hint?: string;
  rows?: number;
}

/**
 * A parent's text (a comment, a request): a labelled textarea written in whatever direction the
 * parent types (`dir="auto"`), with a counter of the characters used out of the most allowed.
 */
export function LongTextField({ label, value, onChange, max, error, hint, rows = 4 }: TLongTextFieldProps) {
  const { t, i18n } = useTranslation('care');
  const id = useId();
  const over = value.length > max;
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null, `${id}-count`]
    .filter(Boolean)
    .join(' ');
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mb-1.5 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <textarea
        id={id}
        dir="auto"
        rows={rows}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={described}
        className={cx(
          'block w-full rounded-xl border bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm dark:bg-slate-900 dark:text-slate-100',
          'outline-none focus:border-purple-600 focus:ring-2 focus:ring-purple-600/30 dark:focus:border-purple-400 dark:focus:ring-purple-400/30',
          error || over ? 'border-red-500 dark:border-red-400' : 'border-slate-300 dark:border-slate-600',
        )}
      />
      <div className="mt-1.5 flex flex-wrap items-start justify-between gap-2 text-xs">
        {error ? (
          <p id={`${id}-error`} className="text-red-700 dark:text-red-300">
            {error}
          </p>
        ) : (
          <span />
        )}
        <p
          id={`${id}-count`}
          className={cx(
            'ms-auto tabular-nums',
            over ? 'font-semibold text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-400',
          )}
        >
          {t('form.counter', {
            used: formatNumber(value.length, i18n.language),
            max: formatNumber(max, i18n.language),
          })}
        </p>
      </div>
    </div>
  );
}

/**
 * Why a parent's text cannot be sent as it is, in the page's language; null when it can.
 * `required` text must hold more than spaces; no text may pass `max` characters.
 */
export function useTextProblem() {
  const { t, i18n } = useTranslation('care');
  return (value: string, max: number, required = true): string | null => {
    const text = value.trim();
    if (required && text === '') return t('form.required');
    if (text.length > max) {
      return t('form.tooLong', {
        max: formatNumber(max, i18n.language),
        over: formatNumber(text.length - max, i18n.language),
      });
    }
    return null;
  };
}
