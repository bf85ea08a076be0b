import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Lock } from 'lucide-react';
import type { TThread } from '@portal/contracts/families/publications';
import { Bone } from '../../../components/ui/skeleton.tsx';
import { cx } from '../../../lib/class-names.ts';
import { useTimeZone } from '../../../lib/dates.ts';
import { formatNumber } from '../../../lib/numbers.ts';
import { ChildChip } from './child-chip.tsx';
import { StaffName } from './staff-name.tsx';
import { formatWhen } from './when.ts';

interface TThreadListProps {
  label: string;
  threads: readonly TThread[];
  /** The thread open beside the list. */
  openId: string | null;
  /** The address that opens a thread (the page's, with `?thread=`). */
  hrefOf: (thread: TThread) => string;
  /** Whether following a thread's link replaces the history entry (another thread was open). */
  replace: boolean;
  /** The parent follows a thread's link. */
  onOpen?: (thread: TThread) => void;
}

/**
 * The parent's threads: each names its child and the staff member, its subject, the start of
 * its last message, when that came, and how many of the school's messages are unread.
 */
export function ThreadList({ label, threads, openId, hrefOf, replace, onOpen }: TThreadListProps) {
  const { t, i18n } = useTranslation('communication');
  const lng = i18n.language;
  const timeZone = useTimeZone();
  return (
    <ul aria-label={label} className="divide-y divide-slate-200 dark:divide-slate-800">
      {threads.map((thread) => {
        const open = thread.id === openId;
        const unread = thread.unread > 0;
        return (
          <li key={thread.id}>
            <Link
              to={hrefOf(thread)}
              data-thread={thread.id}
              onClick={() => onOpen?.(thread)}
              replace={replace}
              aria-current={open ? 'true' : undefined}
              className={cx(
                'block space-y-1 px-4 py-3 outline-none hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:ring-2 focus-visible:ring-purple-600 focus-visible:ring-inset dark:hover:bg-slate-800/60 dark:focus-visible:bg-slate-800/60 dark:focus-visible:ring-purple-400',
                open && 'bg-purple-50 hover:bg-purple-50 dark:bg-purple-950/40 dark:hover:bg-purple-950/40',
              )}
            >
              <span className="flex items-start gap-2">
                <StaffName staff={thread.staff} className="min-w-0 flex-1" />
                <time
                  dateTime={thread.lastMessageAt}
                  className="shrink-0 text-xs text-slate-600 tabular-nums dark:text-slate-400"
                >
                  {formatWhen(thread.lastMessageAt, lng, timeZone)}
                </time>
              </span>
              <span
                dir="auto"
                className={cx(
                  'block truncate text-sm text-slate-900 dark:text-slate-100',
                  unread ? 'font-semibold' : 'font-medium',
                )}
              >
                {thread.subject}
              </span>
              <span dir="auto" className="line-clamp-2 block text-sm text-slate-600 dark:text-slate-300">
                {thread.preview}
              </span>
              <span className="flex flex-wrap items-center gap-2 pt-0.5">
                <ChildChip name={thread.childName} />
                {thread.status === 'closed' ? (
                  <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                    <Lock aria-hidden="true" className="size-3" />
                    {t('list.closed')}
                  </span>
                ) : null}
                {unread ? (
                  <span
                    data-testid="unread"
                    className="ms-auto rounded-full bg-purple-600 px-2 py-0.5 text-xs font-bold text-white tabular-nums"
                  >
                    <span aria-hidden="true">{formatNumber(thread.unread, lng)}</span>
                    <span className="sr-only">
                      {t('list.unread', { count: thread.unread, number: formatNumber(thread.unread, lng) })}
                    </span>
                  </span>
                ) : null}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The thread list's shape while its first page loads. */
export function ThreadListSkeleton() {
  return (
    <ul aria-hidden="true" className="divide-y divide-slate-200 dark:divide-slate-800">
      {[0, 1, 2, 3].map((row) => (
        <li key={row} className="space-y-2 px-4 py-3">
          <span className="flex justify-between gap-2">
            <Bone className="h-4 w-36" />
            <Bone className="h-3 w-12" />
          </span>
          <Bone className="h-3 w-24" />
          <Bone className="h-4 w-48" />
          <Bone className="h-3 w-full" />
          <Bone className="h-5 w-24 rounded-full" />
        </li>
      ))}
    </ul>
  );
}
