import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/class-names.ts';
import { formatNumber } from '../../lib/numbers.ts';

interface TLongTextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The most characters the server takes (after trimming); the counter turns red past it. */
  max: number;
  /** Why the text cannot be sent as it is; tied to the field. */
  error?: string | null;
  /** What the parent should know before writing, under the label. */
  hint?: string;
  rows?: number;
  ref?: Ref<HTMLTextAreaElement>;
}

/**
 * What a parent writes to the school (a message, a comment, a request): a labelled textarea in
 * whatever direction the parent types (`dir="auto"`), with a counter of the characters used out
 * of the most allowed; the error, the hint and the counter are tied to the field.
 */
export function LongTextField({
  label,
  value,
  onChange,
  max,
  error,
  hint,
  rows = 4,
  ref,
}: TLongTextFieldProps) {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  // The server trims what it is sent, so the counter counts what it will keep.
  const used = value.trim().length;
  const over = used > max;
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
        ref={ref}
        id={id}
        dir="auto"
        rows={rows}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={described}
        className={cx(
          'block w-full resize-y rounded-xl border bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm dark:bg-slate-900 dark:text-slate-100',
          'outline-none focus:border-purple-600 focus:ring-2 focus:ring-purple-600/30 dark:focus:border-purple-400 dark:focus:ring-purple-400/30',
          error || over ? 'border-red-500 dark:border-red-400' : 'border-slate-300 dark:border-slate-600',
        )}
      />
      <div className="mt-1.5 flex flex-wrap items-start gap-2 text-xs">
        {error ? (
          <p id={`${id}-error`} className="text-red-700 dark:text-red-300">
            {error}
          </p>
        ) : null}
        <p
          id={`${id}-count`}
          className={cx(
            'ms-auto tabular-nums',
            over ? 'font-semibold text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-400',
          )}
        >
          {t('longText.counter', {
            used: formatNumber(used, i18n.language),
            max: formatNumber(max, i18n.language),
          })}
        </p>
      </div>
    </div>
  );
}

/**
 * Why a parent's text cannot be sent as it is, in the page's language; null when it can.
 * `required` text must hold more than spaces; no text may pass `max` characters (the server
 * trims it, so do we).
 */
export function useTextProblem() {
  const { t, i18n } = useTranslation('common');
  return (value: string, max: number, required = true): string | null => {
    const text = value.trim();
    if (required && text === '') return t('longText.required');
    if (text.length > max) {
      return t('longText.tooLong', {
        max: formatNumber(max, i18n.language),
        over: formatNumber(text.length - max, i18n.language),
      });
    }
    return null;
  };
}
