import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TNotification } from '@portal/contracts/kits/inbox';
import { Bone } from '../../components/ui/skeleton.tsx';
import { cx } from '../../lib/class-names.ts';
import { formatDateTime, useTimeZone } from '../../lib/dates.ts';
import { toLanguage } from '../../lib/i18n.ts';

interface TNotificationListProps {
  items: readonly TNotification[];
  /**
   * Opens a notice (marks it read, goes to what it is about). With `asLinks`, the notice's
   * link goes, and this only marks it read.
   */
  onOpen: (item: TNotification) => void;
  /** Each notice with a path is a link to it (a page); else a button (the bell's panel). */
  asLinks?: boolean;
  /** What can be done with a notice beside it ("Mark as read"). */
  renderAction?: (item: TNotification) => ReactNode;
  /** Names the notices' category for the reader (a translated word). */
  categoryLabel: (item: TNotification) => string;
  /** The label for a notice about the whole family rather than one child. */
  familyLabel: string;
  unreadLabel: string;
}

/**
 * Notices as a list: each names its child (or the family), says when it came and whether it
 * is unread, in the reader's language (the school's English when it gave no Arabic, marked so).
 */
export function NotificationList({
  items,
  onOpen,
  categoryLabel,
  familyLabel,
  unreadLabel,
  asLinks = false,
  renderAction,
}: TNotificationListProps) {
  const { i18n } = useTranslation();
  const timeZone = useTimeZone();
  const arabic = toLanguage(i18n.language) === 'ar';
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-800">
      {items.map((item) => {
        const useArabic = arabic && item.titleAr.trim() !== '';
        const unread = item.readAt === null;
        const rowClass = cx(
          'flex min-w-0 flex-1 gap-3 px-4 py-3 text-start',
          unread && 'bg-indigo-50/60 dark:bg-indigo-950/30',
        );
        const interactive =
          'hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none dark:hover:bg-slate-800/60 dark:focus-visible:bg-slate-800/60';
        const content = (
          <>
            <span
              aria-hidden="true"
              className={cx(
                'mt-1.5 size-2 shrink-0 rounded-full',
                unread ? 'bg-indigo-600 dark:bg-indigo-400' : 'bg-transparent',
              )}
            />
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
                <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                  {item.childName ?? familyLabel}
                </span>
                <span>{categoryLabel(item)}</span>
                <span aria-hidden="true">·</span>
                <time dateTime={item.createdAt}>
                  {formatDateTime(item.createdAt, i18n.language, timeZone)}
                </time>
                {unread ? <span className="sr-only">{unreadLabel}</span> : null}
              </span>
              <span
                lang={useArabic || !arabic ? undefined : 'en'}
                className={cx(
                  'mt-1 block text-sm text-slate-900 dark:text-slate-100',
                  unread && 'font-semibold',
                )}
              >
                {useArabic ? item.titleAr : item.title}
              </span>
              <span
                lang={useArabic || !arabic ? undefined : 'en'}
                className="mt-0.5 line-clamp-2 block text-sm text-slate-600 dark:text-slate-300"
              >
                {useArabic ? item.bodyAr : item.body}
              </span>
            </span>
          </>
        );
        const action = renderAction?.(item);
        return (
          <li key={item.id} data-unread={unread} className="flex items-stretch">
            {!asLinks ? (
              <button type="button" onClick={() => onOpen(item)} className={cx(rowClass, interactive)}>
                {content}
              </button>
            ) : item.path ? (
              <Link to={item.path} onClick={() => onOpen(item)} className={cx(rowClass, interactive)}>
                {content}
              </Link>
            ) : (
              <div className={rowClass}>{content}</div>
            )}
            {action ? (
              <div
                className={cx(
                  'flex shrink-0 items-start pe-2 pt-2',
                  unread && 'bg-indigo-50/60 dark:bg-indigo-950/30',
                )}
              >
                {action}
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The notice list's shape while it loads: rows of a chip, a title and a line. */
export function NotificationListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <ul aria-hidden="true" className="divide-y divide-slate-200 dark:divide-slate-800">
      {Array.from({ length: rows }, (_, row) => (
        <li key={row} className="space-y-2 px-4 py-3 ps-9">
          <Bone className="h-3 w-40" />
          <Bone className="h-4 w-56 max-w-full" />
          <Bone className="h-3 w-full" />
        </li>
      ))}
    </ul>
  );
}
