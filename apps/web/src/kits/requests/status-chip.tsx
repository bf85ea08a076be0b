import { useTranslation } from 'react-i18next';
import { Ban, CircleCheck, CircleX, Hourglass, PencilLine, Send, type LucideIcon } from 'lucide-react';
import type { TRequestStatus } from '@portal/contracts/kits/requests';
import { cx } from '../../lib/class-names.ts';

/** How each state of a request shows: an icon and a colour, always beside its word. */
export const requestStatusLook: Record<TRequestStatus, { icon: LucideIcon; chip: string }> = {
  draft: {
    icon: PencilLine,
    chip: 'bg-slate-100 text-slate-700 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600',
  },
  submitted: {
    icon: Send,
    chip: 'bg-sky-50 text-sky-800 ring-sky-200 dark:bg-sky-950/50 dark:text-sky-200 dark:ring-sky-800',
  },
  in_review: {
    icon: Hourglass,
    chip: 'bg-amber-50 text-amber-900 ring-amber-200 dark:bg-amber-950/50 dark:text-amber-200 dark:ring-amber-800',
  },
  approved: {
    icon: CircleCheck,
    chip: 'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-950/50 dark:text-emerald-200 dark:ring-emerald-800',
  },
  rejected: {
    icon: CircleX,
    chip: 'bg-red-50 text-red-800 ring-red-200 dark:bg-red-950/50 dark:text-red-200 dark:ring-red-800',
  },
  cancelled: {
    icon: Ban,
    chip: 'bg-slate-50 text-slate-600 ring-slate-200 dark:bg-slate-900 dark:text-slate-400 dark:ring-slate-700',
  },
};

/** A request's state as a chip: colour, icon and word (never colour alone). */
export function RequestStatusChip({
  status,
  className,
  label,
}: {
  status: TRequestStatus;
  className?: string;
  /** A kind's own word for the state (a resolved ticket), instead of the shared one. */
  label?: string | undefined;
}) {
  const { t } = useTranslation('kits');
  const { icon: Icon, chip } = requestStatusLook[status];
  return (
    <span
      data-status={status}
      className={cx(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        chip,
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5 shrink-0" />
      {label ?? t(`requests.status.${status}`)}
    </span>
  );
}
