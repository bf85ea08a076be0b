import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Skeleton } from '../ui/skeleton.tsx';
import { LoadMore, type TNextPage } from './load-more.tsx';
import { QueryState } from './query-state.tsx';

/** What an infinite query (RTK Query) tells about its first page and the next. */
interface TPagedQuery extends TNextPage {
  isError: boolean;
  refetch: () => unknown;
}

interface TPagedListBodyProps {
  query: TPagedQuery;
  /** Whether the first page is in; until then the skeleton, or why it failed. */
  loaded: boolean;
  /** The list's shape while its first page comes. */
  skeleton: ReactNode;
  /** Given when the list has nothing: its icon, and what will appear here and when. */
  empty?: { icon: LucideIcon; text: string };
  /** The list. */
  children: ReactNode;
}

/**
 * The body of a pane listing a cursor-paged list (threads, mails, notices): its skeleton while
 * the first page comes, why it failed with a way to try again, what will appear when it has
 * nothing, else the list with "Show more" under it.
 */
export function PagedListBody({ query, loaded, skeleton, empty, children }: TPagedListBodyProps) {
  if (!loaded) {
    return query.isError ? (
      <div className="p-4">
        <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />
      </div>
    ) : (
      <Skeleton>{skeleton}</Skeleton>
    );
  }
  if (empty) {
    const Icon = empty.icon;
    return (
      <div className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <Icon aria-hidden="true" className="size-8 text-slate-400" />
        <p className="max-w-md text-sm text-slate-700 dark:text-slate-200">{empty.text}</p>
      </div>
    );
  }
  return (
    <>
      {children}
      <LoadMore query={query} className="p-4" />
    </>
  );
}
