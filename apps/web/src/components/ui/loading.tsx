import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/class-names.ts';

/** The placeholder shown while a view loads: announced politely, with a translated label. */
export function Loading({ fullScreen = true }: { fullScreen?: boolean }) {
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <div
      role="status"
      aria-live="polite"
      className={cx(
        'flex items-center justify-center gap-3 text-slate-600 dark:text-slate-300',
        fullScreen ? 'min-h-dvh' : 'py-16',
      )}
    >
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-2 border-purple-200 border-t-purple-600 motion-reduce:animate-none dark:border-purple-900 dark:border-t-purple-400"
      />
      <span className="text-sm font-medium">{t('loading')}</span>
    </div>
  );
}
