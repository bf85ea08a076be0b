import { ChevronLeft, ChevronRight } from 'lucide-react';
import { focusRing } from '../../components/ui/button.tsx';
import { cx } from '../../lib/class-names.ts';

interface TPeriodNavProps {
  /** The period shown ("March 2026", "2–6 March 2026"), announced when it changes. */
  title: string;
  previousLabel: string;
  nextLabel: string;
  onPrevious: () => void;
  onNext: () => void;
  /** The heading level of the title within the page. */
  level?: 'h2' | 'h3';
}

const arrowButton = cx(
  'inline-flex size-11 shrink-0 items-center justify-center rounded-xl border border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
  'dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700',
  focusRing,
);

/**
 * The period a calendar shows (a month, a week, a fortnight) between its previous and next
 * buttons; the arrows point back and forward in the reading direction, so they swap in RTL.
 */
export function PeriodNav({
  title,
  previousLabel,
  nextLabel,
  onPrevious,
  onNext,
  level = 'h2',
}: TPeriodNavProps) {
  const Heading = level;
  return (
    <div className="flex items-center justify-between gap-3">
      <button
        type="button"
        className={arrowButton}
        onClick={onPrevious}
        aria-label={previousLabel}
        title={previousLabel}
      >
        <ChevronLeft aria-hidden="true" className="size-5 rtl:-scale-x-100" />
      </button>
      <Heading
        aria-live="polite"
        className="min-w-0 flex-1 text-center text-lg font-semibold text-slate-900 tabular-nums dark:text-white"
      >
        {title}
      </Heading>
      <button type="button" className={arrowButton} onClick={onNext} aria-label={nextLabel} title={nextLabel}>
        <ChevronRight aria-hidden="true" className="size-5 rtl:-scale-x-100" />
      </button>
    </div>
  );
}
