import { useTranslation } from 'react-i18next';
import { CircleCheck, Clock, Send, TriangleAlert, type LucideIcon } from 'lucide-react';
import type { TAssignmentState } from '@portal/contracts/families/results';
import { cx } from '../../../lib/class-names.ts';

/** How each state of an assignment shows: an icon and a colour, always beside its word. */
const stateLook: Record<TAssignmentState, { icon: LucideIcon; chip: string }> = {
  due: {
    icon: Clock,
    chip: 'bg-sky-50 text-sky-800 ring-sky-200 dark:bg-sky-950/50 dark:text-sky-200 dark:ring-sky-800',
  },
  late: {
    icon: TriangleAlert,
    chip: 'bg-amber-50 text-amber-900 ring-amber-300 dark:bg-amber-950/50 dark:text-amber-200 dark:ring-amber-700',
  },
  handedIn: {
    icon: Send,
    chip: 'bg-violet-50 text-violet-800 ring-violet-200 dark:bg-violet-950/50 dark:text-violet-200 dark:ring-violet-800',
  },
  graded: {
    icon: CircleCheck,
    chip: 'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-950/50 dark:text-emerald-200 dark:ring-emerald-800',
  },
};

/** An assignment's state for the child as a chip: colour, icon and word (never colour alone). */
export function AssignmentStateChip({ state }: { state: TAssignmentState }) {
  const { t } = useTranslation('results');
  const { icon: Icon, chip } = stateLook[state];
  return (
    <span
      data-state={state}
      className={cx(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        chip,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5 shrink-0" />
      {t(`assignments.state.${state}`)}
    </span>
  );
}
