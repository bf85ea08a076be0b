import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/class-names.ts';

/** A grey block standing in for content that is on its way. */
export function Bone({ className }: { className?: string }) {
  return (
    <span aria-hidden="true" className={cx('block rounded-lg bg-slate-200 dark:bg-slate-700', className)} />
  );
}

/**
 * The shape of what loads, pulsing (still when less motion is asked for), announced once as
 * loading.
 */
export function Skeleton({ children, className }: { children: ReactNode; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <div
      role="status"
      aria-live="polite"
      className={cx('animate-pulse motion-reduce:animate-none', className)}
    >
      <span className="sr-only">{t('loading')}</span>
      {children}
    </div>
  );
}
