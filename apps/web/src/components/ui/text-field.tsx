import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cx } from '../../lib/class-names.ts';

interface TTextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | undefined;
  /** Something placed inside the field at its end, e.g. a show-password button. */
  endAdornment?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input whose error is tied to it with `aria-describedby` and `aria-invalid`. */
export function TextField({
  label,
  error,
  endAdornment,
  className,
  ref,
  'aria-describedby': describedBy,
  ...props
}: TTextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  // The error first, then any hint the caller ties to the field.
  const description = [error ? errorId : undefined, describedBy].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          ref={ref}
          aria-invalid={error ? true : undefined}
          aria-describedby={description || undefined}
          className={cx(
            'block min-h-12 w-full rounded-xl border bg-white px-3.5 text-base text-slate-900 shadow-sm transition-colors placeholder:text-slate-400 disabled:cursor-not-allowed disabled:bg-slate-100 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500 dark:disabled:bg-slate-800',
            'outline-none focus:border-purple-600 focus:ring-2 focus:ring-purple-600/30 dark:focus:border-purple-400 dark:focus:ring-purple-400/30',
            error ? 'border-red-500 dark:border-red-400' : 'border-slate-300 dark:border-slate-600',
            endAdornment ? 'pe-12' : undefined,
          )}
          {...props}
        />
        {endAdornment ? (
          <div className="absolute inset-y-0 end-0 flex items-center pe-1">{endAdornment}</div>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
