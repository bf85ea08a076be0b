import type { ButtonHTMLAttributes, MouseEvent } from 'react';
import { cx } from '../../lib/class-names.ts';

type TVariant = 'primary' | 'secondary' | 'ghost';

/**
 * A button that cannot be used now (`disabled`, or `aria-disabled` where it keeps focus) is grey
 * in every variant and theme: it never looks like one that can be pressed, and its label stays
 * readable. Hover and press colours apply only to a usable button.
 */
const unavailable =
  'disabled:cursor-not-allowed aria-disabled:cursor-not-allowed disabled:text-slate-500 aria-disabled:text-slate-500 disabled:shadow-none aria-disabled:shadow-none dark:disabled:text-slate-400 dark:aria-disabled:text-slate-400';
const greyed =
  'disabled:border-slate-200 aria-disabled:border-slate-200 disabled:bg-slate-100 aria-disabled:bg-slate-100 dark:disabled:border-slate-700 dark:aria-disabled:border-slate-700 dark:disabled:bg-slate-800 dark:aria-disabled:bg-slate-800';

const variants: Record<TVariant, string> = {
  primary: cx(
    'bg-purple-600 text-white shadow-sm enabled:not-aria-disabled:hover:bg-purple-700 enabled:not-aria-disabled:active:bg-purple-800',
    greyed,
  ),
  secondary: cx(
    'border border-slate-300 bg-white text-slate-800 shadow-sm enabled:not-aria-disabled:hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:enabled:not-aria-disabled:hover:bg-slate-700',
    greyed,
  ),
  ghost:
    'text-slate-700 enabled:not-aria-disabled:hover:bg-slate-100 dark:text-slate-200 dark:enabled:not-aria-disabled:hover:bg-slate-800',
};

/** The focus ring every interactive element shares: visible on both themes. */
export const focusRing =
  'outline-none focus-visible:ring-2 focus-visible:ring-purple-600 focus-visible:ring-offset-2 focus-visible:ring-offset-white dark:focus-visible:ring-purple-400 dark:focus-visible:ring-offset-slate-900';

interface TButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: TVariant;
}

/**
 * A button with the portal's variants; at least 44 px tall for touch. With `aria-disabled` it
 * stays focusable (focus is not lost when it becomes unavailable under the pointer or the
 * keyboard) but does nothing when pressed.
 */
export function Button({ variant = 'primary', className, type = 'button', onClick, ...props }: TButtonProps) {
  const unusable = props['aria-disabled'] === true || props['aria-disabled'] === 'true';
  const press = (event: MouseEvent<HTMLButtonElement>) => {
    if (unusable) event.preventDefault();
    else onClick?.(event);
  };
  return (
    <button
      type={type}
      className={cx(
        'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-4 text-sm font-semibold transition-colors',
        focusRing,
        variants[variant],
        unavailable,
        className,
      )}
      onClick={press}
      {...props}
    />
  );
}

/** A link that looks like the primary button: a page's one way on. */
export const primaryLink = cx(
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl bg-purple-600 px-5 text-sm font-semibold text-white hover:bg-purple-700',
  focusRing,
);

/** An inline text link in the portal's colour, with a focus ring and an underline on hover. */
export const textLink =
  'rounded font-semibold text-purple-700 underline-offset-4 hover:underline dark:text-purple-300 ' +
  focusRing;
