import { useTranslation } from 'react-i18next';
import { UserRound } from 'lucide-react';
import { cx } from '../../../lib/class-names.ts';

/** The child a thread is about, as a chip; read out as "Child: <name>". */
export function ChildChip({ name, className }: { name: string; className?: string }) {
  const { t } = useTranslation('communication');
  return (
    <span
      className={cx(
        'inline-flex max-w-full items-center gap-1 rounded-full bg-cyan-50 px-2 py-0.5 text-xs font-semibold text-cyan-900 ring-1 ring-cyan-200 ring-inset dark:bg-cyan-950/50 dark:text-cyan-100 dark:ring-cyan-800',
        className,
      )}
    >
      <UserRound aria-hidden="true" className="size-3.5 shrink-0" />
      <span className="sr-only">{t('child')} </span>
      <bdi className="truncate">{name}</bdi>
    </span>
  );
}
