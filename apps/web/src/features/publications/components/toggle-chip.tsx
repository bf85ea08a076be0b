import type { ReactNode } from 'react';
import { Check, X } from 'lucide-react';
import { focusRing } from '../../../components/ui/button.tsx';
import { cx } from '../../../lib/class-names.ts';

/** A filter that is on or off ("Only waiting for me"); on, it shows a tick and a cross that takes it off. */
export function ToggleChip({
  pressed,
  onToggle,
  children,
}: {
  pressed: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onToggle}
      className={cx(
        'inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-semibold transition-colors',
        focusRing,
        pressed
          ? 'border-purple-600 bg-purple-600 text-white hover:bg-purple-700 dark:border-purple-400 dark:bg-purple-600 dark:hover:bg-purple-700'
          : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700',
      )}
    >
      {pressed ? <Check aria-hidden="true" className="size-4 shrink-0" /> : null}
      {children}
      {pressed ? <X aria-hidden="true" className="size-4 shrink-0 opacity-80" /> : null}
    </button>
  );
}
