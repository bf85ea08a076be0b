import type { SerializedError } from '@reduxjs/toolkit';
import { useTranslation } from 'react-i18next';
import type { TApiError } from '../../lib/api.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { cx } from '../../lib/class-names.ts';
import { Button } from '../ui/button.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { FailureAlert } from './failure-alert.tsx';

/** What an infinite query (RTK Query) tells about the next page of a cursor-paged list. */
export interface TNextPage {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error?: TApiError | SerializedError;
  fetchNextPage: () => unknown;
}

interface TLoadMoreProps {
  query: TNextPage;
  /** The button's words when the list names what it shows ("Show more news"); else "Show more". */
  labels?: { more: string; loading: string };
  /** Around the button or the failure (spacing in the list's pane). */
  className?: string;
}

/**
 * "Show more" under a list paged by cursor: busy while the page comes (asking once), gone when
 * there is none; when the page could not be had, why, with a way to try again.
 */
export function LoadMore({ query, labels, className }: TLoadMoreProps) {
  const { t } = useTranslation('module');
  const loading = query.isFetchingNextPage;
  const more = () => {
    if (!loading) void query.fetchNextPage();
  };
  if (query.isFetchNextPageError && !loading) {
    return (
      <div className={className}>
        <FailureAlert
          failure={toApiFailure(query.error)}
          action={
            <Button variant="secondary" onClick={more}>
              {t('tryAgain')}
            </Button>
          }
        />
      </div>
    );
  }
  if (!query.hasNextPage) return null;
  return (
    <div className={cx('flex justify-center', className)}>
      <Button variant="secondary" aria-disabled={loading} aria-busy={loading} onClick={more}>
        {loading ? (
          <Spinner className="border-slate-300 border-t-purple-600 dark:border-slate-600 dark:border-t-purple-300" />
        ) : null}
        {loading ? (labels?.loading ?? t('loadingMore')) : (labels?.more ?? t('showMore'))}
      </Button>
    </div>
  );
}
