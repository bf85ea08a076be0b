import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarPlus, Copy, RefreshCw, Rss } from 'lucide-react';
import { FailureAlert } from '../../../components/module/failure-alert.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { StatusNotice } from '../../../components/ui/alert.tsx';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toApiFailure } from '../../../lib/api-error.ts';
import { cx } from '../../../lib/class-names.ts';
import { useGetCalendarFeedQuery, useRotateCalendarFeedMutation } from '../api.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';

/** The feed's full address: the server gives a path from `/` when it does not know its public address. */
export function absoluteFeedUrl(url: string, origin: string = window.location.origin): string {
  return url === '' ? '' : new URL(url, origin).href;
}

/** A feed address as calendar apps open it from a link. */
export function webcalOf(url: string): string {
  return url.replace(/^https?:\/\//i, 'webcal://');
}

type TNotice = 'copied' | 'copyFailed' | 'rotated' | null;

/**
 * "Subscribe": the parent's personal iCalendar address, to copy or open in a calendar app, and
 * a new address on request (after a confirmation: the old one stops working).
 */
export function CalendarFeed() {
  const { t } = useTranslation('schedule');
  const query = useGetCalendarFeedQuery();
  const [rotate, rotation] = useRotateCalendarFeedMutation();
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<TNotice>(null);
  const field = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const hintId = useId();
  const url = absoluteFeedUrl(query.data?.url ?? '');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setNotice('copied');
    } catch {
      field.current?.select();
      setNotice('copyFailed');
    }
  };
  const makeNew = async () => {
    setConfirming(false);
    const answer = await rotate();
    if (!('error' in answer)) setNotice('rotated');
  };

  return (
    <section
      aria-labelledby="feed-title"
      className="space-y-4 rounded-3xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2
        id="feed-title"
        className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white"
      >
        <Rss aria-hidden="true" className="size-5 text-purple-700 dark:text-purple-300" />
        {t('feed.title')}
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('feed.intro')}</p>
      {!query.data ? (
        query.error ? (
          <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Skeleton className="space-y-3">
            <Bone className="h-11 w-full" />
            <div className="flex gap-2">
              <Bone className="h-11 w-28" />
              <Bone className="h-11 w-40" />
            </div>
          </Skeleton>
        )
      ) : (
        <>
          <div className="space-y-1">
            <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800 dark:text-slate-100">
              {t('feed.address')}
            </label>
            <input
              ref={field}
              id={fieldId}
              readOnly
              dir="ltr"
              value={url}
              aria-describedby={hintId}
              onFocus={(event) => event.currentTarget.select()}
              className={cx(
                'min-h-11 w-full rounded-xl border border-slate-300 bg-slate-50 px-3 font-mono text-xs text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-white',
                focusRing,
              )}
            />
            <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
              {t('feed.private')}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => void copy()}>
              <Copy aria-hidden="true" className="size-4" />
              {t('feed.copy')}
            </Button>
            <a
              href={webcalOf(url)}
              className={cx(
                'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl bg-purple-600 px-4 text-sm font-semibold text-white hover:bg-purple-700',
                focusRing,
              )}
            >
              <CalendarPlus aria-hidden="true" className="size-4" />
              {t('feed.open')}
            </a>
            <Button
              variant="ghost"
              onClick={() => setConfirming(true)}
              aria-disabled={rotation.isLoading}
              aria-busy={rotation.isLoading}
            >
              {rotation.isLoading ? (
                <Spinner className="border-purple-200 border-t-purple-600 dark:border-purple-900 dark:border-t-purple-300" />
              ) : (
                <RefreshCw aria-hidden="true" className="size-4" />
              )}
              {t('feed.rotate')}
            </Button>
          </div>
          <div aria-live="polite">
            {notice ? (
              <StatusNotice tone={notice === 'copyFailed' ? 'info' : 'success'}>
                {t(`feed.${notice}`)}
              </StatusNotice>
            ) : null}
          </div>
          {rotation.error ? <FailureAlert failure={toApiFailure(rotation.error)} /> : null}
        </>
      )}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('feed.confirmTitle')}
        icon={<RefreshCw aria-hidden="true" className="size-5" />}
        actions={
          <>
            <Button onClick={() => void makeNew()}>{t('feed.confirm')}</Button>
            <Button variant="secondary" data-autofocus onClick={() => setConfirming(false)}>
              {t('feed.cancel')}
            </Button>
          </>
        }
      >
        <p>{t('feed.confirmBody')}</p>
      </Dialog>
    </section>
  );
}
