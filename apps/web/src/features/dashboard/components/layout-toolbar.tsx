import { useTranslation } from 'react-i18next';
import { CircleAlert, CircleCheck, RotateCcw } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { focusRing, textLink } from '../../../components/ui/button.tsx';
import { cx } from '../../../lib/class-names.ts';
import { useOffline } from '../../../lib/offline/connection.ts';
import type { TSaveStatus } from '../use-dashboard-layout.ts';

interface TLayoutToolbarProps {
  status: TSaveStatus;
  onReset: () => void;
  onRetry: () => void;
}

/**
 * How to rearrange the dashboard, whether the layout is saved, and the way back to the default
 * (which is saved too: offline it cannot be used).
 */
export function LayoutToolbar({ status, onReset, onRetry }: TLayoutToolbarProps) {
  const { t } = useTranslation('dashboard');
  const offline = useOffline();
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <p className="min-w-0 flex-1 basis-64 text-sm text-slate-600 dark:text-slate-400">
        {/* The drag handles show from `sm` up; narrower screens are usually touch screens. */}
        <span className="hidden sm:inline">{t('layout.hint')}</span>
        <span className="sm:hidden">{t('layout.hintArrows')}</span>
      </p>
      <div className="ms-auto flex items-center gap-3">
        <p role="status" className="flex min-h-5 items-center gap-1.5 text-sm font-medium">
          {status === 'saving' ? (
            <>
              <Spinner className="border-slate-300 border-t-purple-600 dark:border-slate-600 dark:border-t-purple-400" />
              <span className="text-slate-600 dark:text-slate-300">{t('layout.saving')}</span>
            </>
          ) : null}
          {status === 'saved' ? (
            <>
              <CircleCheck aria-hidden="true" className="size-4 text-emerald-600 dark:text-emerald-400" />
              <span className="text-emerald-700 dark:text-emerald-300">{t('layout.saved')}</span>
            </>
          ) : null}
          {status === 'error' ? (
            <>
              <CircleAlert aria-hidden="true" className="size-4 text-red-600 dark:text-red-400" />
              <span className="text-red-700 dark:text-red-300">{t('layout.saveFailed')}</span>
            </>
          ) : null}
        </p>
        {status === 'error' ? (
          <button
            type="button"
            disabled={offline}
            onClick={onRetry}
            className={cx('text-sm disabled:cursor-not-allowed disabled:opacity-50', textLink)}
          >
            {t('layout.retry')}
          </button>
        ) : null}
        <button
          type="button"
          disabled={offline}
          onClick={onReset}
          className={cx(
            'inline-flex min-h-11 items-center gap-2 rounded-xl px-3 text-sm font-semibold text-slate-700 transition-colors enabled:hover:bg-slate-200/60 disabled:cursor-not-allowed disabled:opacity-50 dark:text-slate-200 dark:enabled:hover:bg-slate-800',
            focusRing,
          )}
        >
          <RotateCcw aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          {t('layout.reset')}
        </button>
      </div>
    </div>
  );
}
