import type { ButtonHTMLAttributes } from 'react';
import { cx } from '../../lib/class-names.ts';

type TVariant = 'primary' | 'secondary' | 'ghost';

const variants: Record<TVariant, string> = {
  primary:
    'bg-purple-600 text-white shadow-sm hover:bg-purple-700 active:bg-purple-800 disabled:bg-purple-600/50 disabled:text-white/90',
  secondary:
    'border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700',
  ghost: 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
};

/** The focus ring every interactive element shares: visible on both themes. */
export const focusRing =
  'outline-none focus-visible:ring-2 focus-visible:ring-purple-600 focus-visible:ring-offset-2 focus-visible:ring-offset-white dark:focus-visible:ring-purple-400 dark:focus-visible:ring-offset-slate-900';

interface TButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: TVariant;
}

/** A button with the portal's variants; at least 44 px tall for touch. */
export function Button({ variant = 'primary', className, type = 'button', ...props }: TButtonProps) {
  return (
    <button
      type={type}
      className={cx(
        'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-4 text-sm font-semibold transition-colors disabled:cursor-not-allowed',
        focusRing,
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}

/** An inline text link in the portal's colour, with a focus ring and an underline on hover. */
export const textLink =
  'rounded font-semibold text-purple-700 underline-offset-4 hover:underline dark:text-purple-300 ' +
  focusRing;
